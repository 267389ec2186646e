import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../main/cache/open-cache';
import { silentLogger } from '../../../main/lib/logger';
import { runSyncInWorker, WorkerSyncError } from '../../../main/sync/worker-sync';
import { differences, readCache, readService } from '../../support/cache-equality';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';

// The built worker (npm test builds before running these).
const WORKER = resolve(import.meta.dirname, '..', '..', '..', 'out', 'main', 'sync-worker.js');

describe('sync in a worker thread', () => {
  let t: TestSandbox;
  const temp = makeTempDir('casedesk-worker-');
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 120 });
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  it('fills the cache equal to the service; the main thread reads what the worker wrote', async () => {
    const cachePath = join(temp.path, 'cache.db');
    const { db } = openCache(cachePath, silentLogger);
    const phases = new Set<string>();
    const report = await runSyncInWorker({
      workerPath: WORKER,
      cachePath,
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      sync: { pageSize: 100 },
      onProgress: (p) => phases.add(p.phase),
    });
    expect(phases).toEqual(new Set(['alerts', 'threads', 'customers']));
    expect(report.alerts).toBeGreaterThan(100);
    // The summary crosses the worker whole: what failed, and where paging was stopped.
    expect(report).toMatchObject({
      customerFailures: 0,
      customersPartial: 0,
      customerMismatches: 0,
      stoppedPaging: [],
    });
    // The main thread's own connection sees what the worker wrote.
    expect(
      differences(readCache(db), await readService(t.sandbox.baseUrl, t.sandbox.token)),
    ).toEqual([]);
    db.close();
  });

  it('reports a refused token as such, and stops when cancelled', async () => {
    const cachePath = join(temp.path, 'other.db');
    const refused = runSyncInWorker({
      workerPath: WORKER,
      cachePath,
      baseUrl: t.sandbox.baseUrl,
      token: 'not-the-token',
      sync: {},
    });
    await expect(refused).rejects.toMatchObject({ kind: 'auth' });
    await expect(refused).rejects.toBeInstanceOf(WorkerSyncError);

    t.sandbox.faults.set({ latencyMs: 30 });
    const controller = new AbortController();
    const run = runSyncInWorker({
      workerPath: WORKER,
      cachePath,
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      sync: { pageSize: 20 },
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    t.sandbox.faults.reset();
  });
});
