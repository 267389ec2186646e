import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { UpkeptMemo, VersionedMemo } from './queue-memo';
import { denseRowids, rowidValues, toRowids, type RowidValues, type Rowids } from './queue-rowids';

// Whole-cache facts the queue's filters and orders share, each read from one index (never the
// alerts' rows) once per state of the cache.

export const largestRowid = (db: CacheDb): number =>
  (prepared(db, 'SELECT MAX(rowid) FROM alerts', 'pluck').get() as number | null) ?? 0;

/** How many alerts there are, from the tallies the cache keeps as it is written (migration 006). */
export const alertCount = (db: CacheDb): number =>
  prepared(
    db,
    "SELECT COALESCE(SUM(n), 0) FROM alert_tallies WHERE kind = 'state'",
    'pluck',
  ).get() as number;

export interface IdOrder {
  /** Every alert's rowid, by alert id. */
  rowids: Rowids;
  largest: number;
}

const idOrders = new VersionedMemo<IdOrder>(1);

export function idOrder(db: CacheDb): IdOrder {
  return idOrders.get(db, 'id', () =>
    db.transaction(() => {
      const largest = largestRowid(db);
      const rowids = prepared(
        db,
        'SELECT rowid FROM alerts ORDER BY id',
        'pluck',
      ).all() as number[];
      return { rowids: toRowids(rowids, largest), largest };
    })(),
  );
}

/** Between two neighbours' ranks at first: alerts put between them split it (about 50 halvings). */
const RANK_SPACING = 2 ** 20;

/** Each alert's rank in id order, by rowid (NaN: no alert), numbers apart by RANK_SPACING. */
function ranksFrom(db: CacheDb): Float64Array | null {
  const { rowids, largest } = idOrder(db);
  if (!denseRowids(largest, rowids.length)) return null;
  const ranks = new Float64Array(Math.ceil(largest * 1.25) + 16).fill(Number.NaN);
  rowids.forEach((rowid, index) => {
    ranks[rowid] = (index + 1) * RANK_SPACING;
  });
  return ranks;
}

/**
 * The ranks with the changed alerts ranked again, in place: in id order, each run of changed
 * alerts that are neighbours by id spread evenly between the ranked alerts around it (an index
 * lookup or two per alert, however long the run: new alerts with ids in ascending order come as
 * one run). Null when a rowid is past what an array is worth, or there is no room left between
 * two neighbours: the ranks are then made afresh.
 */
function catchUpRanks(
  db: CacheDb,
  kept: Float64Array,
  changed: readonly number[],
): Float64Array | null {
  let ranks = kept;
  let largest = 0;
  for (const rowid of changed) if (rowid > largest) largest = rowid;
  if (largest >= ranks.length) {
    if (!denseRowids(largest, alertCount(db))) return null;
    const grown = new Float64Array(Math.ceil(largest * 1.25) + 16).fill(Number.NaN);
    grown.set(ranks);
    ranks = grown;
  }
  for (const rowid of changed) ranks[rowid] = Number.NaN;
  const rows = prepared(
    db,
    'SELECT rowid, id FROM alerts WHERE rowid IN (SELECT value FROM json_each(?)) ORDER BY id',
    'raw',
  ).all(JSON.stringify(changed)) as Array<[number, string]>;
  const before = prepared(
    db,
    'SELECT rowid FROM alerts WHERE id < ? ORDER BY id DESC LIMIT 1',
    'pluck',
  );
  const after = prepared(db, 'SELECT rowid FROM alerts WHERE id > ? ORDER BY id LIMIT 1', 'pluck');
  // From the last: whether the next alert by id is the next changed one (the run goes on), and
  // the rank of the ranked alert that ends the run (null: none, the run is last of all).
  const runOn: boolean[] = [];
  const ends: Array<number | null> = [];
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const next = after.get(rows[index]?.[1]) as number | undefined;
    const goesOn = next !== undefined && next === rows[index + 1]?.[0];
    runOn[index] = goesOn;
    ends[index] = goesOn
      ? (ends[index + 1] ?? null)
      : next === undefined
        ? null
        : (ranks[next] ?? Number.NaN);
  }
  let low = Number.NaN;
  let left = 0;
  for (const [index, [rowid, id]] of rows.entries()) {
    if (index === 0 || !runOn[index - 1]) {
      // A run starts: after a ranked alert (or none), then as many as go on.
      const previous = before.get(id) as number | undefined;
      low = previous === undefined ? 0 : (ranks[previous] ?? Number.NaN);
      left = 1;
      while (runOn[index + left - 1]) left += 1;
    }
    const high = ends[index] ?? null;
    const rank = high === null ? low + RANK_SPACING : low + (high - low) / (left + 1);
    // Strictly between its neighbours (NaN compares false): else no room is left, made afresh.
    if (!(rank > low) || (high !== null && !(rank < high))) return null;
    ranks[rowid] = rank;
    low = rank;
    left -= 1;
  }
  return ranks;
}

/** Held in a box, so that a cache whose rowids are too sparse is remembered as such. */
const idRankMemo = new UpkeptMemo<{ ranks: Float64Array | null }>(1);

/**
 * Each alert's rank in id order by rowid, so that a catch-up breaks a tie of two sort keys by
 * comparing numbers rather than reading both ids (an index lookup each: most of placing an alert
 * among a million of seven states). 'made': made now if need be (an order that reads the id order
 * anyway makes them); 'held': only if they are kept already, else null. Null too for a cache
 * whose rowids are too sparse for an array by rowid.
 */
export function idRanks(db: CacheDb, only: 'held' | 'made'): Float64Array | null {
  if (only === 'held' && !idRankMemo.holds(db, 'ranks')) return null;
  return idRankMemo.get(
    db,
    'ranks',
    () => ({ ranks: ranksFrom(db) }),
    (kept, changed) => {
      if (!kept.ranks) return kept;
      const ranks = catchUpRanks(db, kept.ranks, changed);
      return ranks && { ranks };
    },
  ).ranks;
}

export interface Runs {
  /** Every alert's rowid, grouped by a value (a customer, a state), the groups in its order. */
  rowids: Rowids;
  /** Each group's value and how many alerts it has, in the same order. */
  runs: Array<[string | number, number]>;
  largest: number;
}

function runs(db: CacheDb, index: string, column: string): Runs {
  return db.transaction(() => {
    const largest = largestRowid(db);
    const rowids = prepared(
      db,
      `SELECT rowid FROM alerts INDEXED BY ${index} ORDER BY ${column}`,
      'pluck',
    ).all() as number[];
    const groups = prepared(
      db,
      `SELECT ${column}, COUNT(*) FROM alerts INDEXED BY ${index} GROUP BY ${column} ORDER BY ${column}`,
      'raw',
    ).all() as Array<[string | number, number]>;
    return { rowids: toRowids(rowids, largest), runs: groups, largest };
  })();
}

const customerRunMemo = new VersionedMemo<Runs>(1);
const stateRunMemo = new VersionedMemo<Runs>(1);

/** The alerts grouped by customer external id, in its order. */
export const customerRuns = (db: CacheDb): Runs =>
  customerRunMemo.get(db, 'customers', () =>
    runs(db, 'alerts_by_customer', 'customer_external_id'),
  );

/** The alerts grouped by state, in its order. */
export const stateRuns = (db: CacheDb): Runs =>
  stateRunMemo.get(db, 'states', () => runs(db, 'alerts_by_state', 'state'));

/** Each alert's group (a small number) by rowid, from its runs and a group number per value. */
export function groupOf(
  source: Runs,
  group: (value: string | number, position: number) => number,
): RowidValues {
  const groups = rowidValues(source.largest, source.rowids.length, 0);
  let at = 0;
  source.runs.forEach(([value, count], position) => {
    const number = group(value, position);
    for (const end = at + count; at < end; at += 1) groups.set(source.rowids[at] ?? 0, number);
  });
  return groups;
}

const stateTableMemo = new UpkeptMemo<RowidValues>(1);

/** Each alert's state, by rowid; caught up with the alerts changed since it was read. */
export const stateOf = (db: CacheDb): RowidValues =>
  stateTableMemo.get(
    db,
    'states',
    () => groupOf(stateRuns(db), (state) => Number(state)),
    (table, changed) => {
      const now = new Map<number, number>(changed.map((rowid) => [rowid, 0]));
      for (const [rowid, state] of prepared(
        db,
        'SELECT rowid, state FROM alerts WHERE rowid IN (SELECT value FROM json_each(?))',
        'raw',
      ).all(JSON.stringify(changed)) as Array<[number, number]>)
        now.set(rowid, state);
      return table.with(now);
    },
  );
