import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCache } from '../../main/cache/open-cache';
import { silentLogger } from '../../main/lib/logger';
import { runSyncInWorker } from '../../main/sync/worker-sync';
import { makeTempDir } from '../support/temp-dir';
import { report } from './report';
import { startSandboxProcess, type SandboxProcess } from './sandbox-process';

// Full sync of a sandbox tenant: alert throughput of CaseDesk's sync (worker thread, validation,
// cursors, revisions, FTS) against a bare loop that fetches the same pages, parses them and writes
// them into the same schema with prepared statements, in the same run; and the main thread's
// event-loop delay while CaseDesk syncs. The sandbox runs in its own process so that serving pages
// does not count against this one.

const SCALE = process.env.CASEDESK_BENCH_SCALE === 'large' ? 'large' : 'medium';
const TOKEN = 'bench-token-123456';
const PAGE = 500;
const temp = makeTempDir('casedesk-sync-bench-');
const ROOT = resolve(import.meta.dirname, '..', '..');
let sandbox: SandboxProcess;
let baseUrl = '';

beforeAll(async () => {
  sandbox = await startSandboxProcess({
    dataDir: join(temp.path, 'sandbox'),
    token: TOKEN,
    scale: SCALE,
    seed: 5,
    quiet: true,
  });
  baseUrl = sandbox.baseUrl;
}, 10 * 60_000);

afterAll(() => {
  sandbox.stop();
  temp.remove();
});

async function bareLoop(): Promise<number> {
  const { db } = openCache(join(temp.path, 'bare.db'), silentLogger);
  const insert = db.prepare(
    `INSERT INTO alerts (id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, comment, raw)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  );
  const write = db.transaction((rows: Array<Record<string, unknown>>) => {
    for (const row of rows) {
      const revision = row.last_revision as Record<string, unknown>;
      insert.run(
        row.id,
        row.customer_external_id,
        Date.parse(String(row.created_at)),
        Date.parse(String(revision.created_at)),
        revision.state,
        revision.score,
        String(revision.top_category).toLowerCase(),
        revision.revision_number,
        revision.comment,
        JSON.stringify(row),
      );
    }
  });
  const agent = new Agent({ connections: 1 });
  const started = performance.now();
  let rows = 0;
  for (let offset = 0; ; offset += PAGE) {
    const response = await request(`${baseUrl}/api/v1/alerts/search`, {
      method: 'POST',
      dispatcher: agent,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ limit: PAGE, offset, order_by: 'last_update', order_way: 'asc' }),
    });
    const page = (await response.body.json()) as { data: Array<Record<string, unknown>> };
    write(page.data);
    rows += page.data.length;
    if (page.data.length < PAGE) break;
  }
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  db.close();
  return rows / seconds;
}

it('full sync: alert throughput against the bare floor, and the main thread never freezes', async () => {
  const cachePath = join(temp.path, 'cache.db');
  openCache(cachePath, silentLogger).db.close();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  let alertsDone = 0;
  let alertsEndedAt = 0;
  const started = performance.now();
  delay.enable();
  await runSyncInWorker({
    workerPath: join(ROOT, 'out', 'main', 'sync-worker.js'),
    cachePath,
    baseUrl,
    token: TOKEN,
    sync: { pageSize: PAGE },
    onProgress: (progress) => {
      if (progress.phase === 'alerts') {
        alertsDone = progress.done;
        alertsEndedAt = performance.now();
      }
    },
  });
  delay.disable();
  const rate = alertsDone / ((alertsEndedAt - started) / 1000);
  const p99 = delay.percentile(99) / 1e6;
  // RSS now, before the bare loop grows this process's own heap (the worker's memory counts: same process).
  const rss = process.memoryUsage().rss / 1024 / 1024;
  const floor = await bareLoop();
  report(`sync-${SCALE}`, [
    {
      name: `alerts synced (${alertsDone})`,
      value: rate,
      unit: 'alerts/s',
      baseline: { name: 'bare fetch+parse+insert loop', value: floor },
      ratio: rate / floor,
      target: '>= 0.8x floor',
      met: rate / floor >= 0.8,
    },
    {
      name: 'main-thread event-loop delay p99 during the sync',
      value: p99,
      unit: 'ms',
      target: '< 10 ms',
      met: p99 < 10,
    },
    { name: 'main-thread event-loop delay max', value: delay.max / 1e6, unit: 'ms' },
    {
      name: 'process RSS right after the sync (main thread; worker ended)',
      value: rss,
      unit: 'MB',
      target: '< 300 MB',
      met: rss < 300,
    },
  ]);
  expect(alertsDone).toBeGreaterThan(0);
});
