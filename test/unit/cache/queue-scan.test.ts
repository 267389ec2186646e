import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import { alertColumns } from '../../../main/cache/queue-columns';
import { normaliseFilter, type QueueFilterValue } from '../../../main/cache/queue-filter';
import { matches } from '../../../main/cache/queue-match';
import { queueOrder } from '../../../main/cache/queue-order';
import { scanQueue } from '../../../main/cache/queue-scan';
import { readSnapshot } from '../../../main/cache/read-snapshot';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';
import { applyQueueWrite as apply } from './queue-writes';

// A new filter is answered from the alerts' columns held in memory (queue-columns.ts), caught up
// after each commit. Whatever the cache holds and whatever is asked, it keeps exactly the alerts
// the filter's SQL (queue-filter.ts, each condition asked of its index) keeps, and counts each
// state as SQL counts it.

const DAY = 86_400_000;
const ids = Array.from({ length: 30 }, (_, index) => `A${index}`);
const customerIds = ['C1', 'C2', 'C3', 'C404'];
const alertRow = fc.record({
  id: fc.constantFrom(...ids),
  customer: fc.constantFrom(...customerIds),
  state: fc.oneof(fc.integer({ min: 1, max: 7 }), fc.constantFrom(0, 9, -2)),
  score: fc.integer({ min: -1, max: 8 }),
  category: fc.constantFrom('pep', 'sip', 'rca', '', 'PEP'),
  // A day's first and last milliseconds, where a day's bounds are easiest to get wrong.
  created: fc
    .tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0, 1, DAY - 1))
    .map(([day, ms]) => day * DAY + ms),
  updated: fc
    .tuple(fc.integer({ min: 0, max: 20 }), fc.constantFrom(0, DAY - 1))
    .map(([day, ms]) => day * DAY + ms),
  agent: fc.constantFrom('', '0', 'agent-1', 'Agent-1', 'agent-2'),
});
const write = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('put' as const), row: alertRow }) },
  fc.record({ op: fc.constant('delete' as const), id: fc.constantFrom(...ids) }),
  fc.record({
    op: fc.constant('customer' as const),
    id: fc.constantFrom(...customerIds),
    name: fc.constantFrom('ann Lee', 'Bob Lee', 'Émile', ''),
    groups: fc.constantFrom('', '|retail|', '|emea|retail|', '|r_t%|'),
  }),
);

const day = fc
  .integer({ min: 0, max: 21 })
  .map((n) => new Date(n * DAY).toISOString().slice(0, 10));
const conditions = {
  states: fc.subarray([0, 1, 2, 3, 5, 9]),
  categories: fc.subarray(['PEP', 'sip', 'none', '']),
  scoreFrom: fc.integer({ min: -2, max: 9 }),
  scoreTo: fc.integer({ min: -2, max: 9 }),
  createdFrom: day,
  createdTo: day,
  updatedFrom: day,
  updatedTo: day,
  reviewGroups: fc.subarray(['retail', 'emea', 'r_t%', 'nobody']),
  onlyWithoutReviewGroups: fc.boolean(),
  assignedTo: fc.constantFrom('agent-1', 'Agent-1', 'agent-9', '0'),
  onlyWithoutAssignment: fc.boolean(),
  customerExternalId: fc.constantFrom(...customerIds, 'C9'),
  name: fc.constantFrom('ann', 'lee', 'émile', 'bo', '!!'),
  alertIds: fc.subarray([...ids.slice(0, 8), 'A404']),
};
// A few conditions at a time: with all of them, nearly every filter keeps nothing.
const filter: fc.Arbitrary<QueueFilterValue> = fc
  .tuple(
    fc.subarray(Object.keys(conditions) as Array<keyof typeof conditions>, { maxLength: 3 }),
    fc.record(conditions),
  )
  .map(([keys, values]) => Object.fromEntries(keys.map((key) => [key, values[key]])));

/** The filter's alerts and per-state counts as SQL answers them. */
function bySql(db: CacheDb, asked: QueueFilterValue) {
  const { states: _states, ...withoutStates } = asked;
  const all = db.prepare('SELECT rowid, state FROM alerts').raw().all() as Array<[number, number]>;
  const kept = matches(db, asked);
  const counted = matches(db, withoutStates);
  const counts = new Map<number, number>();
  for (const [rowid, state] of all)
    if (!counted || counted.has(rowid)) counts.set(state, (counts.get(state) ?? 0) + 1);
  return {
    rowids: all.map(([rowid]) => rowid).filter((rowid) => !kept || kept.has(rowid)),
    counts,
  };
}

/** The filter's scan of the id order, held to what SQL keeps and counts; the scan. */
function expectScanAsSql(db: CacheDb, asked: QueueFilterValue) {
  const columns = alertColumns(db);
  if (!columns) throw new Error('a dense cache read as sparse');
  const order = queueOrder(db, 'id');
  const scan = scanQueue(db, columns, asked, order);
  const expected = bySql(db, asked);
  expect(new Set(scan.rowids)).toEqual(new Set(expected.rowids));
  expect(scan.rowids.length).toBe(expected.rowids.length);
  expect(scan.stateCounts).toEqual(expected.counts);
  return { scan, order };
}

describe('a queue filter answered from the columns in memory', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('keeps and counts what the SQL keeps and counts, through any writes', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(write, { minLength: 3, maxLength: 40 }),
        fc.array(fc.tuple(fc.array(write, { maxLength: 8 }), filter), {
          minLength: 1,
          maxLength: 6,
        }),
        (initial, rounds) => {
          const path = join(temp.path, `cache-${run++}.db`);
          const { db: writer } = openCache(path, silentLogger);
          apply(writer, { op: 'customer', id: 'C1', name: 'ann Lee', groups: '|retail|' });
          apply(writer, { op: 'customer', id: 'C3', name: 'Émile', groups: '|emea|retail|' });
          for (const step of initial) apply(writer, step);
          // One reader across the rounds, so its columns are read once and caught up after.
          const reader = new Database(path, { readonly: true });
          try {
            for (const [writes, asked] of rounds) {
              writer.transaction(() => writes.forEach((step) => apply(writer, step)))();
              const normal = normaliseFilter(asked);
              readSnapshot(reader, (db) => {
                const { scan, order } = expectScanAsSql(db, normal);
                // In the order's order.
                const places = new Map(Array.from(order, (rowid, at) => [rowid, at]));
                const at = Array.from(scan.rowids, (rowid) => places.get(rowid) ?? -1);
                const sorted = [...at].sort((a, b) => a - b);
                expect(at).toEqual(sorted);
              });
            }
          } finally {
            reader.close();
            writer.close();
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps what the SQL keeps when more filters are tried than it keeps marks of', () => {
    // The memo holds 8 filters' marks; a filter's marks let go are written whole for the next.
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(write, { minLength: 10, maxLength: 40 }),
        fc.array(fc.tuple(fc.array(write, { maxLength: 2 }), filter), {
          minLength: 12,
          maxLength: 24,
        }),
        (initial, rounds) => {
          const path = join(temp.path, `many-${run++}.db`);
          const { db: writer } = openCache(path, silentLogger);
          for (const step of initial) apply(writer, step);
          const reader = new Database(path, { readonly: true });
          // Each scan's alerts as returned and as copied then: a later scan must not change them.
          const returned: Array<{ rowids: ArrayLike<number>; copy: number[] }> = [];
          try {
            // Each filter twice, the second time after others have pushed its marks out.
            for (const [writes, asked] of [...rounds, ...rounds]) {
              writer.transaction(() => writes.forEach((step) => apply(writer, step)))();
              const normal = normaliseFilter(asked);
              readSnapshot(reader, (db) => {
                const { scan } = expectScanAsSql(db, normal);
                returned.push({ rowids: scan.rowids, copy: Array.from(scan.rowids) });
              });
            }
            for (const { rowids, copy } of returned) expect(Array.from(rowids)).toEqual(copy);
          } finally {
            reader.close();
            writer.close();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps agent 0 under "assigned to 0" and "unassigned" together, as SQL does', () => {
    const path = join(temp.path, 'agents.db');
    const { db: writer } = openCache(path, silentLogger);
    const row = {
      customer: 'C1',
      category: 'pep',
      created: 0,
      updated: 0,
      state: 1,
      score: 1,
    } as const;
    (['', '0', 'agent-1'] as const).forEach((agent, index) =>
      apply(writer, { op: 'put', row: { ...row, id: `A${index}`, agent } }),
    );
    const reader = new Database(path, { readonly: true });
    const kept = (asked: QueueFilterValue) =>
      readSnapshot(reader, (db) => {
        const columns = alertColumns(db);
        if (!columns) throw new Error('a dense cache read as sparse');
        const scan = scanQueue(db, columns, asked, queueOrder(db, 'id'));
        expect(scan.rowids.length).toBe(bySql(db, asked).rowids.length);
        return scan.rowids.length;
      });
    expect(kept({ assignedTo: '0', onlyWithoutAssignment: true })).toBe(1);
    expect(kept({ assignedTo: 'agent-1', onlyWithoutAssignment: true })).toBe(0);
    expect(kept({ onlyWithoutAssignment: true })).toBe(2);
    reader.close();
    writer.close();
  });

  it('grows with alerts written after its columns were read', () => {
    const path = join(temp.path, 'cache.db');
    const { db: writer } = openCache(path, silentLogger);
    const row = { customer: 'C1', category: 'pep', created: 0, updated: 0, agent: '' } as const;
    apply(writer, { op: 'put', row: { ...row, id: 'A0', state: 1, score: 10 } });
    const reader = new Database(path, { readonly: true });
    const highScores = () =>
      readSnapshot(reader, (db) => {
        const columns = alertColumns(db);
        if (!columns) throw new Error('a dense cache read as sparse');
        return scanQueue(db, columns, { scoreFrom: 50 }, queueOrder(db, 'id')).rowids.length;
      });
    expect(highScores()).toBe(0);
    writer.transaction(() => {
      for (let index = 1; index < 30; index += 1)
        apply(writer, { op: 'put', row: { ...row, id: `A${index}`, state: 2, score: 40 + index } });
    })();
    expect(highScores()).toBe(20);
    reader.close();
    writer.close();
  });
});
