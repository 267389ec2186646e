import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { UpkeptMemo } from './queue-memo';
import { denseRowids } from './queue-rowids';
import { alertCount, largestRowid } from './queue-tables';

// What the queue's filters test of every alert, held in the read worker as one typed array per
// column, indexed by rowid: a new filter is then one pass over arrays (milliseconds at a million
// alerts) where asking SQLite walks an index per condition (a hundred milliseconds and more). The
// arrays are read from the cache once and caught up with the alerts each commit changed. A
// commit's catch-up of an order reads its sort keys here too, when they are read (queue-order.ts).

/** Text values (and states) as small numbers, in the order first seen. */
export class Codes<T extends string | number> {
  private readonly byValue = new Map<T, number>();
  readonly values: T[] = [];

  /** The value's code, given one if it has none. */
  code(value: T): number {
    let code = this.byValue.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.byValue.set(value, code);
      this.values.push(value);
    }
    return code;
  }

  /** The value's code, or -1 when no alert has had it. */
  find(value: T): number {
    return this.byValue.get(value) ?? -1;
  }

  get size(): number {
    return this.values.length;
  }
}

export type ColumnName =
  'state' | 'category' | 'agent' | 'customer' | 'score' | 'created' | 'updated';
type CodedName = 'state' | 'category' | 'agent' | 'customer';
type NumberName = Exclude<ColumnName, CodedName>;

/**
 * How each column is first read, each from an index (never the alerts' rows, which carry
 * kilobytes of raw JSON: reading a million of them costs seconds): a column an index leads with
 * as runs (every rowid in its order, then how many alerts each value has), the others as two
 * walks of one index in the same order, its rowids and the column's values.
 */
const FIRST_READ: Record<ColumnName, { index: string; column: string; order: string }> = {
  state: { index: 'alerts_by_state', column: 'state', order: 'runs' },
  score: { index: 'alerts_by_score', column: 'score', order: 'runs' },
  agent: { index: 'alerts_by_agent', column: 'agent_id', order: 'runs' },
  customer: { index: 'alerts_by_customer', column: 'customer_external_id', order: 'runs' },
  // The index's own order, which its (key, id) makes one order whatever SQLite chooses.
  category: { index: 'alerts_by_score', column: 'category', order: 'score, id' },
  created: { index: 'alerts_by_created', column: 'created_ms', order: 'created_ms, id' },
  updated: { index: 'alerts_by_updated', column: 'updated_ms', order: 'updated_ms, id' },
};

/** An alert's queue columns as SQLite gives them, to catch up the alerts a commit changed. */
type ColumnRow = [
  rowid: number,
  state: number,
  score: number,
  created: number,
  updated: number,
  category: string,
  agent: string,
  customer: string,
];

const COLUMN_SELECT =
  'SELECT rowid, state, score, created_ms, updated_ms, category, agent_id, customer_external_id FROM alerts';

/**
 * Every alert's queue columns by rowid, each read when a filter first needs it (a first filter on
 * a score reads no agents) or the read worker's warm-up reads it, and from then on caught up with
 * the alerts each commit changed. Which
 * rowids are alerts is the orders' to say (queue-order.ts): a rowid no alert has keeps old values.
 */
export class AlertColumns {
  readonly codes = {
    state: new Codes<number>(),
    category: new Codes<string>(),
    agent: new Codes<string>(),
    customer: new Codes<string>(),
  };
  private coded: Partial<Record<CodedName, Int32Array>> = {};
  /** 1 where an alert has the rowid: read with the states, which every alert has. */
  private presence: Uint8Array | null = null;
  private numbers: Partial<Record<NumberName, Float64Array>> = {};

  constructor(public capacity: number) {}

  /** The column's code by rowid, read first if no filter has needed it yet. */
  codesOf(db: CacheDb, name: CodedName): Int32Array {
    let values = this.coded[name];
    if (!values) {
      values = new Int32Array(this.capacity);
      const codes = this.codes[name] as Codes<string | number>;
      const present = name === 'state' ? new Uint8Array(this.capacity) : null;
      this.readInto(db, name, (rowid, value) => {
        (values as Int32Array)[rowid] = codes.code(value);
        if (present) present[rowid] = 1;
      });
      this.coded[name] = values;
      if (present) this.presence = present;
    }
    return values;
  }

  /** 1 by rowid where an alert has it. */
  present(db: CacheDb): Uint8Array {
    this.codesOf(db, 'state');
    return this.presence ?? new Uint8Array(0);
  }

  /** The column's value by rowid, read first if no filter has needed it yet. */
  numbersOf(db: CacheDb, name: NumberName): Float64Array {
    let values = this.numbers[name];
    if (!values) {
      values = new Float64Array(this.capacity);
      this.readInto(db, name, (rowid, value) => {
        (values as Float64Array)[rowid] = Number(value);
      });
      this.numbers[name] = values;
    }
    return values;
  }

  /** Whether the column has been read (and is kept up). */
  has(name: ColumnName): boolean {
    return name in this.coded || name in this.numbers;
  }

  /** Reads the column now if no filter has needed it yet. */
  read(db: CacheDb, name: ColumnName): void {
    if (name === 'state' || name === 'category' || name === 'agent' || name === 'customer')
      this.codesOf(db, name);
    else this.numbersOf(db, name);
  }

  private readInto(
    db: CacheDb,
    name: ColumnName,
    put: (rowid: number, value: string | number) => void,
  ) {
    const { index, column, order } = FIRST_READ[name];
    const runs = order === 'runs';
    db.transaction(() => {
      const rowids = prepared(
        db,
        `SELECT rowid FROM alerts INDEXED BY ${index} ORDER BY ${runs ? column : order}`,
        'pluck',
      ).all() as number[];
      if (runs) {
        let at = 0;
        for (const [value, count] of prepared(
          db,
          `SELECT ${column}, COUNT(*) FROM alerts INDEXED BY ${index} GROUP BY ${column} ORDER BY ${column}`,
          'raw',
        ).all() as Array<[string | number, number]>)
          for (const end = at + count; at < end; at += 1) put(rowids[at] ?? 0, value);
      } else {
        const values = prepared(
          db,
          `SELECT ${column} FROM alerts INDEXED BY ${index} ORDER BY ${order}`,
          'pluck',
        ).all() as Array<string | number>;
        values.forEach((value, at) => put(rowids[at] ?? 0, value));
      }
    })();
  }

  /**
   * The alerts changed since, read again into every column read so far; false when one is past
   * what arrays by rowid are worth.
   */
  catchUp(db: CacheDb, changed: readonly number[]): boolean {
    let largest = 0;
    for (const rowid of changed) if (rowid > largest) largest = rowid;
    // Grown even with nothing read yet: a column read later fills only the rowids it has room for.
    if (largest >= this.capacity) {
      const alerts = alertCount(db);
      if (!denseRowids(largest, alerts)) return false;
      this.grow(Math.ceil(largest * 1.25) + 1);
    }
    // Nothing read yet (main's connection answering a first screen): nothing else to catch up.
    if (!this.presence && !Object.keys(this.coded).length && !Object.keys(this.numbers).length)
      return true;
    const rows = prepared(
      db,
      `${COLUMN_SELECT} WHERE rowid IN (SELECT value FROM json_each(?))`,
      'raw',
    ).all(JSON.stringify(changed)) as ColumnRow[];
    const { state, category, agent, customer } = this.coded;
    const { score, created, updated } = this.numbers;
    const present = this.presence;
    if (present) for (const rowid of changed) present[rowid] = 0;
    for (const row of rows) {
      const rowid = row[0];
      if (present) present[rowid] = 1;
      if (state) state[rowid] = this.codes.state.code(row[1]);
      if (score) score[rowid] = row[2];
      if (created) created[rowid] = row[3];
      if (updated) updated[rowid] = row[4];
      if (category) category[rowid] = this.codes.category.code(row[5]);
      if (agent) agent[rowid] = this.codes.agent.code(row[6]);
      if (customer) customer[rowid] = this.codes.customer.code(row[7]);
    }
    return true;
  }

  private grow(capacity: number) {
    if (this.presence) {
      const next = new Uint8Array(capacity);
      next.set(this.presence);
      this.presence = next;
    }
    for (const name of Object.keys(this.coded) as CodedName[]) {
      const next = new Int32Array(capacity);
      next.set(this.coded[name] ?? []);
      this.coded[name] = next;
    }
    for (const name of Object.keys(this.numbers) as NumberName[]) {
      const next = new Float64Array(capacity);
      next.set(this.numbers[name] ?? []);
      this.numbers[name] = next;
    }
    this.capacity = capacity;
  }
}

function newColumns(db: CacheDb): AlertColumns | null {
  const largest = largestRowid(db);
  const alerts = alertCount(db);
  return denseRowids(largest, alerts) ? new AlertColumns(largest + 1) : null;
}

/** Held in a box, so that a cache found too sparse is remembered as such, not read again. */
const columnMemo = new UpkeptMemo<{ columns: AlertColumns | null }>(1);

/**
 * The alerts' queue columns as this reader's snapshot holds them; null when the cache's rowids are
 * too sparse for arrays indexed by rowid. Caught up in place: the memo holds the one copy, and
 * every reader is on this thread.
 */
export const alertColumns = (db: CacheDb): AlertColumns | null =>
  columnMemo.get(
    db,
    'columns',
    () => ({ columns: newColumns(db) }),
    (kept, changed) => (!kept.columns || kept.columns.catchUp(db, changed) ? kept : null),
  ).columns;
