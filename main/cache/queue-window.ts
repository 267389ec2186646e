import type { z } from 'zod';
import type { QueueWindow, QueueWindowInput } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { normaliseFilter, type QueueFilterValue } from './queue-filter';
import { matches } from './queue-match';
import { alertColumns, type ColumnName } from './queue-columns';
import { filterKeeps, scanQueue } from './queue-scan';
import { prepared } from '../lib/sqlite/statements';
import { UpkeptMemo, VersionedMemo } from './queue-memo';
import {
  catchUpOrder,
  hasIndexedWindow,
  indexedWindow,
  orderKept,
  queueOrder,
  workOrder,
} from './queue-order';
import { keepInOrder, type Rowids } from './queue-rowids';
import { stateOf } from './queue-tables';
import { QUEUE_ROW_SELECT, queueRow, type QueueRowRecord } from './queue-rows';

export type QueueWindowQuery = Omit<z.output<typeof QueueWindowInput>, 'filter'> & {
  filter: QueueFilterValue;
  /**
   * For the work column's order: each alert's rank of the investigator's work (higher is more
   * pressing; absent is none), and a key that changes whenever the ranks do.
   */
  work?: { ranks: ReadonlyMap<string, number>; key: string };
};

const ALL_STATES = [1, 2, 3, 4, 5, 6, 7];

/** The filtered, sorted queue, and its state chips' counts when the same pass counted them. */
interface Snapshot {
  rowids: Rowids;
  stateCounts: Record<string, number> | null;
}

/** A few: the screen's current queue, the one before a filter change, one being tried. */
const snapshots = new UpkeptMemo<Snapshot>(3);
const stateCountMemo = new VersionedMemo<Record<string, number>>(16);

const withEveryState = (counts: Iterable<[number, number]>): Record<string, number> => {
  const record: Record<string, number> = Object.fromEntries(
    ALL_STATES.map((state) => [String(state), 0]),
  );
  for (const [state, count] of counts) record[String(state)] = count;
  return record;
};

/**
 * The whole filtered, sorted queue as rowids, kept until the cache changes: any window is a slice
 * of it, so a window at any depth costs what the first does (OFFSET walks every row before it) and
 * the order holds still while the investigator scrolls. Sorting and filtering are apart: each
 * column's order of every alert is kept, and a filter is one walk of it keeping the alerts its
 * marks (queue-scan.ts) keep. All three are caught up after a commit by the alerts it changed, so
 * a window read during a sync costs what one read in a quiet moment does.
 */
/** Both directions share one queue: a descending window is read from its end. */
const snapshotKey = (
  filter: QueueFilterValue,
  sort: QueueWindowQuery['sort'],
  work: QueueWindowQuery['work'],
) => JSON.stringify([filter, sort.column, sort.column === 'work' ? (work?.key ?? '') : '']);

function snapshot(
  db: CacheDb,
  filter: QueueFilterValue,
  sort: QueueWindowQuery['sort'],
  work: QueueWindowQuery['work'],
): Snapshot {
  const { column } = sort;
  const unfiltered = Object.keys(filter).length === 0;
  return snapshots.get(
    db,
    snapshotKey(filter, sort, work),
    () => {
      const order =
        column !== 'work'
          ? queueOrder(db, column)
          : workOrder(db, work?.ranks ?? new Map<string, number>());
      // Unfiltered, the queue is the column's order itself, kept (and caught up) once.
      if (unfiltered) return { rowids: order, stateCounts: null };
      const columns = alertColumns(db);
      if (columns) {
        const scan = scanQueue(db, columns, filter, order);
        return { rowids: scan.rowids, stateCounts: withEveryState(scan.stateCounts) };
      }
      // A cache whose rowids are too sparse for arrays by rowid: each condition asked of SQLite.
      return { rowids: keepInOrder(order, matches(db, filter), false), stateCounts: null };
    },
    (kept, changed) => {
      // The work column's order is the local store's, which the cache's changes do not tell.
      if (column === 'work') return null;
      if (unfiltered) return { rowids: queueOrder(db, column), stateCounts: null };
      const columns = alertColumns(db);
      if (!columns) return null;
      const { keeps, stateCounts: counts } = filterKeeps(db, columns, filter);
      const rowids = catchUpOrder(db, column, kept.rowids, changed, keeps);
      return rowids && { rowids, stateCounts: withEveryState(counts) };
    },
  );
}

/** The window's rowids: from the start of the ascending queue, or from its end when descending. */
function windowOf(rowids: Rowids, descending: boolean, offset: number, limit: number): number[] {
  const total = rowids.length;
  if (!descending) return Array.from(rowids.subarray(offset, offset + limit));
  const rows: number[] = [];
  for (let index = total - 1 - offset; index >= 0 && rows.length < limit; index -= 1)
    rows.push(rowids[index] ?? 0);
  return rows;
}

/** Matches per state under every filter but the state one, each state present, zeros too. */
function stateCounts(
  db: CacheDb,
  filter: QueueFilterValue,
  counted: Record<string, number> | null,
): Record<string, number> {
  const { states: _states, ...withoutStates } = filter;
  return stateCountMemo.get(db, JSON.stringify(withoutStates), () => {
    if (counted) return counted;
    const kept = matches(db, withoutStates);
    if (!kept) {
      // Kept by triggers as the cache is written (migration 006): no alert is counted here.
      const all = prepared(
        db,
        "SELECT key, n FROM alert_tallies WHERE kind = 'state' AND n > 0",
        'raw',
      ).all();
      return withEveryState(all as Array<[number, number]>);
    }
    const states = stateOf(db);
    const byState = new Map<number, number>();
    kept.forEach((rowid) => {
      const state = states.get(rowid);
      byState.set(state, (byState.get(state) ?? 0) + 1);
    });
    return withEveryState(byState);
  });
}

function readRows(db: CacheDb, rowids: readonly number[]): QueueRowRecord[] {
  const statement = prepared(
    db,
    `${QUEUE_ROW_SELECT} WHERE a.rowid IN (SELECT value FROM json_each(?))`,
  );
  const records = statement.all(JSON.stringify(Array.from(rowids))) as QueueRowRecord[];
  const byRowid = new Map(records.map((record) => [record.row_id, record]));
  return Array.from(rowids, (rowid) => byRowid.get(rowid)).filter(
    (record): record is QueueRowRecord => record !== undefined,
  );
}

function focusIndex(
  db: CacheDb,
  rowids: Rowids,
  descending: boolean,
  focusId: string | undefined,
): number | null {
  if (focusId === undefined) return null;
  const rowid = prepared(db, 'SELECT rowid FROM alerts WHERE id = ?', 'pluck').get(focusId) as
    number | undefined;
  if (rowid === undefined) return null;
  const index = rowids.indexOf(rowid);
  if (index < 0) return null;
  return descending ? rowids.length - 1 - index : index;
}

/** A window of the filtered, sorted alert queue, with its total, state counts and focus. */
/** How deep a window is still read straight from an index (OFFSET walks every row before it). */
const INDEXED_DEPTH = 1000;

/** The filters every queue index holds the columns of: the state chips, categories, a score. */
const INDEXED_CONDITIONS = new Set(['states', 'categories', 'scoreFrom', 'scoreTo']);

/** Such a filter as SQL over any queue index, its states apart (the state chips count without). */
function indexedConditions(filter: QueueFilterValue, withStates: boolean) {
  const where: string[] = [];
  const params: Array<string | number> = [];
  const list = (column: string, values: ReadonlyArray<string | number>) => {
    where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
    params.push(...values);
  };
  if (withStates && filter.states?.length) list('state', filter.states);
  if (filter.categories?.length) list('category', filter.categories);
  if (filter.scoreFrom !== undefined) {
    where.push('score >= ?');
    params.push(filter.scoreFrom);
  }
  if (filter.scoreTo !== undefined) {
    where.push('score <= ?');
    params.push(filter.scoreTo);
  }
  return where.length ? { sql: where.join(' AND '), params } : null;
}

/**
 * Whether a window can be read straight from its sort column's index (see firstWindow): what the
 * query asks, whatever is kept.
 */
export function readsFromIndex(query: QueueWindowQuery): boolean {
  const filter = normaliseFilter(query.filter);
  return (
    query.focusId === undefined &&
    query.offset <= INDEXED_DEPTH &&
    hasIndexedWindow(query.sort.column) &&
    Object.keys(filter).every((condition) => INDEXED_CONDITIONS.has(condition))
  );
}

/**
 * A window of the queue read straight from the sort column's index while what the kept queue
 * needs is not kept yet (the column's order of every alert, the columns its filter tests: half a
 * second and more to read at a million alerts). The first screens (the queue as it opens, the
 * dashboard's high scores) answer in milliseconds; the read worker keeps the rest soon after.
 * Only for filters on what every queue index holds, and a sort one of them leads with.
 */
function firstWindow(
  db: CacheDb,
  filter: QueueFilterValue,
  query: QueueWindowQuery,
): QueueWindow | null {
  const { column } = query.sort;
  if (column === 'work' || !readsFromIndex(query)) return null;
  if (snapshots.holds(db, snapshotKey(filter, query.sort, query.work))) return null;
  if (!orderKept(db, column)) return indexedAnswer(db, filter, query);
  const columns = alertColumns(db);
  const tested: ColumnName[] = [
    'state',
    ...(filter.categories ? (['category'] as const) : []),
    ...(filter.scoreFrom !== undefined || filter.scoreTo !== undefined ? (['score'] as const) : []),
  ];
  if (Object.keys(filter).length === 0 || tested.every((name) => columns?.has(name))) return null;
  return indexedAnswer(db, filter, query);
}

/** The window read from the sort column's index, its counts from the score index or tallies. */
function indexedAnswer(
  db: CacheDb,
  filter: QueueFilterValue,
  query: QueueWindowQuery,
): QueueWindow | null {
  const rowids = indexedWindow(
    db,
    query.sort.column,
    query.sort.direction === 'desc',
    query,
    indexedConditions(filter, true),
  );
  if (!rowids) return null;
  const others = indexedConditions(filter, false);
  // Without categories, from the alerts counted per state and score (migration 007): the
  // dashboard's high scores are counted before it shows, so no pass over the score index.
  const from = others && !filter.categories?.length ? 'alert_state_scores' : null;
  const counts = others
    ? withEveryState(
        prepared(
          db,
          from
            ? `SELECT state, SUM(n) FROM ${from} WHERE ${others.sql} GROUP BY state HAVING SUM(n) > 0`
            : `SELECT state, COUNT(*) FROM alerts INDEXED BY alerts_by_score WHERE ${others.sql} GROUP BY state`,
          'raw',
        ).all(...others.params) as Array<[number, number]>,
      )
    : stateCounts(db, {}, null);
  const total = Object.entries(counts).reduce(
    (sum, [state, count]) =>
      !filter.states?.length || filter.states.includes(Number(state)) ? sum + count : sum,
    0,
  );
  return {
    total,
    offset: query.offset,
    rows: readRows(db, rowids).map(queueRow),
    stateCounts: counts,
    focusIndex: null,
  };
}

export function queueWindow(db: CacheDb, query: QueueWindowQuery): QueueWindow {
  const filter = normaliseFilter(query.filter);
  const first = firstWindow(db, filter, query);
  if (first) return first;
  const { rowids, stateCounts: counted } = snapshot(db, filter, query.sort, query.work);
  const descending = query.sort.direction === 'desc';
  return {
    total: rowids.length,
    offset: query.offset,
    rows: readRows(db, windowOf(rowids, descending, query.offset, query.limit)).map(queueRow),
    stateCounts: stateCounts(db, filter, counted),
    focusIndex: focusIndex(db, rowids, descending, query.focusId),
  };
}
