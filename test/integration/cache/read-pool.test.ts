import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import {
  createCacheReadPool,
  inlineCacheReader,
  type CacheReader,
} from '../../../main/cache/read-pool';
import { createCacheWriter } from '../../../main/cache/repositories';
import { silentLogger } from '../../../main/lib/logger';
import { QueueWindowInput, ThreadListInput } from '../../../preload/contract';
import { alert } from '../../unit/cache/review-records';
import { makeTempDir } from '../../support/temp-dir';

// The built worker (npm test builds before running these).
const WORKER = resolve(import.meta.dirname, '..', '..', '..', 'out', 'main', 'read-worker.js');
const NOW = Date.parse('2024-04-01T00:00:00Z');

describe('the screens’ reads in read workers', () => {
  const temp = makeTempDir('casedesk-read-pool-');
  const cachePath = join(temp.path, 'cache.db');
  let db: CacheDb;
  let pool: CacheReader;

  beforeAll(() => {
    db = openCache(cachePath, silentLogger).db;
    const alerts = Array.from({ length: 300 }, (_, index) =>
      alert(`A${String(index).padStart(3, '0')}`, `C${index % 17}`, {
        score: (index * 37) % 100,
        state: 1 + (index % 7),
        top_category: ['PEP', 'SIP', 'RCA'][index % 3]!,
      }),
    );
    createCacheWriter(db).putAlerts(alerts, NOW);
    pool = createCacheReadPool({ workerPath: WORKER, cachePath, logger: silentLogger, size: 2 });
  });
  afterAll(async () => {
    await pool.close();
    db.close();
    temp.remove();
  });

  it('answers every read as the main thread would', async () => {
    const inline = inlineCacheReader(db);
    const query = QueueWindowInput.parse({
      filter: { states: [1, 2, 3], scoreFrom: 30 },
      sort: { column: 'score', direction: 'desc' },
      offset: 20,
      limit: 50,
    });
    const { work: _work, ...window } = query.filter;
    const windowQuery = { ...query, filter: window };
    expect(await pool.read('queueWindow', windowQuery)).toEqual(
      await inline.read('queueWindow', windowQuery),
    );
    expect(await pool.read('queueFacets', undefined)).toEqual(
      await inline.read('queueFacets', undefined),
    );
    expect(await pool.read('dashboardSummary', NOW)).toEqual(
      await inline.read('dashboardSummary', NOW),
    );
    expect(await pool.read('alertView', 'A007')).toEqual(await inline.read('alertView', 'A007'));
    expect((await pool.read('alertView', 'A007'))?.id).toBe('A007');
    expect(await pool.read('alertView', 'nope')).toBeNull();
    expect(await pool.read('search', 'A00')).toEqual(await inline.read('search', 'A00'));
    expect(await pool.read('customer360', 'C404')).toBeNull();
    const threads = ThreadListInput.parse({});
    expect(await pool.read('threadPage', threads)).toEqual(
      await inline.read('threadPage', threads),
    );
  });

  it('orders by the investigator’s work with the ranks it is sent', async () => {
    const query = {
      ...QueueWindowInput.parse({ sort: { column: 'work', direction: 'desc' }, limit: 3 }),
      filter: {},
      work: {
        ranks: new Map([
          ['A100', 1],
          ['A200', 4],
          ['A050', 2],
        ]),
        key: 'k1',
      },
    };
    const answer = await pool.read('queueWindow', query);
    expect(answer.rows.map((row) => row.id)).toEqual(['A200', 'A050', 'A100']);
  });

  it('reads what main’s connection committed since, in one state per read', async () => {
    const before = await pool.read('queueWindow', {
      ...QueueWindowInput.parse({}),
      filter: {},
    });
    createCacheWriter(db).putAlerts([alert('B001', 'C1', { score: 99 })], NOW);
    const after = await pool.read('queueWindow', { ...QueueWindowInput.parse({}), filter: {} });
    expect(after.total).toBe(before.total + 1);
    expect(Object.values(after.stateCounts).reduce((a, b) => a + b, 0)).toBe(after.total);
  });

  it('answers several reads under way at once, each to its caller', async () => {
    const ids = ['A001', 'A002', 'A003', 'A004', 'A005', 'A006'];
    const views = await Promise.all(ids.map((id) => pool.read('alertView', id)));
    expect(views.map((view) => view?.id)).toEqual(ids);
  });

  it('fails a read with its name when the cache cannot be read, and waits for nothing', async () => {
    const broken = createCacheReadPool({
      workerPath: WORKER,
      cachePath: join(temp.path, 'missing.db'),
      logger: silentLogger,
    });
    await expect(broken.read('queueFacets', undefined)).rejects.toThrow(/queueFacets/);
    await broken.close();
  });

  it('fails the reads of a worker that stops, and starts another for the next read', async () => {
    const dying = join(temp.path, 'dying-worker.mjs');
    writeFileSync(dying, 'process.exit(3);\n');
    const stopped = createCacheReadPool({ workerPath: dying, cachePath, logger: silentLogger });
    await expect(stopped.read('alertView', 'A001')).rejects.toThrow(/alertView.*exit 3/);
    await expect(stopped.read('alertView', 'A001')).rejects.toThrow(/exit 3/);
    await stopped.close();
  });

  it('refuses an argument that cannot cross to the worker, and keeps nothing waiting', async () => {
    const unclonable = { ...QueueWindowInput.parse({}), filter: {}, pick: () => 1 };
    await expect(pool.read('queueWindow', unclonable)).rejects.toThrow(/could not be cloned/);
    expect((await pool.read('alertView', 'A001'))?.id).toBe('A001');
  });

  it('answers the first screen on main’s connection until its worker has answered once', async () => {
    // A worker that answers every read, slowly, with a mark: which side answered is then plain.
    const marking = join(temp.path, 'marking-worker.mjs');
    writeFileSync(
      marking,
      `import { parentPort } from 'node:worker_threads';
       parentPort.on('message', ({ id }) => setTimeout(() => parentPort.postMessage({ id, ok: true, value: 'worker' }), 50));\n`,
    );
    const starting = createCacheReadPool({
      workerPath: marking,
      cachePath,
      logger: silentLogger,
      startupDb: db,
    });
    const inline = inlineCacheReader(db);
    const firstScreen = {
      ...QueueWindowInput.parse({ filter: { states: [1, 2] }, limit: 10 }),
      filter: { states: [1, 2] },
    };
    const deep = { ...firstScreen, offset: 5000 };
    try {
      expect(await starting.read('dashboardSummary', NOW)).toEqual(
        await inline.read('dashboardSummary', NOW),
      );
      expect(await starting.read('queueWindow', firstScreen)).toEqual(
        await inline.read('queueWindow', firstScreen),
      );
      // What is not the first screen's waits for the worker, as does all once it has answered.
      expect(await starting.read('queueWindow', deep)).toBe('worker');
      expect(await starting.read('alertView', 'A001')).toBe('worker');
      expect(await starting.read('dashboardSummary', NOW)).toBe('worker');
      expect(await starting.read('queueWindow', firstScreen)).toBe('worker');
    } finally {
      await starting.close();
    }
  });

  it('starts its workers once the first screen is answered and drawn, or asked for by no window', async () => {
    // A worker that says it started, in a file, and answers nothing.
    const started = join(temp.path, 'started');
    const noting = join(temp.path, 'noting-worker.mjs');
    writeFileSync(
      noting,
      `import { appendFileSync } from 'node:fs';
       appendFileSync(${JSON.stringify(started)}, 'started\\n');\n`,
    );
    const starts = () =>
      existsSync(started) ? readFileSync(started, 'utf8').split('\n').length - 1 : 0;
    const opened = (firstScreenMs: { drawn: number; wait: number }) =>
      createCacheReadPool({
        workerPath: noting,
        cachePath,
        logger: silentLogger,
        startupDb: db,
        firstScreenMs,
      });
    const asked = opened({ drawn: 150, wait: 60_000 });
    const unasked = opened({ drawn: 0, wait: 400 });
    try {
      asked.warm();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(starts()).toBe(0);
      // The dashboard, answered on main: the window then draws it before any worker starts.
      await asked.read('dashboardSummary', NOW);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(starts()).toBe(0);
      await asked.firstScreen();
      await vi.waitFor(() => expect(starts()).toBe(2));

      rmSync(started);
      unasked.warm();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(starts()).toBe(0);
      await unasked.firstScreen();
      await vi.waitFor(() => expect(starts()).toBe(2));
    } finally {
      await asked.close();
      await unasked.close();
    }
  });

  it('refuses reads once closed', async () => {
    const closing = createCacheReadPool({ workerPath: WORKER, cachePath, logger: silentLogger });
    expect((await closing.read('alertView', 'A001'))?.id).toBe('A001');
    await closing.close();
    await expect(closing.read('alertView', 'A001')).rejects.toThrow(/closed/);
  });
});
