import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../main/api';
import { openCache } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import { silentLogger } from '../../../main/lib/logger';
import { createServiceSource } from '../../../main/sync/service-source';
import { createSyncEngine } from '../../../main/sync/sync-engine';
import { differences, readCache, readService } from '../../support/cache-equality';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';

describe('sync through a faulty network', () => {
  let t: TestSandbox;
  const temp = makeTempDir('casedesk-faults-');
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 100 });
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  it('completes a full and an incremental sync equal to the service, despite 5xx, 429, drops and malformed bodies', async () => {
    const delays: number[] = [];
    const client = createServiceClient({
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      retry: { maxAttempts: 12, baseDelayMs: 1, maxDelayMs: 2000 },
      // Retry-After is honoured, but waiting seconds would only slow the test: record, wait briefly.
      sleep: async (ms) => {
        delays.push(ms);
        await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 5)));
      },
    });
    const { db } = openCache(join(temp.path, 'cache.db'), silentLogger);
    const engine = createSyncEngine({
      db,
      writer: createCacheWriter(db),
      source: createServiceSource(client),
      logger: silentLogger,
    });
    t.sandbox.faults.set({
      serverErrorRate: 0.1,
      throttleRate: 0.05,
      retryAfterSeconds: 1,
      dropRate: 0.03,
      malformedRate: 0.03,
    });
    try {
      await engine.run({ pageSize: 60 });
      t.sandbox.advance({ alerts: 6, revisions: 9, messages: 5 });
      await engine.run({ pageSize: 60 });
    } finally {
      t.sandbox.faults.reset();
    }
    expect(delays.length).toBeGreaterThan(5);
    expect(delays.some((ms) => ms >= 1000)).toBe(true);
    expect(
      differences(readCache(db), await readService(t.sandbox.baseUrl, t.sandbox.token)),
    ).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM customer_queue').get()).toEqual({ n: 0 });
    db.close();
    await client.close();
  });
});
