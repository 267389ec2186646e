import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashboardSummary } from '../../../main/cache/dashboard';
import { MIGRATIONS } from '../../../main/cache/migrations';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';
import { dashboardBySql } from './dashboard-by-sql';
import { openTestCache } from './review-records';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2024-06-15T12:00:00Z');

const dateMs = fc.oneof(
  fc.integer({ min: NOW - 400 * DAY_MS, max: NOW + 3 * DAY_MS }),
  fc.integer({ min: NOW - 40 * DAY_MS, max: NOW }),
  // Unknown (the writer's 0), before 1970, and implausibly far apart.
  fc.constantFrom(0, -DAY_MS * 3, 1, 4_000_000_000_000, 100 * DAY_MS),
);
const row = fc.record({
  state: fc.oneof(fc.integer({ min: 1, max: 7 }), fc.constantFrom(0, 9, 42)),
  score: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom(-5, 101, 150)),
  category: fc.constantFrom('pep', 'sip', 'rca_pep', '', 'Zeta', 'é'),
  created: dateMs,
  updated: dateMs,
});
const step = fc.oneof(
  fc.record({ op: fc.constant('put' as const), id: fc.integer({ min: 0, max: 30 }), row }),
  fc.record({ op: fc.constant('delete' as const), id: fc.integer({ min: 0, max: 30 }) }),
);

/** The alerts counted per state and score, as migration 007's triggers keep them. */
const stateScores = (db: CacheDb) =>
  db
    .prepare('SELECT state, score, n FROM alert_state_scores WHERE n != 0 ORDER BY state, score')
    .all();
const stateScoresBySql = (db: CacheDb) =>
  db
    .prepare(
      'SELECT state, score, COUNT(*) AS n FROM alerts GROUP BY state, score ORDER BY state, score',
    )
    .all();

// The tallies are kept by triggers through every insert, update and delete: whatever the writes,
// the summary read from them is the one counted from the alerts themselves.
describe('the dashboard’s tallies', () => {
  it('equal the summary counted from the alerts, through any writes', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 60 }),
        fc.integer({ min: -2, max: 500 }),
        (steps, nowDays) => {
          const { db } = openTestCache();
          const put = db.prepare(
            `INSERT INTO alerts (id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, raw)
             VALUES (@id, 'C1', @created, @updated, @state, @score, @category, 1, '{}')
             ON CONFLICT (id) DO UPDATE SET created_ms = excluded.created_ms, updated_ms = excluded.updated_ms,
               state = excluded.state, score = excluded.score, category = excluded.category`,
          );
          const remove = db.prepare('DELETE FROM alerts WHERE id = ?');
          for (const item of steps) {
            if (item.op === 'put') put.run({ id: `A${item.id}`, ...item.row });
            else remove.run(`A${item.id}`);
          }
          const now = NOW + nowDays * DAY_MS;
          expect(dashboardSummary(db, now)).toEqual(dashboardBySql(db, now));
          expect(stateScores(db)).toEqual(stateScoresBySql(db));
          db.close();
        },
      ),
      { numRuns: 150 },
    );
  });

  it.each([5, 6])('are filled from the alerts already cached by schema %i', (version) => {
    const temp = makeTempDir();
    try {
      const path = join(temp.path, 'cache.db');
      const before = openCache(path, silentLogger, MIGRATIONS.slice(0, version)).db;
      before
        .prepare(
          `INSERT INTO alerts (id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, raw)
           VALUES ('A1', 'C1', ?, ?, 2, 55, 'pep', 1, '{}'), ('A2', 'C1', 0, ?, 5, 101, 'sip', 1, '{}'),
                  ('A3', 'C1', ?, ?, 1, 90, 'pep', 1, '{}')`,
        )
        .run(NOW - 3 * DAY_MS, NOW, NOW, NOW - 200 * DAY_MS, NOW - DAY_MS);
      before.close();
      const { db } = openCache(path, silentLogger);
      const summary = dashboardSummary(db, NOW);
      expect(summary.total).toBe(3);
      expect(summary).toEqual(dashboardBySql(db, NOW));
      expect(stateScores(db)).toEqual(stateScoresBySql(db));
      db.close();
    } finally {
      temp.remove();
    }
  });
});
