import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QueueWindowInput } from '../../preload/contract';
import { queueWindow } from '../../main/cache/queue-window';
import { ftsQuery, searchCache } from '../../main/cache/cache-queries';
import { openCache, type CacheDb } from '../../main/cache/open-cache';
import { createCacheWriter } from '../../main/cache/repositories';
import { silentLogger } from '../../main/lib/logger';
import { makeTempDir } from '../support/temp-dir';
import { report } from './report';

// Reads at 1,000,000 cached alerts: search as the user types, and queue pages at any depth, each
// against the naive query measured in the same run.

const ALERTS = Number(process.env.CASEDESK_BENCH_ALERTS ?? 1_000_000);
const CUSTOMERS = Math.max(1000, Math.floor(ALERTS / 20));
const SYLLABLES = [
  'an',
  'bel',
  'cor',
  'da',
  'el',
  'fa',
  'gor',
  'hal',
  'is',
  'jan',
  'kor',
  'lin',
  'mar',
  'nor',
  'ol',
  'per',
  'qui',
  'ros',
  'sal',
  'tor',
  'ul',
  'ven',
  'wil',
  'xa',
  'yor',
  'zen',
];
const WORDS = [
  'match',
  'profile',
  'namesake',
  'sanctions',
  'minister',
  'relative',
  'passport',
  'birth',
  'country',
  'discounted',
  'confirmed',
  'pending',
  'information',
  'requested',
  'customer',
  'director',
  'company',
  'registry',
  'adverse',
  'media',
];

let state = 12345;
const random = () => (state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const word = () => `${pick(SYLLABLES)}${pick(SYLLABLES)}${random() < 0.5 ? pick(SYLLABLES) : ''}`;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const temp = makeTempDir('casedesk-cache-bench-');
let db: CacheDb;
let buildSeconds = 0;
const names: string[] = [];

beforeAll(() => {
  ({ db } = openCache(join(temp.path, 'cache.db'), silentLogger));
  const writer = createCacheWriter(db);
  const started = performance.now();
  db.transaction(() => {
    for (let index = 0; index < CUSTOMERS; index += 1) {
      const first = capital(word());
      const last = capital(word());
      names.push(`${first} ${last}`);
      db.prepare('INSERT INTO customers (external_id, name, raw) VALUES (?, ?, ?)').run(
        `C${index}`,
        `${first} ${last}`,
        '{}',
      );
    }
  })();
  const base = Date.parse('2023-01-01T00:00:00Z');
  const batch = db.transaction((from: number) => {
    const alerts = [];
    for (let index = from; index < Math.min(from + 1000, ALERTS); index += 1) {
      const created = base + Math.floor(random() * 3 * 365 * 86_400_000);
      alerts.push({
        id: `A${String(index).padStart(8, '0')}`,
        created_at: new Date(created).toISOString(),
        customer_external_id: `C${Math.floor(random() * CUSTOMERS)}`,
        last_revision: {
          revision_number: 1 + Math.floor(random() * 4),
          state: 1 + Math.floor(random() * 7),
          score: Math.floor(random() * 101),
          top_category: pick(['PEP', 'SAN', 'SIP', 'SIE', 'RCA_PEP', 'RCA_SIP']),
          comment: Array.from({ length: 8 }, () => (random() < 0.3 ? word() : pick(WORDS))).join(
            ' ',
          ),
          created_at: new Date(created + Math.floor(random() * 30 * 86_400_000)).toISOString(),
        },
      });
    }
    writer.putAlerts(alerts, Date.now());
  });
  for (let from = 0; from < ALERTS; from += 1000) batch(from);
  db.prepare('DELETE FROM customer_queue').run();
  db.pragma('optimize');
  buildSeconds = (performance.now() - started) / 1000;
}, 30 * 60_000);

afterAll(() => {
  db.close();
  temp.remove();
});

/**
 * RSS of a fresh process that opens the cache and serves queue pages and searches from it, as the
 * app's main process does (this one also built the cache, which says nothing about reading it).
 */
function readerRss(path: string): number {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(path)}, { readonly: true });
    for (let i = 0; i < 50; i += 1) {
      db.prepare('SELECT id, raw FROM alerts ORDER BY updated_ms DESC, id DESC LIMIT 100 OFFSET ?').all(i * 1000);
      db.prepare("SELECT rowid FROM alerts_fts WHERE alerts_fts MATCH 'mar*' LIMIT 250").all();
    }
    db.prepare('SELECT COUNT(*) FROM alerts WHERE state = 2').get();
    process.stdout.write(String(process.memoryUsage().rss));
  `;
  const out = execFileSync(process.execPath, ['-e', script], { cwd: process.cwd() }).toString();
  return Number(out) / 1024 / 1024;
}

function percentiles(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

function time(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

it('search as the user types: p95 under 20 ms at 1M alerts', () => {
  // What typing produces: every prefix of a name or a word, from one letter up.
  const typed: string[] = [];
  for (let index = 0; index < 60; index += 1) {
    const target = random() < 0.5 ? pick(names) : pick(WORDS);
    for (let length = 2; length <= Math.min(6, target.length); length += 1)
      typed.push(target.slice(0, length));
  }
  const naive = db.prepare(
    'SELECT a.id FROM alerts_fts JOIN alerts a ON a.rowid = alerts_fts.rowid WHERE alerts_fts MATCH ? ORDER BY bm25(alerts_fts) LIMIT 50',
  );
  const naiveTimes = typed.map((text) => time(() => naive.all(ftsQuery(text))));
  const ourTimes = typed.map((text) => time(() => searchCache(db, text)));
  const ours = percentiles(ourTimes);
  const base = percentiles(naiveTimes);
  report('cache-search', [
    {
      name: `build ${ALERTS} alerts + ${CUSTOMERS} customers with FTS`,
      value: buildSeconds,
      unit: 's',
    },
    { name: 'naive alerts FTS, bm25 over every match, p50', value: base.p50, unit: 'ms' },
    { name: 'naive alerts FTS, bm25 over every match, p95', value: base.p95, unit: 'ms' },
    {
      name: 'CaseDesk search (customers, alerts, messages, documents), p50',
      value: ours.p50,
      unit: 'ms',
    },
    {
      name: 'CaseDesk search, p95',
      value: ours.p95,
      unit: 'ms',
      baseline: { name: 'naive p95', value: base.p95 },
      ratio: ours.p95 / base.p95,
      target: '< 20 ms',
      met: ours.p95 < 20,
    },
  ]);
  expect(ourTimes.length).toBe(typed.length);
});

it('a filtered, sorted queue window at any depth (queue.window): p95 under 20 ms at 1M alerts', () => {
  const samples: number[] = [];
  const firstSamples: number[] = [];
  const offsetSamples: number[] = [];
  const slow: Array<{ took: number; sort: string; filters: string }> = [];
  const columns = ['updatedAt', 'createdAt', 'score'] as const;
  const filterChoices = [
    {},
    { states: [2] },
    { states: [2, 3] },
    { categories: ['pep'] },
    { scoreFrom: 70 },
    { states: [7], scoreFrom: 40, scoreTo: 80 },
  ];
  // The screen asks for windows of one filter and sort at a time: the first one after a change
  // builds that queue's order (reported apart), the ones after it are slices at any depth.
  for (const column of columns) {
    for (const filter of filterChoices) {
      const sort = { column, direction: 'desc' as const };
      const first = time(() => queueWindow(db, QueueWindowInput.parse({ filter, sort })));
      firstSamples.push(first);
      const total = queueWindow(db, QueueWindowInput.parse({ filter, sort, limit: 1 })).total;
      for (let index = 0; index < 11; index += 1) {
        const offset = Math.floor(random() * Math.max(1, total - 100));
        const query = QueueWindowInput.parse({ filter, sort, offset, limit: 100 });
        const took = time(() => queueWindow(db, query));
        samples.push(took);
        if (process.env.CASEDESK_BENCH_VERBOSE)
          slow.push({ took, sort: column, filters: JSON.stringify(filter) });
        const naiveOffset = Math.floor(random() * ALERTS * 0.9);
        offsetSamples.push(
          time(() =>
            db
              .prepare('SELECT id FROM alerts ORDER BY updated_ms DESC, id DESC LIMIT 100 OFFSET ?')
              .all(naiveOffset),
          ),
        );
      }
    }
  }
  const ours = percentiles(samples);
  const naive = percentiles(offsetSamples);
  for (const entry of slow.sort((a, b) => b.took - a.took).slice(0, 12))
    process.stdout.write(`  slow: ${entry.took.toFixed(1)} ms ${entry.sort} ${entry.filters}\n`);
  const rss = readerRss(join(temp.path, 'cache.db'));
  report('cache-queue', [
    { name: 'naive OFFSET page, sorted, unfiltered, p95', value: naive.p95, unit: 'ms' },
    { name: 'CaseDesk queue window with filters and total, p50', value: ours.p50, unit: 'ms' },
    {
      name: 'CaseDesk queue window with filters and total, p95',
      value: ours.p95,
      unit: 'ms',
      baseline: { name: 'naive OFFSET p95', value: naive.p95 },
      ratio: ours.p95 / naive.p95,
      target: '< 20 ms',
      met: ours.p95 < 20,
    },
    {
      name: 'first window after a new filter or sort (builds its order; diagnostic), p95',
      value: percentiles(firstSamples).p95,
      unit: 'ms',
    },
    {
      name: 'process RSS with the 1M-alert cache open',
      value: rss,
      unit: 'MB',
      target: '< 300 MB',
      met: rss < 300,
    },
  ]);
  expect(samples.length).toBe(columns.length * filterChoices.length * 11);
});
