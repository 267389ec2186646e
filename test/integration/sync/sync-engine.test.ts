import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../main/cache/open-cache';
import { alertRevisions, createCacheWriter } from '../../../main/cache/repositories';
import { silentLogger } from '../../../main/lib/logger';
import type { SyncProgress } from '../../../main/sync/progress';
import { createSyncEngine } from '../../../main/sync/sync-engine';
import { differences, readCache, readService } from '../../support/cache-equality';
import { fetchSyncSource } from '../../support/fetch-sync-source';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';

function openEngine(dir: string, t: TestSandbox) {
  const { db } = openCache(join(dir, 'cache.db'), silentLogger);
  const engine = createSyncEngine({
    db,
    writer: createCacheWriter(db),
    source: fetchSyncSource(t.sandbox.baseUrl, t.sandbox.token),
    logger: silentLogger,
  });
  return { db, engine };
}

describe('sync engine against the sandbox', () => {
  let t: TestSandbox;
  const temp = makeTempDir('casedesk-sync-');
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 80 });
  });
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  it('a full sync mirrors the service, with progress, then an incremental one takes exactly what changed', async () => {
    const { db, engine } = openEngine(join(temp.path, 'full'), t);
    const progress: SyncProgress[] = [];
    const report = await engine.run({ pageSize: 97, onProgress: (p) => progress.push(p) });
    const service = await readService(t.sandbox.baseUrl, t.sandbox.token);
    expect(differences(readCache(db), service)).toEqual([]);
    expect(report.alerts).toBe(service.alerts.size);
    expect(report.threads).toBe(service.threads.size);
    expect(new Set(progress.map((p) => p.phase))).toEqual(
      new Set(['alerts', 'threads', 'customers']),
    );
    const lastAlerts = progress.filter((p) => p.phase === 'alerts').at(-1);
    expect(lastAlerts).toMatchObject({ done: service.alerts.size, total: service.alerts.size });
    // Every customer named by an alert or a thread has its detail, stats and documents.
    expect(db.prepare('SELECT COUNT(*) AS n FROM customer_queue').get()).toEqual({ n: 0 });
    const named = db
      .prepare('SELECT COUNT(DISTINCT customer_external_id) AS n FROM alerts')
      .get() as { n: number };
    expect(
      (
        db
          .prepare(
            'SELECT COUNT(*) AS n FROM customers c WHERE detail_raw IS NOT NULL AND EXISTS (SELECT 1 FROM alerts a WHERE a.customer_external_id = c.external_id)',
          )
          .get() as { n: number }
      ).n,
    ).toBe(named.n);
    expect(
      (db.prepare('SELECT COUNT(*) AS n FROM documents').get() as { n: number }).n,
    ).toBeGreaterThan(0);
    expect(
      (db.prepare('SELECT COUNT(*) AS n FROM timeline_events').get() as { n: number }).n,
    ).toBeGreaterThan(0);

    const changed = t.sandbox.advance({ alerts: 5, revisions: 7, messages: 3 });
    const second = await engine.run({ pageSize: 97 });
    // Incremental reads return what changed (and the ties at the cursor's instant), not the whole tenant.
    expect(second.alerts).toBeGreaterThanOrEqual(changed.alerts.length + changed.revisions.length);
    expect(second.alerts).toBeLessThan(changed.alerts.length + changed.revisions.length + 10);
    expect(second.threads).toBeLessThan(changed.messages.length + 10);
    expect(
      differences(readCache(db), await readService(t.sandbox.baseUrl, t.sandbox.token)),
    ).toEqual([]);
    // Every revision ever seen is kept: the revised alerts now have two in the cache.
    for (const id of changed.revisions) {
      const revisions = alertRevisions(db, id);
      expect(revisions.length).toBeGreaterThanOrEqual(2);
      const numbers = revisions.map((revision) => Number(revision.revision_number));
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    }
    db.close();
  });

  it('cancelling stops at a page boundary; the next run resumes and ends equal', async () => {
    const { db, engine } = openEngine(join(temp.path, 'cancel'), t);
    const controller = new AbortController();
    let pages = 0;
    await expect(
      engine.run({
        pageSize: 50,
        signal: controller.signal,
        onProgress: () => {
          pages += 1;
          if (pages === 3) controller.abort(new Error('user cancelled'));
        },
      }),
    ).rejects.toThrow(/cancelled/);
    expect(engine.running).toBe(false);
    const partial = db.prepare('SELECT COUNT(*) AS n FROM alerts').get() as { n: number };
    expect(partial.n).toBeGreaterThan(0);
    await engine.run({ pageSize: 50 });
    expect(
      differences(readCache(db), await readService(t.sandbox.baseUrl, t.sandbox.token)),
    ).toEqual([]);
    db.close();
  });

  it('a malformed response leaves the cache as it was and says what went wrong', async () => {
    const { db, engine } = openEngine(join(temp.path, 'malformed'), t);
    await engine.run({ pageSize: 200 });
    const before = readCache(db);
    const cursor = db.prepare("SELECT value FROM sync_state WHERE key = 'alerts.cursor'").get();
    t.sandbox.advance({ revisions: 3 });
    t.sandbox.faults.set({ malformedRate: 1 });
    try {
      await expect(engine.run({ pageSize: 200 })).rejects.toThrow();
    } finally {
      t.sandbox.faults.reset();
    }
    expect(readCache(db)).toEqual(before);
    expect(db.prepare("SELECT value FROM sync_state WHERE key = 'alerts.cursor'").get()).toEqual(
      cursor,
    );
    db.close();
  });
});
