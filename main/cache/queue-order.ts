import { QUEUE_COLUMNS, type QueueColumnName, type QueueSortInput } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { UpkeptMemo } from './queue-memo';
import { rowidValues, rowidsLike, toRowids, type RowidValues, type Rowids } from './queue-rowids';
import { alertColumns } from './queue-columns';
import { customerRuns, groupOf, idOrder, idRanks, stateRuns, type IdOrder } from './queue-tables';

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

/** The columns an index leads with, its key and id next: a window of them is one index walk. */
const INDEX_KEYS: Partial<Record<QueueColumnName, { index: string; key: string }>> = {
  updatedAt: { index: 'alerts_by_updated', key: 'updated_ms' },
  createdAt: { index: 'alerts_by_created', key: 'created_ms' },
  score: { index: 'alerts_by_score', key: 'score' },
};

/** Whether an index leads with the column, so that a window by it is one index walk. */
export const hasIndexedWindow = (column: QueueColumnName): boolean => column in INDEX_KEYS;

/**
 * A window of every alert by an indexed column, read straight from its index (LIMIT and OFFSET):
 * the first screen's window before the column's whole order is kept (a walk of every alert);
 * null for a column no index leads with.
 */
export function indexedWindow(
  db: CacheDb,
  column: QueueColumnName,
  descending: boolean,
  window: { offset: number; limit: number },
  where: { sql: string; params: Array<string | number> } | null,
): number[] | null {
  const indexed = INDEX_KEYS[column];
  if (!indexed) return null;
  const direction = descending ? 'DESC' : 'ASC';
  return prepared(
    db,
    `SELECT rowid FROM alerts INDEXED BY ${indexed.index} ${where ? `WHERE ${where.sql}` : ''}
     ORDER BY ${indexed.key} ${direction}, id ${direction} LIMIT ? OFFSET ?`,
    'pluck',
  ).all(...(where?.params ?? []), window.limit, window.offset) as number[];
}

/** Whether the column's order of every alert is kept, of this state or one to catch up from. */
export const orderKept = (db: CacheDb, column: CacheColumn): boolean => orders.holds(db, column);

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
    // Ranked while the id order is at hand: later catch-ups break ties with the ranks.
    idRanks(db, 'made');
    // A copy: a catch-up rearranges the order it keeps in place, and idOrder's memo holds this one.
    if (column === 'id') return byId.rowids.slice();
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
const orders = new UpkeptMemo<Rowids>(QUEUE_COLUMNS.length);

/** Every cached alert in the column's ascending order (descending is exactly its reverse). */
export const queueOrder = (db: CacheDb, column: CacheColumn): Rowids =>
  orders.get(
    db,
    column,
    () => computeOrder(db, column),
    (order, changed) => catchUpOrder(db, column, order, changed),
  );

/**
 * Each column's sort key as ORDER_KEYS orders it, and how two such keys compare in JavaScript
 * exactly as SQLite compares them: numbers by value, text by its UTF-8 bytes (BINARY), names with
 * ASCII letters folded first (NOCASE, which is what lower() folds too).
 */
/** Each column's key: its SQL, how it compares, and whether it is the customer's (a join). */
const SORT_KEYS: Record<
  CacheColumn,
  { sql: string; compare: 'number' | 'text' | 'nocase'; customer?: true }
> = {
  id: { sql: 'a.id', compare: 'text' },
  customerName: { sql: "COALESCE(c.name, '')", compare: 'nocase', customer: true },
  customerExternalId: { sql: 'a.customer_external_id', compare: 'text' },
  category: { sql: 'a.category', compare: 'text' },
  score: { sql: 'a.score', compare: 'number' },
  state: { sql: 'a.state', compare: 'number' },
  createdAt: { sql: 'a.created_ms', compare: 'number' },
  updatedAt: { sql: 'a.updated_ms', compare: 'number' },
  agentId: { sql: 'a.agent_id', compare: 'text' },
  reviewGroups: {
    sql: "replace(COALESCE(c.review_groups, ''), '|', char(9))",
    compare: 'text',
    customer: true,
  },
};

/** Text by code point, which is UTF-8 byte order; UTF-16 units differ only past a surrogate. */
export function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    const surrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdfff;
    if (!surrogate(x) && !surrogate(y)) return x - y;
    return (a.codePointAt(index) ?? 0) - (b.codePointAt(index) ?? 0);
  }
  return a.length - b.length;
}

const foldAscii = (text: string) => text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

type SortKey = [key: number | string, id: string];

type Key = number | string;

/** How two keys of the column compare, as SQLite compares them. */
function keyOrder(column: CacheColumn): (x: Key, y: Key) => number {
  const how = SORT_KEYS[column].compare;
  return how === 'number'
    ? (x, y) => Number(x) - Number(y)
    : how === 'nocase'
      ? (x, y) => compareCodePoints(foldAscii(String(x)), foldAscii(String(y)))
      : (x, y) => compareCodePoints(String(x), String(y));
}

function keyComparer(column: CacheColumn): (a: SortKey, b: SortKey) => number {
  const byKey = keyOrder(column);
  return (a, b) => byKey(a[0], b[0]) || compareCodePoints(a[1], b[1]);
}

const KEY_FROM = 'FROM alerts a LEFT JOIN customers c ON c.external_id = a.customer_external_id';

/** A customer's sort key for the columns that are the customer's, as SORT_KEYS reads it. */
const CUSTOMER_KEY_SQL: Partial<Record<CacheColumn, string>> = {
  customerName: "SELECT COALESCE(name, '') FROM customers WHERE external_id = ?",
  reviewGroups:
    "SELECT replace(COALESCE(review_groups, ''), '|', char(9)) FROM customers WHERE external_id = ?",
};

/**
 * The column's key by rowid from the queue's columns, when they hold it (once a filter or the
 * warm-up read them): numbers and codes in memory, a customer's name or groups read once per
 * customer; undefined for a rowid past them. Null when they do not hold it.
 */
function keyInColumns(
  db: CacheDb,
  column: CacheColumn,
): ((rowid: number) => Key | undefined) | null {
  const columns = alertColumns(db);
  if (!columns) return null;
  const numbers = (name: 'score' | 'created' | 'updated') => {
    if (!columns.has(name)) return null;
    const values = columns.numbersOf(db, name);
    return (rowid: number) => values[rowid];
  };
  const coded = (name: 'state' | 'category' | 'agent' | 'customer') => {
    if (!columns.has(name)) return null;
    const codes = columns.codesOf(db, name);
    const values: readonly Key[] = columns.codes[name].values;
    return (rowid: number): Key | undefined => {
      const code = codes[rowid];
      return code === undefined ? undefined : values[code];
    };
  };
  switch (column) {
    case 'score':
      return numbers('score');
    case 'createdAt':
      return numbers('created');
    case 'updatedAt':
      return numbers('updated');
    case 'state':
      return coded('state');
    case 'category':
      return coded('category');
    case 'agentId':
      return coded('agent');
    case 'customerExternalId':
      return coded('customer');
    case 'customerName':
    case 'reviewGroups': {
      const customer = coded('customer');
      if (!customer) return null;
      const statement = prepared(db, CUSTOMER_KEY_SQL[column] ?? '', 'pluck');
      const keys = new Map<string, string>();
      return (rowid) => {
        const code = customer(rowid);
        if (code === undefined) return undefined;
        const externalId = String(code);
        let key = keys.get(externalId);
        if (key === undefined) {
          // A customer not cached yet has an empty name and no groups.
          key = (statement.get(externalId) as string | undefined) ?? '';
          keys.set(externalId, key);
        }
        return key;
      };
    }
    case 'id':
      return null;
  }
}

/**
 * Whether the alert at `rowid` (one of the order's, unchanged) sorts before `key` (the alert at
 * `keyRowid`'s); null when it is not there (from the columns: when they have no room for it), and
 * the order is then computed again. A key the queue's columns hold is read from them, and a tie
 * is broken by the alerts' kept ranks in id order, else by their ids read once per catch-up: the
 * lookups in SQLite (about 5 µs each, some 20 for each alert placed, a join for a customer's name)
 * were most of a catch-up's time.
 */
function placesBefore(
  db: CacheDb,
  column: CacheColumn,
  compare: (a: SortKey, b: SortKey) => number,
): (rowid: number, key: SortKey, keyRowid: number) => boolean | null {
  const inColumns = keyInColumns(db, column);
  if (inColumns) {
    const byKey = keyOrder(column);
    const idStatement = prepared(db, 'SELECT id FROM alerts WHERE rowid = ?', 'pluck');
    const idOf = readOnce((rowid) => idStatement.get(rowid) as string | undefined);
    const ranks = idRanks(db, 'held');
    return (rowid, [value, id], keyRowid) => {
      const there = inColumns(rowid);
      if (there === undefined) return null;
      const difference = byKey(there, value);
      if (difference) return difference < 0;
      const thereRank = ranks?.[rowid] ?? Number.NaN;
      const keyRank = ranks?.[keyRowid] ?? Number.NaN;
      if (!Number.isNaN(thereRank) && !Number.isNaN(keyRank)) return thereRank < keyRank;
      const thereId = idOf(rowid);
      return thereId === undefined ? null : compareCodePoints(thereId, id) < 0;
    };
  }
  // The customer joined only for the keys that are the customer's: a lookup costs half without.
  const keySource = SORT_KEYS[column].customer ? KEY_FROM : 'FROM alerts a';
  const keyStatement = prepared(
    db,
    `SELECT ${SORT_KEYS[column].sql}, a.id ${keySource} WHERE a.rowid = ?`,
    'raw',
  );
  const keyOf = readOnce((rowid) => keyStatement.get(rowid) as SortKey | undefined);
  return (rowid, key) => {
    const there = keyOf(rowid);
    return there === undefined ? null : compare(there, key) < 0;
  };
}

/** `read`, asked once per rowid however often its answer is wanted. */
function readOnce<T>(read: (rowid: number) => T): (rowid: number) => T {
  const answers = new Map<number, T>();
  return (rowid) => {
    if (!answers.has(rowid)) answers.set(rowid, read(rowid));
    return answers.get(rowid) as T;
  };
}

/**
 * The order as it was, caught up with the alerts changed since: those are taken out, and each
 * that still exists (and that `keeps` keeps) is put back where its key now places it, found by a
 * binary search that reads the keys of the ~20 alerts it passes (placesBefore: from memory once
 * the queue's columns are read). Linear in the alerts (one pass that reads, runs moved in the
 * order's own buffer), where computing again sorts or walks every alert from SQLite. The same
 * serves a filtered queue (`keeps`). The order passed is rearranged in place (see rearranged).
 */
export function catchUpOrder(
  db: CacheDb,
  column: CacheColumn,
  order: Rowids,
  changed: readonly number[],
  keeps?: (rowid: number) => boolean,
): Rowids | null {
  const compare = keyComparer(column);
  const { sql } = SORT_KEYS[column];
  const rows = prepared(
    db,
    `SELECT a.rowid, ${sql}, a.id ${KEY_FROM} WHERE a.rowid IN (SELECT value FROM json_each(?))`,
    'raw',
  ).all(JSON.stringify(changed)) as Array<[number, number | string, string]>;
  // A rowid a 32-bit order cannot hold: computed again, in an order that can.
  if (order instanceof Int32Array && changed.some((rowid) => rowid > 0x7fffffff)) return null;
  // The changed by their rowids' last 15 bits, a bit each in 4 KB that stay in the processor's
  // nearest cache: the pass below asks the set only of the few alerts this lets through (at
  // MAX_CAUGHT_UP changed, about one in sixteen).
  const moved = new Set(changed);
  const maybeMoved = new Int32Array(1024);
  for (const rowid of changed) {
    const word = (rowid >>> 5) & 1023;
    maybeMoved[word] = (maybeMoved[word] ?? 0) | (1 << (rowid & 31));
  }
  // Where the changed alerts were: one pass that only reads (they are few, so its test almost
  // never holds), where copying the order without them wrote a million places per commit.
  const movedAt: number[] = [];
  for (let index = 0; index < order.length; index += 1) {
    const rowid = order[index] ?? 0;
    if ((((maybeMoved[(rowid >>> 5) & 1023] ?? 0) >>> (rowid & 31)) & 1) === 1 && moved.has(rowid))
      movedAt.push(index);
  }
  // The order without them, read in place: its place p is the order's p + the changed before it.
  const skipped = movedAt.map((index, before) => index - before);
  const remainingLength = order.length - movedAt.length;
  const orderIndex = (place: number): number => {
    let low = 0;
    let high = skipped.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((skipped[middle] ?? 0) <= place) low = middle + 1;
      else high = middle;
    }
    return place + low;
  };
  const before = placesBefore(db, column, compare);
  const placed = rows
    .filter(([rowid]) => !keeps || keeps(rowid))
    .map(([rowid, key, id]) => ({ rowid, key: [key, id] as SortKey }))
    .sort((a, b) => compare(a.key, b.key))
    .map(({ rowid, key }) => {
      // The first kept alert that sorts after this one.
      let low = 0;
      let high = remainingLength;
      while (low < high) {
        const middle = (low + high) >>> 1;
        const sortsBefore = before(order[orderIndex(middle)] ?? 0, key, rowid);
        if (sortsBefore === null) return null;
        if (sortsBefore) low = middle + 1;
        else high = middle;
      }
      return { rowid, at: orderIndex(low) } satisfies Placement;
    });
  if (placed.some((place) => place === null)) return null;
  // Placed in key order, so their places never go back; if they did (the searches and the sort
  // disagreeing), rearranging in place would spoil the kept order: it is computed again instead.
  const places = placed as Placement[];
  if (places.some((place, index) => index > 0 && place.at < (places[index - 1]?.at ?? 0)))
    return null;
  return rearranged(order, movedAt, places);
}

/** The order's whole buffer, its places first, if it holds `length`; else a larger copy. */
function withRoom(order: Rowids, length: number): Rowids {
  const room = (order.buffer.byteLength - order.byteOffset) / order.BYTES_PER_ELEMENT;
  if (length <= room)
    return order instanceof Int32Array
      ? new Int32Array(order.buffer, order.byteOffset, room)
      : new Float64Array(order.buffer, order.byteOffset, room);
  const grown = rowidsLike(order, Math.ceil(length * 1.25) + 16);
  grown.set(order);
  return grown;
}

interface Placement {
  rowid: number;
  /** Put before the alert at this place of the order as it was (its length: at the end). */
  at: number;
}

/**
 * The order with the alerts at `movedAt` taken out and `placed` put in, written in the order's own
 * buffer when it has room (a catch-up made a new array of every alert's place, 4 MB at a
 * million, which kept the read worker's collector busy during a sync), else in a larger one with
 * room to spare. Its runs move with copyWithin: those moving left first, in order, then those
 * moving right, from the end, so that no run is written over before it has moved. The order
 * passed is changed: its memo holds the returned one, and a snapshot still holding the old one is
 * of an earlier state, caught up before it is read again.
 */
export function rearranged(
  order: Rowids,
  movedAt: readonly number[],
  placed: readonly Placement[],
): Rowids {
  const length = order.length - movedAt.length + placed.length;
  const all = withRoom(order, length);
  // Runs of the order as it was, each [from, to, where it goes], and the alerts put in.
  const runs: Array<[number, number, number]> = [];
  const puts: Array<[number, number]> = [];
  let from = 0;
  let removed = 0;
  let added = 0;
  let nextMoved = 0;
  let nextPlaced = 0;
  while (from < order.length || nextPlaced < placed.length) {
    const place = placed[nextPlaced];
    const moved = movedAt[nextMoved];
    if (place && place.at === from) {
      puts.push([from - removed + added, place.rowid]);
      added += 1;
      nextPlaced += 1;
    } else if (moved === from) {
      removed += 1;
      nextMoved += 1;
      from += 1;
    } else {
      const to = Math.min(moved ?? order.length, place?.at ?? order.length, order.length);
      runs.push([from, to, from - removed + added]);
      from = to;
    }
  }
  for (const [start, end, to] of runs) if (to < start) all.copyWithin(to, start, end);
  for (let index = runs.length - 1; index >= 0; index -= 1) {
    const [start, end, to] = runs[index] ?? [0, 0, 0];
    if (to > start) all.copyWithin(to, start, end);
  }
  for (const [to, rowid] of puts) all[to] = rowid;
  return all.subarray(0, length);
}

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
