import { z } from 'zod';
import type { ServiceClient } from '../../api';
import type { OutboxKind } from './kind';

/** Customers and relations written to the service as they are sent (the interface's save). */
export const CustomersSavePayload = z.object({
  kind: z.literal('customers.save'),
  customers: z.array(z.record(z.string(), z.unknown())),
  relations: z.array(z.record(z.string(), z.unknown())),
});
export type CustomersSavePayload = z.infer<typeof CustomersSavePayload>;

export interface CustomersSaveOps {
  saveCustomers(body: { customers: unknown[]; relations: unknown[] }): Promise<unknown>;
}

type SaveRequest = Parameters<ServiceClient['customers']['save']>[0];

export const customersSave: OutboxKind<CustomersSavePayload, CustomersSaveOps> = {
  name: 'customers.save',
  payload: CustomersSavePayload,
  label: 'Customer save',
  discardLoss: 'The customer changes will not reach the service.',
  summary: (payload) => `Save ${payload.customers.length} customer(s)`,

  operations: (client) => ({
    saveCustomers: (body) => client.customers.save(body as SaveRequest),
  }),
  send: (payload, ops) =>
    ops.saveCustomers({ customers: payload.customers, relations: payload.relations }),
  // A save writes each record whole: saving it twice leaves what saving it once did.
  afterLostAnswer: { policy: 'send-again' },

  // The cache does not mirror it: the customers come back with the next sync.
  cacheTables: [],
};
