import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api';
import type { CustomersApi } from '../../../main/api/customers';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import { createCacheWriter, type CacheWriter } from '../../../main/cache/repositories';
import {
  customersKindContext,
  READ_BACK_STOPPED,
  readCustomersBack,
  type ReadBackProgress,
} from '../../../main/customers/customer-read-back';
import { silentLogger } from '../../../main/lib/logger';
import { detailOf, heldService } from '../../support/customer-reads';
import { makeTempDir } from '../../support/temp-dir';

const notFound = () =>
  new ServiceError({
    operation: 'customers.get',
    kind: 'http',
    status: 404,
    retryable: false,
    outcomeUnknown: false,
  });

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('reading saved customers back into the cache', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let db: CacheDb;
  let writer: CacheWriter;
  beforeEach(() => {
    dir = makeTempDir();
    db = openCache(join(dir.path, 'cache.db'), silentLogger).db;
    writer = createCacheWriter(db);
  });
  afterEach(() => {
    db.close();
    dir.remove();
  });
  const cachedIds = () =>
    (
      db.prepare('SELECT external_id FROM customers ORDER BY external_id').all() as Array<{
        external_id: string;
      }>
    ).map((row) => row.external_id);

  it('keeps a customer answered in another case under the id it was saved with, as the sync does', async () => {
    const customers: Pick<CustomersApi, 'get'> = {
      get: (externalId) => Promise.resolve(detailOf(externalId === 'MIX-1' ? 'mix-1' : 'OTHER-9')),
    };
    const back = await readCustomersBack({
      customers,
      writer,
      externalIds: ['MIX-1', 'ASKED-2'],
    });
    expect(back).toEqual({ read: ['MIX-1', 'ASKED-2'], notRead: [] });
    // Another case: kept under the id saved. Another id altogether: kept under the id answered.
    expect(cachedIds()).toEqual(['MIX-1', 'OTHER-9']);
  });

  it('reads each customer once, four at a time, and tells the progress of each', async () => {
    const service = heldService();
    const progress: ReadBackProgress[] = [];
    const ids = ['C1', 'C2', 'C1', 'C3', 'C4', 'C5', 'C6'];
    const reading = readCustomersBack({
      customers: service.customers,
      writer,
      externalIds: ids,
      onProgress: (one) => progress.push(one),
    });
    await flush();
    expect(service.waitingFor()).toEqual(['C1', 'C2', 'C3', 'C4']);
    for (let answered = 0; answered < 6; answered += 1) await service.answerNext();
    const back = await reading;
    expect(service.asked.sort()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
    expect(service.mostInFlight()).toBe(4);
    expect(back.read.sort()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
    expect(progress.map((one) => [one.done, one.total])).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
      [4, 6],
      [5, 6],
      [6, 6],
    ]);
    expect(progress.every((one) => one.notRead === null)).toBe(true);
    expect(cachedIds()).toEqual(['C1', 'C2', 'C3', 'C4', 'C5', 'C6']);
  });

  it('a customer that cannot be read is said, the others are read, and nothing throws', async () => {
    const customers: Pick<CustomersApi, 'get'> = {
      get: (externalId) =>
        externalId === 'GONE' ? Promise.reject(notFound()) : Promise.resolve(detailOf(externalId)),
    };
    const progress: ReadBackProgress[] = [];
    const back = await readCustomersBack({
      customers,
      writer,
      externalIds: ['A', 'GONE', 'B'],
      onProgress: (one) => progress.push(one),
    });
    expect(back.read.sort()).toEqual(['A', 'B']);
    expect(back.notRead).toEqual([{ externalId: 'GONE', reason: expect.any(String) as string }]);
    expect(back.notRead[0]?.reason).not.toBe(READ_BACK_STOPPED);
    const gone = progress.find((one) => one.externalId === 'GONE');
    expect(gone?.notRead).toBe(back.notRead[0]?.reason);
    expect(progress).toHaveLength(3);
    expect(cachedIds()).toEqual(['A', 'B']);
  });

  it('a write the cache refuses is said like a failed read, the others are written', async () => {
    const customers: Pick<CustomersApi, 'get'> = {
      get: (externalId) => Promise.resolve(detailOf(externalId)),
    };
    const refusing: Pick<CacheWriter, 'putCustomerDetail'> = {
      putCustomerDetail: (input) => {
        if (input.customer.external_id === 'FULL') throw new Error('database or disk is full');
        writer.putCustomerDetail(input);
      },
    };
    const back = await readCustomersBack({
      customers,
      writer: refusing,
      externalIds: ['FULL', 'OK'],
    });
    expect(back).toEqual({
      read: ['OK'],
      notRead: [{ externalId: 'FULL', reason: 'database or disk is full' }],
    });
  });

  it('writes each customer in one transaction when given one', async () => {
    const customers: Pick<CustomersApi, 'get'> = {
      get: (externalId) => Promise.resolve(detailOf(externalId)),
    };
    let transactions = 0;
    const inTransaction = db.transaction((work: () => unknown) => work());
    await readCustomersBack({
      customers,
      writer: {
        putCustomerDetail: (input) => {
          expect(db.inTransaction).toBe(true);
          writer.putCustomerDetail(input);
        },
      },
      transaction: <T>(work: () => T) => {
        transactions += 1;
        return inTransaction(work) as T;
      },
      externalIds: ['T1', 'T2', 'T3'],
    });
    expect(transactions).toBe(3);
    expect(cachedIds()).toEqual(['T1', 'T2', 'T3']);
  });

  it('the outbox’s customers.save reads back with the same reader, in the transaction given', async () => {
    let transactions = 0;
    const inTransaction = db.transaction((work: () => unknown) => work());
    const context = customersKindContext({
      customers: { get: (externalId) => Promise.resolve(detailOf(externalId.toLowerCase())) },
      writer,
      transaction: <T>(work: () => T) => {
        transactions += 1;
        return inTransaction(work) as T;
      },
    });
    expect(await context.readBack(['OB-1', 'OB-2'])).toEqual({
      read: ['OB-1', 'OB-2'],
      notRead: [],
    });
    expect(transactions).toBe(2);
    expect(cachedIds()).toEqual(['OB-1', 'OB-2']);
  });

  it('stops when the signal says so: nothing more is asked, the ones in flight are not tried', async () => {
    const service = heldService();
    const progress: ReadBackProgress[] = [];
    const controller = new AbortController();
    const reading = readCustomersBack({
      customers: service.customers,
      writer,
      externalIds: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7'],
      signal: controller.signal,
      onProgress: (one) => progress.push(one),
    });
    await flush();
    await service.answerNext();
    await service.answerNext();
    // S1 and S2 are read; S3 to S6 are in flight when the read-back is stopped.
    controller.abort();
    const back = await reading;
    expect(back.read).toEqual(['S1', 'S2']);
    expect(back.notRead.map((one) => one.externalId).sort()).toEqual([
      'S3',
      'S4',
      'S5',
      'S6',
      'S7',
    ]);
    expect(back.notRead.every((one) => one.reason === READ_BACK_STOPPED)).toBe(true);
    expect(service.asked).not.toContain('S7');
    expect(progress.map((one) => one.externalId)).toEqual(['S1', 'S2']);
    expect(cachedIds()).toEqual(['S1', 'S2']);
  });

  it('for any ids and any that fail, each is tried once and said read or not read', async () => {
    const ids = fc.array(fc.constantFrom('P1', 'P2', 'P3', 'p1', 'P4', 'P5', 'P6', 'P7'), {
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(ids, fc.func(fc.boolean()), async (externalIds, fails) => {
        const asked: string[] = [];
        const progress: ReadBackProgress[] = [];
        const back = await readCustomersBack({
          customers: {
            get: (externalId) => {
              asked.push(externalId);
              return fails(externalId)
                ? Promise.reject(notFound())
                : Promise.resolve(detailOf(externalId));
            },
          },
          writer,
          externalIds,
          onProgress: (one) => progress.push(one),
        });
        const unique = [...new Set(externalIds)];
        expect(asked.sort()).toEqual([...unique].sort());
        expect([...back.read, ...back.notRead.map((one) => one.externalId)].sort()).toEqual(
          [...unique].sort(),
        );
        expect(back.read.every((externalId) => !fails(externalId))).toBe(true);
        expect(progress.map((one) => one.done)).toEqual(unique.map((_, index) => index + 1));
      }),
      { numRuns: 50 },
    );
  });
});
