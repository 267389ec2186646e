import { copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openCache } from '../../main/cache/open-cache';
import type { Core } from '../../main/core';
import { silentLogger } from '../../main/lib/logger';
import type { QueueFacets, QueueWindow } from '../../preload/contract';
import { startHostProcess } from '../support/host-process';
import { createTestCore, savedProfileFolder } from '../support/test-core';
import { makeTempDir } from '../support/temp-dir';
import { launchBenchChromium } from './bench-chromium';
import { phase, responsivenessFigures } from './investigator-script';
import { report, type BenchFigure } from './report';
import { fillCache } from './synthetic-cache';

// Issue 18's table at its size: a profile whose cache holds 1,000,000 alerts, 50,000 customers and
// 20,000 threads (CASEDESK_BENCH_MILLION_ALERTS to change the alerts), opened by CaseDesk's core as
// the app opens it (reads in read workers). Measured:
// - cold start: from the core's creation to the dashboard's summary and the queue's first window
//   answered through the bridge, against opening the file bare and reading the same two things;
// - an investigator's script (main-responsiveness's) through the bridge while a writer commits a
//   page of 1,000 alerts every 50 ms in a thread of its own (a sync's pace and commits; 1% of each
//   page really changed), against the same script with no writer (one cache state), with main's
//   event-loop delay. The writer stands in for a sync: the sandbox cannot serve a million alerts
//   in a bench's time.

const ALERTS = Number(process.env.CASEDESK_BENCH_MILLION_ALERTS ?? 1_000_000);
/** A copy of a cache built by fillCache at this size, checkpointed, to start from. */
const REUSED = process.env.CASEDESK_BENCH_MILLION_CACHE;
const CUSTOMERS = Math.max(500, Math.round(ALERTS / 20));
const THREADS = Math.max(200, Math.round(ALERTS / 50));
const ROOT = resolve(import.meta.dirname, '..', '..');
const ctx = { transport: 'electron' } as const;

const temp = makeTempDir('casedesk-million-bench-');
const dataDir = join(temp.path, 'app');
let cachePath = '';
let buildSeconds = 0;
let core: Core | null = null;

async function call<T>(method: string, input?: unknown): Promise<T> {
  if (!core) throw new Error('no core');
  const answer = await core.dispatch(method, input, ctx);
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as T;
}

const openCore = () =>
  createTestCore(dataDir, {
    syncWorkerPath: join(ROOT, 'out', 'main', 'sync-worker.js'),
    readWorkerPath: join(ROOT, 'out', 'main', 'read-worker.js'),
  });

beforeAll(async () => {
  const folder = await savedProfileFolder(dataDir);
  cachePath = join(folder, 'cache.db');
  const started = performance.now();
  if (REUSED) {
    // A cache this bench built before (its four minutes spared while working on the figures).
    copyFileSync(REUSED, cachePath);
    return;
  }
  const { db } = openCache(cachePath, silentLogger);
  fillCache(db, { alerts: ALERTS, customers: CUSTOMERS, threads: THREADS });
  db.pragma('optimize');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  buildSeconds = (performance.now() - started) / 1000;
}, 60 * 60_000);

afterAll(async () => {
  await core?.dispose();
  temp.remove();
});

const FIRST_WINDOW = { sort: { column: 'updatedAt', direction: 'desc' }, limit: 100 };

/** The same two answers read bare: the file opened, the state counts and the first 100 rows. */
function bareFirstScreen(): number {
  const started = performance.now();
  const db = new Database(cachePath, { readonly: true });
  db.prepare('SELECT state, COUNT(*) FROM alerts GROUP BY state').all();
  db.prepare(
    `SELECT a.*, c.name FROM alerts a INDEXED BY alerts_by_updated
     LEFT JOIN customers c ON c.external_id = a.customer_external_id
     ORDER BY a.updated_ms DESC, a.id DESC LIMIT 100`,
  ).all();
  db.close();
  return performance.now() - started;
}

async function coldStart(): Promise<number> {
  await core?.dispose();
  core = null;
  const started = performance.now();
  core = await openCore();
  await Promise.all([call('dashboard.summary'), call<QueueWindow>('queue.window', FIRST_WINDOW)]);
  return performance.now() - started;
}

/**
 * A writer in a thread of its own, as the sync worker writes: pages of 1,000 alerts, each its own
 * transaction, rewritten as they were but for 1% given a new state, score and update time.
 */
function startWriter(seconds: number): Promise<number> {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.sqlite);
    const db = new Database(workerData.cachePath);
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    const rowids = db.prepare('SELECT rowid FROM alerts').pluck().all();
    const changed = db.prepare('UPDATE alerts SET state = ?, score = ?, updated_ms = ? WHERE rowid = ?');
    const same = db.prepare('UPDATE alerts SET score = score WHERE rowid = ?');
    const page = db.transaction((from) => {
      for (let index = from; index < from + 1000; index += 1) {
        const rowid = rowids[index % rowids.length];
        if (Math.random() < 0.01)
          changed.run(1 + Math.floor(Math.random() * 7), Math.floor(Math.random() * 101), Date.now(), rowid);
        else same.run(rowid);
      }
    });
    const pause = new Int32Array(new SharedArrayBuffer(4));
    const end = Date.now() + workerData.seconds * 1000;
    let pages = 0;
    while (Date.now() < end) {
      page(pages * 1000);
      pages += 1;
      Atomics.wait(pause, 0, 0, 50);
    }
    db.close();
    parentPort.postMessage(pages);
    `,
    { eval: true, workerData: { sqlite, cachePath, seconds } },
  );
  return new Promise((done, fail) => {
    worker.once('message', (pages: number) => done(pages));
    worker.once('error', fail);
  });
}

it(`answers at ${ALERTS.toLocaleString('en')} alerts: cold start, and while a writer commits`, async () => {
  const bare = Math.min(bareFirstScreen(), bareFirstScreen(), bareFirstScreen());
  const starts = [await coldStart(), await coldStart(), await coldStart()].sort((a, b) => a - b);
  const start = starts[1]!;

  // The steady state is measured: the read worker's warm-up (the queue's columns and orders, read
  // in the background after the first screen) is done first, and its length reported apart.
  const warmStarted = performance.now();
  await (await core!.workspaces.require()).reads.whenWarm();
  const warmSeconds = (performance.now() - warmStarted) / 1000;
  const facets = await call<QueueFacets>('queue.facets');
  const categories = facets.categories.slice(0, 8);
  const quiet = await phase(call, categories, { seconds: 20 });
  let pages = 0;
  const busy = await phase(call, categories, async () => {
    pages = await startWriter(30);
  });

  const figures: BenchFigure[] = [
    {
      name: `build ${ALERTS} alerts, ${CUSTOMERS} customers, ${THREADS} threads (not a target)`,
      value: buildSeconds,
      unit: 's',
    },
    {
      name: 'warm-up in the read worker after the first screen, from the third cold start (not a target)',
      value: warmSeconds,
      unit: 's',
    },
    {
      name: 'cold start: core created to dashboard summary and first queue window, median of 3',
      value: start,
      unit: 'ms',
      baseline: { name: 'the file opened bare, state counts and 100 rows read', value: bare },
      ratio: start / Math.max(bare, 0.001),
      target: '< 1000 ms',
      met: start < 1000,
    },
    ...responsivenessFigures(quiet, busy, `a writer's ${pages} commits`),
  ];
  report(`million-alerts-${ALERTS}`, figures);
  expect(busy.latencies.get('queue: new filter or sort')?.length ?? 0).toBeGreaterThan(0);
  expect(pages).toBeGreaterThan(0);
});

/**
 * From the browser host's process start to the first screen with data in Chromium (the dashboard,
 * CaseDesk's first screen: its total shown), then to the queue's first rows; the core of the
 * test above is closed first, as only one CaseDesk opens a profile.
 */
it(`shows the first screen with data in Chromium soon after the host starts (${ALERTS.toLocaleString('en')} alerts)`, async () => {
  await core?.dispose();
  core = null;
  const browser = await launchBenchChromium();
  const runs: Array<{ ready: number; dashboard: number; queue: number }> = [];
  try {
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      const host = await startHostProcess({ dataDir, extraArgs: ['--sandbox', 'off'] });
      const ready = performance.now() - started;
      try {
        const page = await browser.newPage();
        await page.goto(host.url);
        await page.locator('[data-testid="tile-total"][data-count]').waitFor({ timeout: 60_000 });
        const dashboard = performance.now() - started;
        expect(Number(await page.getByTestId('tile-total').getAttribute('data-count'))).toBe(
          ALERTS,
        );
        await page.evaluate(() => {
          location.hash = '#/queue';
        });
        await page.getByTestId('queue-row').first().waitFor({ timeout: 60_000 });
        runs.push({ ready, dashboard, queue: performance.now() - started });
        await page.close();
      } finally {
        await host.stop();
      }
    }
  } finally {
    await browser.close();
  }
  const median = (key: 'ready' | 'dashboard' | 'queue') =>
    runs.map((run) => run[key]).sort((a, b) => a - b)[1]!;
  report(`million-alerts-chromium-${ALERTS}`, [
    {
      name: 'cold start in Chromium: host process started to the dashboard with its total, median of 3',
      value: median('dashboard'),
      unit: 'ms',
      baseline: { name: 'the host process started to serving', value: median('ready') },
      ratio: median('dashboard') / Math.max(median('ready'), 0.001),
      target: '< 1000 ms',
      met: median('dashboard') < 1000,
    },
    {
      name: 'then the queue opened: host process started to its first rows, median of 3',
      value: median('queue'),
      unit: 'ms',
    },
  ]);
});
