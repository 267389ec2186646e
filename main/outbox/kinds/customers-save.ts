import { z } from 'zod';
import { CustomerDraft, RelationDraft, type SaveReport } from '../../../preload/contract';
import type { ServiceClient } from '../../api';
import type { SaveCustomersRequest } from '../../api/request-types';
import { WireSaveResponseSchema } from '../../api/wire/customer';
import { createCacheWriter } from '../../cache/repositories';
import { readCustomersBack, type ReadBack } from '../../customers/customer-read-back';
import { refusedLinesText, reportOfAnswer, savedExternalIds } from '../../customers/save-report';
import { type OutboxKind, quoted } from './kind';

/** Customers and relations to write to the service (POST /customers/save), as the form built them. */
export const CustomersSavePayload = z.object({
  kind: z.literal('customers.save'),
  customers: z.array(CustomerDraft),
  relations: z.array(RelationDraft),
  disable_risk_scan: z.boolean().optional(),
  /** The first customer's name when it was saved: what the outbox calls it. */
  label: z.string().optional(),
});
export type CustomersSavePayload = z.infer<typeof CustomersSavePayload>;
export type CustomersSaveInput = z.input<typeof CustomersSavePayload>;

export interface CustomersSaveOps {
  /** The service's answer; read here as the interface allows any (spec, Errors 5; Gaps). */
  saveCustomers(body: SaveCustomersRequest): Promise<unknown>;
  /** Reads saved customers back into the offline cache (a transport without a cache has none). */
  readCustomersBack?(externalIds: readonly string[]): Promise<ReadBack>;
}

/** What a delivered save answers: the outbox keeps it as the item's result. */
export interface CustomersSaveResult {
  customersSave: {
    status: string | null;
    /** Customers saved and now in the cache as the service holds them. */
    readBack: string[];
    notReadBack: ReadBack['notRead'];
    warnings: number;
    riskScanForced: boolean;
  };
}

function summary(payload: CustomersSavePayload): string {
  const customers = payload.customers.length;
  const relations = payload.relations.length;
  const first = payload.customers[0];
  const who =
    customers === 1 && first
      ? `customer ${payload.label ? `${quoted(payload.label)} (${first.external_id})` : first.external_id}`
      : customers > 0
        ? `${customers} customers`
        : '';
  const links = relations === 1 ? '1 relation' : relations > 1 ? `${relations} relations` : '';
  return `Save ${[who, links].filter(Boolean).join(' and ') || 'nothing'}`;
}

/**
 * The lines the service refused, said so the investigator can act: they were not saved, and
 * sending the same lines again would be refused again.
 */
export class CustomerLinesRefused extends Error {
  override readonly name = 'CustomerLinesRefused';
  constructor(readonly report: SaveReport) {
    const refused = report.lines.filter((line) => line.errors.length > 0).length;
    const saved = report.lines.length - refused;
    super(
      `The service refused ${refused === 1 ? '1 line' : `${refused} lines`}` +
        `${saved > 0 ? ` and saved the other ${saved === 1 ? 'one' : saved}` : ''}. ` +
        `${refusedLinesText(report)}. Correct them on the customer’s page and save again, then ` +
        'discard this change (sent again as it is, it would be refused again).',
    );
  }
}

export const customersSave: OutboxKind<CustomersSavePayload, CustomersSaveOps> = {
  name: 'customers.save',
  payload: CustomersSavePayload,
  label: 'Customer save',
  discardLoss: 'The customer changes will not reach the service.',
  summary,

  operations: (client: ServiceClient, context) => ({
    saveCustomers: (body) => client.customers.save(body),
    readCustomersBack: async (externalIds) =>
      context.cache
        ? readCustomersBack({
            customers: client.customers,
            writer: createCacheWriter(context.cache),
            externalIds,
          })
        : { read: [], notRead: [] },
  }),
  async send(payload, ops): Promise<CustomersSaveResult> {
    const disableRiskScan = payload.disable_risk_scan ?? false;
    const sent = await ops.saveCustomers({
      customers: payload.customers,
      relations: payload.relations,
      disable_risk_scan: disableRiskScan,
      verify_input: false,
    });
    const read = WireSaveResponseSchema.safeParse(sent);
    const answer = read.success ? read.data : null;
    const report = reportOfAnswer(answer, payload, { verify: false, disableRiskScan });
    // What was saved is read back whatever was refused, so every screen shows it now.
    const readBack = (await ops.readCustomersBack?.(savedExternalIds(answer, report))) ?? {
      read: [],
      notRead: [],
    };
    if (report.failed) throw new CustomerLinesRefused(report);
    return {
      customersSave: {
        status: report.status,
        readBack: readBack.read,
        notReadBack: readBack.notRead,
        warnings: report.lines.reduce((n, line) => n + line.warnings.length, 0),
        riskScanForced: report.riskScanForced,
      },
    };
  },
  // A save is an upsert by external id: saving the same lines twice leaves what saving once did.
  afterLostAnswer: { policy: 'send-again' },

  // The saved customers are read back into the cache as the save is delivered.
  cacheTables: ['customers'],
};
