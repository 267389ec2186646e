import { QUEUE_COLUMNS, type QueueColumnName, type QueueSortInput } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { VersionedMemo } from './queue-memo';
import { rowidValues, toRowids, type RowidValues, type Rowids } from './queue-rowids';
import { customerRuns, groupOf, idOrder, stateRuns, type IdOrder } from './queue-tables';

/**
 * The SQL meaning of each column's order, ties broken by the alert id in the same direction.
 * Names compare case-insensitively ("de Vries" beside "De Vries"); review groups compare group by
 * group (the separator becomes a tab, below any letter). A customer not cached yet has an empty
 * name and no groups, so comes first ascending.
 */
export type CacheColumn = Exclude<QueueColumnName, 'work'>;

export const ORDER_KEYS: Record<CacheColumn, string> = {
  id: 'a.id',
  customerName: "COALESCE(c.name, '') COLLATE NOCASE",
  customerExternalId: 'a.customer_external_id',
  category: 'a.category',
  score: 'a.score',
  state: 'a.state',
  createdAt: 'a.created_ms',
  updatedAt: 'a.updated_ms',
  agentId: 'a.agent_id',
  reviewGroups: "replace(COALESCE(c.review_groups, ''), '|', char(9))",
};

export function orderBySql(sort: QueueSortInput & { column: CacheColumn }): string {
  const direction = sort.direction === 'desc' ? 'DESC' : 'ASC';
  return `ORDER BY ${ORDER_KEYS[sort.column]} ${direction}, a.id ${direction}`;
}

/** Columns ordered straight from an index holding the key, the id and the rowid. */
const FROM_INDEX: Partial<Record<QueueColumnName, string>> = {
  updatedAt: 'SELECT rowid FROM alerts INDEXED BY alerts_by_updated ORDER BY updated_ms, id',
  createdAt: 'SELECT rowid FROM alerts INDEXED BY alerts_by_created ORDER BY created_ms, id',
  score: 'SELECT rowid FROM alerts INDEXED BY alerts_by_score ORDER BY score, id',
  // No index leads with the category: a sort of the score index's entries, not of the rows.
  category: 'SELECT rowid FROM alerts INDEXED BY alerts_by_score ORDER BY category, id',
  agentId: 'SELECT rowid FROM alerts INDEXED BY alerts_by_agent ORDER BY agent_id, id',
};

/** The customers' sort keys, in order (equal keys adjacent), for the columns that come from them. */
const CUSTOMER_KEYS: Partial<Record<QueueColumnName, string>> = {
  // lower() folds ASCII only, exactly as NOCASE compares.
  customerName: 'SELECT external_id, lower(name) AS k FROM customers ORDER BY k',
  reviewGroups:
    "SELECT external_id, replace(review_groups, '|', char(9)) AS k FROM customers ORDER BY k",
};

/**
 * Every alert by a group number, ids in order within a group: a counting sort over the alerts in
 * id order, linear where a sort of 100,000 keys (text, for a customer's name) is not.
 */
function orderByGroup(byId: IdOrder, groupOf: RowidValues): Rowids {
  const sizes: number[] = [];
  for (const rowid of byId.rowids) {
    const group = groupOf.get(rowid);
    sizes[group] = (sizes[group] ?? 0) + 1;
  }
  const next: number[] = [];
  let start = 0;
  for (let group = 0; group < sizes.length; group += 1) {
    next[group] = start;
    start += sizes[group] ?? 0;
  }
  const ordered = byId.largest <= 0x7fffffff ? new Int32Array(start) : new Float64Array(start);
  for (const rowid of byId.rowids) {
    const group = groupOf.get(rowid);
    const position = next[group] ?? 0;
    ordered[position] = rowid;
    next[group] = position + 1;
  }
  return ordered;
}

/** Group numbers from the customers' keys: equal keys share one, an empty key (or none) is 0. */
function customerKeyGroups(db: CacheDb, sql: string): Map<string, number> {
  const groups = new Map<string, number>();
  let group = 0;
  let previous = '';
  for (const [externalId, key] of prepared(db, sql, 'raw').iterate() as Iterable<
    [string, string]
  >) {
    if (key !== previous) group += 1;
    previous = key;
    groups.set(externalId, key === '' ? 0 : group);
  }
  return groups;
}

function computeOrder(db: CacheDb, column: CacheColumn): Rowids {
  const sql = FROM_INDEX[column];
  if (sql) {
    const rowids = prepared(db, sql, 'pluck').all() as number[];
    let largest = 0;
    for (const rowid of rowids) if (rowid > largest) largest = rowid;
    return toRowids(rowids, largest);
  }
  return db.transaction(() => {
    const byId = idOrder(db);
    if (column === 'id') return byId.rowids;
    if (column === 'state') {
      // States run from 1 to 7; any other value the service sends keeps its place among them.
      const states = stateRuns(db);
      return orderByGroup(
        byId,
        groupOf(states, (_state, position) => position),
      );
    }
    const customers = customerRuns(db);
    const keysSql = CUSTOMER_KEYS[column];
    if (!keysSql)
      return orderByGroup(
        byId,
        groupOf(customers, (_id, position) => position),
      );
    const groups = customerKeyGroups(db, keysSql);
    // An alert whose customer is not cached has an empty name and no groups: group 0.
    return orderByGroup(
      byId,
      groupOf(customers, (id) => groups.get(String(id)) ?? 0),
    );
  })();
}

/** One per column at most (4 bytes an alert each), so switching sorts back and forth is free. */
const orders = new VersionedMemo<Rowids>(QUEUE_COLUMNS.length);

/** Every cached alert in the column's ascending order (descending is exactly its reverse). */
export const queueOrder = (db: CacheDb, column: CacheColumn): Rowids =>
  orders.get(db, column, () => computeOrder(db, column));

/**
 * Every cached alert by the rank of the investigator's work on it (none first), ids in order
 * within a rank. The ranks come from the local store, so this is not memoised per cache state:
 * the caller keys it by the ranks too.
 */
export function workOrder(db: CacheDb, ranks: ReadonlyMap<string, number>): Rowids {
  return db.transaction(() => {
    const byId = idOrder(db);
    const rankOf = rowidValues(byId.largest, byId.rowids.length, 0);
    const ranked = prepared(
      db,
      'SELECT a.rowid, j.value FROM json_each(?) j JOIN alerts a ON a.id = j.key',
      'raw',
    ).all(JSON.stringify(Object.fromEntries(ranks))) as Array<[number, number]>;
    for (const [rowid, rank] of ranked) rankOf.set(rowid, rank);
    return orderByGroup(byId, rankOf);
  })();
}
