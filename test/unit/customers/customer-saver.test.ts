import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError, type ServiceErrorKind } from '../../../main/api';
import type { CustomersApi } from '../../../main/api/customers';
import type { SaveCustomersRequest } from '../../../main/api/request-types';
import { WireCustomerDetailSchema } from '../../../main/api/wire/customer';
import { customer360 } from '../../../main/cache/customer-360';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import { createCustomerSaver } from '../../../main/customers/customer-saver';
import { silentLogger } from '../../../main/lib/logger';
import type { CustomersSaveInput } from '../../../main/outbox/kinds/customers-save';
import { makeTempDir } from '../../support/temp-dir';

const failure = (kind: ServiceErrorKind, outcomeUnknown = false) =>
  new ServiceError({
    operation: 'customers.save',
    kind,
    status: kind === 'http' ? 400 : null,
    retryable: false,
    outcomeUnknown,
  });

/** A service that keeps what it is sent, answers as the interface says, and can fail on demand. */
function fakeService() {
  const kept = new Map<string, Record<string, unknown>>();
  const bodies: SaveCustomersRequest[] = [];
  let fail: Error | null = null;
  let getFails = false;
  const customers: Pick<CustomersApi, 'save' | 'get'> = {
    save: (body) => {
      bodies.push(body);
      if (fail) return Promise.reject(fail);
      const detail = (body.customers ?? []).map((customer) => ({
        external_id: customer.external_id,
        errors:
          customer.date_of_birth === 'bad' ? [{ error: 'invalid_date_of_birth', detail: '' }] : [],
        warnings: [],
      }));
      const ok = (body.customers ?? []).filter((c) => c.date_of_birth !== 'bad');
      if (!body.verify_input)
        for (const customer of ok)
          kept.set(customer.external_id, {
            ...customer,
            // The read shape's account type is an object (spec, Customer read shape).
            account_type: { code: customer.account_type ?? 'N' },
            id: `id-${customer.external_id}`,
          });
      return Promise.resolve({
        added: body.verify_input
          ? []
          : ok.map((c) => ({ external_id: c.external_id, customer_id: `id-${c.external_id}` })),
        detail,
        status: body.verify_input ? 'valid' : 'success',
        verify_input: body.verify_input ?? false,
      });
    },
    get: (externalId) => {
      const customer = kept.get(externalId);
      if (getFails || !customer) return Promise.reject(failure('http'));
      return Promise.resolve(WireCustomerDetailSchema.parse({ customer }));
    },
  };
  return {
    customers,
    bodies,
    failWith: (error: Error | null) => {
      fail = error;
    },
    failReads: () => {
      getFails = true;
    },
  };
}

describe('customer saver', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let db: CacheDb;
  let queued: CustomersSaveInput[];
  let changed: string[][];
  beforeEach(() => {
    dir = makeTempDir();
    db = openCache(join(dir.path, 'cache.db'), silentLogger).db;
    queued = [];
    changed = [];
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });

  const saverOver = (service: ReturnType<typeof fakeService>) =>
    createCustomerSaver({
      customers: service.customers,
      writer: createCacheWriter(db),
      outbox: {
        enqueue: (payload) => {
          queued.push(payload);
          return `item-${queued.length}`;
        },
      },
      onCacheChange: (tables) => changed.push(tables),
    });
  const lines = {
    customers: [{ external_id: 'N-1', account_type: 'N', last_name: 'Okafor', first_name: 'Ada' }],
    relations: [],
    disableRiskScan: false,
  };

  it('verifies with verify_input true and saves nothing', async () => {
    const service = fakeService();
    const report = await saverOver(service).verify(lines);
    expect(service.bodies[0]).toMatchObject({ verify_input: true, disable_risk_scan: false });
    expect(report).toMatchObject({ outcome: 'verified', status: 'valid', failed: false });
    expect(customer360(db, 'N-1')).toBeNull();
  });

  it('saves, then reads the saved customer back into the cache the screens read', async () => {
    const service = fakeService();
    const report = await saverOver(service).save(lines, { queueWhenOffline: true });
    expect(service.bodies[0]).toMatchObject({ verify_input: false });
    expect(report).toMatchObject({ outcome: 'saved', failed: false });
    expect(report.lines[0]?.customerId).toBe('id-N-1');
    const cached = customer360(db, 'N-1');
    expect(cached?.identity.name).toContain('Okafor');
    expect(changed).toEqual([['customers']]);
    expect(queued).toEqual([]);
  });

  it('reads back only what was saved, and reports refused lines beside their field', async () => {
    const service = fakeService();
    const report = await saverOver(service).save({
      ...lines,
      customers: [...lines.customers, { external_id: 'N-2', last_name: 'X', date_of_birth: 'bad' }],
    });
    expect(report.failed).toBe(true);
    expect(report.lines[1]?.errors[0]?.field).toBe('date_of_birth');
    expect(customer360(db, 'N-1')).not.toBeNull();
    expect(customer360(db, 'N-2')).toBeNull();
  });

  it('a customer that cannot be read back is still saved, and the report says so', async () => {
    const service = fakeService();
    service.failReads();
    const report = await saverOver(service).save(lines);
    expect(report).toMatchObject({ outcome: 'saved', failed: false });
    expect(report.lines[0]?.warnings[0]?.code).toBe('not_read_back');
  });

  it('offline, queues the save in the outbox without calling the service', async () => {
    const service = fakeService();
    const report = await saverOver(service).save(
      { ...lines, disableRiskScan: true },
      { queueWhenOffline: true, offline: true },
    );
    expect(service.bodies).toEqual([]);
    expect(report).toMatchObject({ outcome: 'queued', status: null, failed: false });
    expect(queued).toEqual([
      {
        kind: 'customers.save',
        customers: lines.customers,
        relations: [],
        disable_risk_scan: true,
        label: 'Ada Okafor',
      },
    ]);
  });

  it.each([
    ['network', false],
    ['timeout', false],
    ['http', true],
  ] as const)(
    'queues after a %s failure with no answer (outcome unknown: %s)',
    async (kind, lost) => {
      const service = fakeService();
      service.failWith(failure(kind, lost));
      const report = await saverOver(service).save(lines, { queueWhenOffline: true });
      expect(report.outcome).toBe('queued');
      expect(queued).toHaveLength(1);
    },
  );

  it('a refusal of the whole request is not queued, and without queueWhenOffline nothing is', async () => {
    const service = fakeService();
    service.failWith(failure('http'));
    await expect(saverOver(service).save(lines, { queueWhenOffline: true })).rejects.toThrow();
    service.failWith(failure('network'));
    await expect(saverOver(service).save(lines)).rejects.toThrow();
    expect(queued).toEqual([]);
  });

  it('verifying while the service is unreachable says so plainly', async () => {
    const service = fakeService();
    service.failWith(failure('network'));
    const verifying = saverOver(service).verify(lines);
    await expect(verifying).rejects.toMatchObject({ code: 'unavailable' });
    await expect(verifying).rejects.toThrow(/cannot be verified now/);
  });
});
