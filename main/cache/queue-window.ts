import type { z } from 'zod';
import type { QueueWindow, QueueWindowInput } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { normaliseFilter, type QueueFilterValue } from './queue-filter';
import { matches } from './queue-match';
import { prepared } from '../lib/sqlite/statements';
import { VersionedMemo } from './queue-memo';
import { queueOrder, workOrder } from './queue-order';
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

/** A few: the screen's current queue, the one before a filter change, one being tried. */
const snapshots = new VersionedMemo<Rowids>(3);
const stateCountMemo = new VersionedMemo<Record<string, number>>(16);

/**
 * The whole filtered, sorted queue as rowids, kept until the cache changes: any window is a slice
 * of it, so a window at any depth costs what the first does (OFFSET walks every row before it) and
 * the order holds still while the investigator scrolls. Sorting and filtering are apart: each
 * column's order of every alert is computed once per state of the cache and each filter's matches
 * once, so a new filter does not sort again and a new sort does not filter again.
 */
function snapshot(
  db: CacheDb,
  filter: QueueFilterValue,
  sort: QueueWindowQuery['sort'],
  work: QueueWindowQuery['work'],
): Rowids {
  const byWork = sort.column === 'work';
  const key = JSON.stringify([filter, sort, byWork ? (work?.key ?? '') : '']);
  return snapshots.get(db, key, () => {
    const order =
      sort.column !== 'work'
        ? queueOrder(db, sort.column)
        : workOrder(db, work?.ranks ?? new Map<string, number>());
    const descending = sort.direction === 'desc';
    const kept = matches(db, filter);
    if (!kept && !descending) return order;
    return keepInOrder(order, kept, descending);
  });
}

/** Matches per state under every filter but the state one, each state present, zeros too. */
function stateCounts(db: CacheDb, filter: QueueFilterValue): Record<string, number> {
  const { states: _states, ...withoutStates } = filter;
  return stateCountMemo.get(db, JSON.stringify(withoutStates), () => {
    const counts: Record<string, number> = Object.fromEntries(
      ALL_STATES.map((state) => [String(state), 0]),
    );
    const kept = matches(db, withoutStates);
    if (!kept) {
      // Kept by triggers as the cache is written (migration 006): no alert is counted here.
      const all = prepared(
        db,
        "SELECT key, n FROM alert_tallies WHERE kind = 'state' AND n > 0",
        'raw',
      ).all();
      for (const [state, count] of all as Array<[number, number]>) counts[String(state)] = count;
      return counts;
    }
    const states = stateOf(db);
    const byState = new Map<number, number>();
    kept.forEach((rowid) => {
      const state = states.get(rowid);
      byState.set(state, (byState.get(state) ?? 0) + 1);
    });
    for (const [state, count] of byState) counts[String(state)] = count;
    return counts;
  });
}

function readRows(db: CacheDb, rowids: Rowids): QueueRowRecord[] {
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

function focusIndex(db: CacheDb, rowids: Rowids, focusId: string | undefined): number | null {
  if (focusId === undefined) return null;
  const rowid = prepared(db, 'SELECT rowid FROM alerts WHERE id = ?', 'pluck').get(focusId) as
    number | undefined;
  if (rowid === undefined) return null;
  const index = rowids.indexOf(rowid);
  return index < 0 ? null : index;
}

/** A window of the filtered, sorted alert queue, with its total, state counts and focus. */
export function queueWindow(db: CacheDb, query: QueueWindowQuery): QueueWindow {
  const filter = normaliseFilter(query.filter);
  const rowids = snapshot(db, filter, query.sort, query.work);
  const rows = readRows(db, rowids.subarray(query.offset, query.offset + query.limit)).map(
    queueRow,
  );
  return {
    total: rowids.length,
    offset: query.offset,
    rows,
    stateCounts: stateCounts(db, filter),
    focusIndex: focusIndex(db, rowids, query.focusId),
  };
}
