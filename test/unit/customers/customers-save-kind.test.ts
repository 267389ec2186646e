import { describe, expect, it } from 'vitest';
import {
  CustomerLinesRefused,
  customersSave,
  CustomersSavePayload,
  type CustomersSaveOps,
  type CustomersSaveResult,
} from '../../../main/outbox/kinds/customers-save';
import type { SaveCustomersRequest } from '../../../main/api/request-types';

const sending = { id: 'item-1', bodySent: () => undefined };
const payload = CustomersSavePayload.parse({
  kind: 'customers.save',
  customers: [
    { external_id: 'N-1', account_type: 'N', last_name: 'Okafor' },
    { external_id: 'N-2', account_type: 'N', last_name: 'Bad', date_of_birth: '1990-02-30' },
  ],
  relations: [],
  label: 'Okafor',
});

function ops(answer: unknown) {
  const bodies: SaveCustomersRequest[] = [];
  const readBack: string[][] = [];
  const built: CustomersSaveOps = {
    saveCustomers: (body) => {
      bodies.push(body);
      return Promise.resolve(answer);
    },
    readCustomersBack: (ids) => {
      readBack.push([...ids]);
      return Promise.resolve({ read: [...ids], notRead: [] });
    },
  };
  return { built, bodies, readBack };
}

describe('customers.save outbox kind', () => {
  it('takes the contract’s drafts, and refuses a line without an external id', () => {
    expect(payload.customers[0]?.external_id).toBe('N-1');
    expect(
      CustomersSavePayload.safeParse({
        kind: 'customers.save',
        customers: [{ external_id: ' ' }],
        relations: [],
      }).success,
    ).toBe(false);
  });

  it('saves for real, reads the saved customers back, and keeps what the service said', async () => {
    const { built, bodies, readBack } = ops({
      status: 'success',
      added: [
        { external_id: 'N-1', customer_id: '1' },
        { external_id: 'N-2', customer_id: '2' },
      ],
      detail: [{ external_id: 'N-1', errors: [], warnings: [{ error: 'risk_scan_deferred' }] }],
    });
    const result = (await customersSave.send(payload, built, sending)) as CustomersSaveResult;
    expect(bodies[0]).toMatchObject({ verify_input: false, disable_risk_scan: false });
    expect(readBack).toEqual([['N-1', 'N-2']]);
    expect(result.customersSave).toMatchObject({
      status: 'success',
      readBack: ['N-1', 'N-2'],
      warnings: 1,
      riskScanForced: true,
    });
  });

  it('a delivered save with refused lines is held with each line’s problem, the rest read back', async () => {
    const { built, readBack } = ops({
      status: 'partial_success',
      added: [{ external_id: 'N-1', customer_id: '1' }],
      detail: [
        { external_id: 'N-1', errors: [], warnings: [] },
        {
          external_id: 'N-2',
          errors: [{ error: 'invalid_date_of_birth', detail: 'not a real date' }],
          warnings: [],
        },
      ],
    });
    const sent = customersSave.send(payload, built, sending);
    await expect(sent).rejects.toBeInstanceOf(CustomerLinesRefused);
    await expect(sent).rejects.toThrow(
      /refused 1 line and saved the other one\. Customer N-2: invalid_date_of_birth: not a real date/,
    );
    expect(readBack).toEqual([['N-1']]);
  });

  it('survives an answer of no known shape, and a transport with no cache to read into', async () => {
    const result = (await customersSave.send(
      payload,
      { saveCustomers: () => Promise.resolve(null) },
      sending,
    )) as CustomersSaveResult;
    expect(result.customersSave).toMatchObject({ status: null, readBack: [] });
  });

  it('is sent again after a lost answer (a save is an upsert), and names what it saves', () => {
    expect(customersSave.afterLostAnswer.policy).toBe('send-again');
    expect(customersSave.summary(payload)).toBe('Save 2 customers');
    expect(customersSave.summary({ ...payload, customers: payload.customers.slice(0, 1) })).toBe(
      'Save customer “Okafor” (N-1)',
    );
  });
});
