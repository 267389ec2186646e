import type { CacheDb } from './open-cache';
import { ftsQuery } from './cache-queries';
import { customersWithGroups } from './queue-match';
import { prepared } from '../lib/sqlite/statements';
import type { AlertColumns } from './queue-columns';
import type { QueueFilterValue } from './queue-filter';
import { UpkeptMemo } from './queue-memo';
import { rowidsLike, type Rowids } from './queue-rowids';

// A queue filter answered from the alerts' columns in memory (queue-columns.ts): the same meaning
// as filterPlan's SQL (queue-filter.ts), which the tests hold it to.

const DAY_MS = 86_400_000;
const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** A filter made into arrays and bounds one pass over the alerts tests cheaply. */
interface Test {
  /** By category code, agent code, customer code: null where the filter says nothing of it. */
  categories: Uint8Array | null;
  agents: Uint8Array | null;
  customers: Uint8Array | null;
  /** By rowid: the only alerts kept, when the filter names them. */
  alerts: Uint8Array | null;
  scoreFrom: number;
  scoreTo: number;
  createdFrom: number;
  createdBefore: number;
  updatedFrom: number;
  updatedBefore: number;
}

function byCode<T extends string | number>(
  codes: { size: number; find(value: T): number },
  values: readonly T[],
): Uint8Array {
  // Room for codes given while catching up later: this test is of one snapshot, where none are.
  const kept = new Uint8Array(codes.size);
  for (const value of values) {
    const code = codes.find(value);
    if (code >= 0) kept[code] = 1;
  }
  return kept;
}

/**
 * The customers' conditions (one customer, a name, review groups, none of them) as one mark per
 * customer code; null when the filter has none. The names and groups are asked of the customers
 * (tens of thousands), never of the alerts.
 */
function customerTest(
  db: CacheDb,
  columns: AlertColumns,
  filter: QueueFilterValue,
): Uint8Array | null {
  const conditions: Array<(externalId: string) => boolean> = [];
  if (filter.customerExternalId) {
    const only = filter.customerExternalId;
    conditions.push((externalId) => externalId === only);
  }
  const name = filter.name === undefined ? null : ftsQuery(filter.name);
  if (name) {
    const named = new Set(
      prepared(
        db,
        `SELECT c.external_id FROM customers_fts f JOIN customers c ON c.rowid = f.rowid WHERE customers_fts MATCH ?`,
        'pluck',
      ).all(`{name name_variations} : (${name})`) as string[],
    );
    conditions.push((externalId) => named.has(externalId));
  }
  if (filter.reviewGroups?.length) {
    const groups = filter.reviewGroups;
    const grouped = new Set(
      prepared(
        db,
        `SELECT external_id FROM customers WHERE ${groups.map(() => "instr(review_groups, '|' || ? || '|') > 0").join(' OR ')}`,
        'pluck',
      ).all(...groups) as string[],
    );
    conditions.push((externalId) => grouped.has(externalId));
  }
  if (filter.onlyWithoutReviewGroups) {
    // A customer not cached yet has no review group that we know.
    const grouped = customersWithGroups(db);
    conditions.push((externalId) => !grouped.has(externalId));
  }
  if (!conditions.length) return null;
  columns.codesOf(db, 'customer');
  const kept = new Uint8Array(columns.codes.customer.size);
  columns.codes.customer.values.forEach((externalId, code) => {
    if (conditions.every((holds) => holds(externalId))) kept[code] = 1;
  });
  return kept;
}

function agentTest(
  db: CacheDb,
  columns: AlertColumns,
  filter: QueueFilterValue,
): Uint8Array | null {
  if (!filter.assignedTo && !filter.onlyWithoutAssignment) return null;
  columns.codesOf(db, 'agent');
  // The service writes no agent as 0 or nothing (spec: AlertRevision.agent_id). Both conditions
  // hold together only for those two values, as two conditions on one value do in SQL.
  const unassigned = ['', '0'];
  if (filter.assignedTo && filter.onlyWithoutAssignment)
    return byCode(
      columns.codes.agent,
      unassigned.includes(filter.assignedTo) ? [filter.assignedTo] : [],
    );
  return byCode(columns.codes.agent, filter.assignedTo ? [filter.assignedTo] : unassigned);
}

function alertTest(
  db: CacheDb,
  columns: AlertColumns,
  filter: QueueFilterValue,
): Uint8Array | null {
  if (!filter.alertIds) return null;
  const kept = new Uint8Array(columns.capacity);
  for (const rowid of prepared(
    db,
    'SELECT rowid FROM alerts WHERE id IN (SELECT value FROM json_each(?))',
    'pluck',
  ).all(JSON.stringify(filter.alertIds)) as number[])
    if (rowid < kept.length) kept[rowid] = 1;
  return kept;
}

/** The filter's conditions but its states, made into arrays and bounds as the columns are now. */
function compile(db: CacheDb, columns: AlertColumns, filter: QueueFilterValue): Test {
  let categories: Uint8Array | null = null;
  if (filter.categories?.length) {
    columns.codesOf(db, 'category');
    categories = byCode(
      columns.codes.category,
      filter.categories.map((category) => category.toLowerCase()),
    );
  }
  return {
    categories,
    agents: agentTest(db, columns, filter),
    customers: customerTest(db, columns, filter),
    alerts: alertTest(db, columns, filter),
    scoreFrom: filter.scoreFrom ?? -Infinity,
    scoreTo: filter.scoreTo ?? Infinity,
    createdFrom: filter.createdFrom ? dayStartMs(filter.createdFrom) : -Infinity,
    // `to` is inclusive: the whole of that day.
    createdBefore: filter.createdTo ? dayStartMs(filter.createdTo) + DAY_MS : Infinity,
    updatedFrom: filter.updatedFrom ? dayStartMs(filter.updatedFrom) : -Infinity,
    updatedBefore: filter.updatedTo ? dayStartMs(filter.updatedTo) + DAY_MS : Infinity,
  };
}

/**
 * By rowid: 0 where the filter's conditions but its states drop the alert (or no alert has the
 * rowid), else the alert's state code + 1. One filter's marks serve every choice of its states,
 * which is what the state chips change.
 */
type Marks = Uint8Array | Int32Array;

interface FilterMarks {
  /** The column store whose state codes the marks hold. */
  columns: AlertColumns;
  marks: Marks;
  /** By state code: how many alerts the marks keep (a typed array: a million updates). */
  counts: Float64Array;
}

/** The columns a test reads, each an empty array where it reads none. */
function readColumns(db: CacheDb, columns: AlertColumns, test: Test) {
  const none = new Float64Array(0);
  const noCodes = new Int32Array(0);
  const scored = test.scoreFrom !== -Infinity || test.scoreTo !== Infinity;
  const dated = test.createdFrom !== -Infinity || test.createdBefore !== Infinity;
  const touched = test.updatedFrom !== -Infinity || test.updatedBefore !== Infinity;
  return {
    present: columns.present(db),
    state: columns.codesOf(db, 'state'),
    // Only the columns the filter tests are read; an untested one stays unread.
    category: test.categories ? columns.codesOf(db, 'category') : noCodes,
    agent: test.agents ? columns.codesOf(db, 'agent') : noCodes,
    customer: test.customers ? columns.codesOf(db, 'customer') : noCodes,
    scored,
    score: scored ? columns.numbersOf(db, 'score') : none,
    dated,
    created: dated ? columns.numbersOf(db, 'created') : none,
    touched,
    updated: touched ? columns.numbersOf(db, 'updated') : none,
  };
}

/** Marks these alerts (the few a commit changed), counting each state. */
function markAlerts(
  db: CacheDb,
  columns: AlertColumns,
  test: Test,
  into: FilterMarks,
  rowids: readonly number[],
): void {
  const read = readColumns(db, columns, test);
  const { present, state, category, agent, customer, score, created, updated } = read;
  const { scored, dated, touched } = read;
  const { categories, agents, customers, alerts } = test;
  const { scoreFrom, scoreTo, createdFrom, createdBefore, updatedFrom, updatedBefore } = test;
  const { marks, counts } = into;
  const mark = (rowid: number) => {
    // Without a branch on what each alert holds (`&`, not `if`): which way an alert goes is as
    // random as the alerts, and a mispredicted branch per alert costs more than every test.
    let keep = present[rowid] ?? 0;
    if (categories) keep &= categories[category[rowid] ?? 0] ?? 0;
    if (agents) keep &= agents[agent[rowid] ?? 0] ?? 0;
    if (customers) keep &= customers[customer[rowid] ?? 0] ?? 0;
    if (alerts) keep &= alerts[rowid] ?? 0;
    if (scored) {
      const value = score[rowid] ?? 0;
      keep &= +(value >= scoreFrom) & +(value <= scoreTo);
    }
    if (dated) {
      const value = created[rowid] ?? 0;
      keep &= +(value >= createdFrom) & +(value < createdBefore);
    }
    if (touched) {
      const value = updated[rowid] ?? 0;
      keep &= +(value >= updatedFrom) & +(value < updatedBefore);
    }
    const code = state[rowid] ?? 0;
    counts[code] = (counts[code] ?? 0) + keep;
    marks[rowid] = keep * (code + 1);
  };
  for (const rowid of rowids) mark(rowid);
}

/** Keeps (marks stay) the alerts whose code the table keeps: 1 in `table`, else the mark is 0. */
function keepCoded(marks: Marks, table: Uint8Array | null, codes: Int32Array): void {
  if (!table) return;
  const length = marks.length;
  for (let rowid = 0; rowid < length; rowid += 1)
    marks[rowid] = (marks[rowid] ?? 0) * (table[codes[rowid] ?? 0] ?? 0);
}

/** Keeps the alerts whose value is from `from` up to `to` (inclusive) or `before` (exclusive). */
function keepBetween(
  marks: Marks,
  values: Float64Array,
  from: number,
  end: { to: number } | { before: number },
): void {
  const length = marks.length;
  if ('to' in end) {
    const { to } = end;
    for (let rowid = 0; rowid < length; rowid += 1) {
      const value = values[rowid] ?? 0;
      marks[rowid] = (marks[rowid] ?? 0) * (+(value >= from) & +(value <= to));
    }
  } else {
    const { before } = end;
    for (let rowid = 0; rowid < length; rowid += 1) {
      const value = values[rowid] ?? 0;
      marks[rowid] = (marks[rowid] ?? 0) * (+(value >= from) & +(value < before));
    }
  }
}

/**
 * Marks every alert, in rowid order so that the columns are read in sequence (in the sort's order
 * they would be read at random, and wait on memory): each state first, then one loop per
 * condition the filter has, then the counts. A single pass testing every condition of each alert
 * in turn took 10-15 ms at a million alerts for a lone score threshold; a loop of one test over
 * typed arrays in their own order runs in about a millisecond, and a filter has few conditions.
 */
function markAll(db: CacheDb, columns: AlertColumns, test: Test, into: FilterMarks): void {
  const read = readColumns(db, columns, test);
  const { present, state } = read;
  const { marks, counts } = into;
  const length = marks.length;
  for (let rowid = 0; rowid < length; rowid += 1)
    marks[rowid] = (present[rowid] ?? 0) * ((state[rowid] ?? 0) + 1);
  keepCoded(marks, test.categories, read.category);
  keepCoded(marks, test.agents, read.agent);
  keepCoded(marks, test.customers, read.customer);
  const { alerts } = test;
  if (alerts)
    for (let rowid = 0; rowid < length; rowid += 1)
      marks[rowid] = (marks[rowid] ?? 0) * (alerts[rowid] ?? 0);
  if (read.scored) keepBetween(marks, read.score, test.scoreFrom, { to: test.scoreTo });
  if (read.dated)
    keepBetween(marks, read.created, test.createdFrom, { before: test.createdBefore });
  if (read.touched)
    keepBetween(marks, read.updated, test.updatedFrom, { before: test.updatedBefore });
  // By mark: how many alerts have it (mark 0: dropped).
  const byMark = new Float64Array(counts.length + 1);
  for (let rowid = 0; rowid < length; rowid += 1) {
    const mark = marks[rowid] ?? 0;
    byMark[mark] = (byMark[mark] ?? 0) + 1;
  }
  for (let code = 0; code < counts.length; code += 1)
    counts[code] = (counts[code] ?? 0) + (byMark[code + 1] ?? 0);
}

/** A byte an alert while the states fit in one (every real cache: the service has seven). */
const newMarksKind = (columns: AlertColumns) =>
  columns.codes.state.size < 255 ? Uint8Array : Int32Array;

const newMarks = (columns: AlertColumns, capacity: number): Marks =>
  new (newMarksKind(columns))(capacity);

/** The marks with these alerts marked again (their old counts taken back); null: mark afresh. */
function catchUpMarks(
  db: CacheDb,
  columns: AlertColumns,
  filter: QueueFilterValue,
  kept: FilterMarks,
  changed: readonly number[],
): FilterMarks | null {
  // Marks of another column store (read again from the cache) name its state codes: afresh.
  if (kept.columns !== columns) return null;
  // Compiled again: a customer's review groups, a new category, may have changed what it keeps.
  const test = compile(db, columns, filter);
  columns.codesOf(db, 'state');
  let { marks, counts } = kept;
  if (marks instanceof Uint8Array && columns.codes.state.size >= 255) return null;
  if (counts.length < columns.codes.state.size) {
    // States first seen since: room for their counts.
    const grown = new Float64Array(columns.codes.state.size);
    grown.set(counts);
    counts = grown;
  }
  if (marks.length < columns.capacity) {
    const grown = newMarks(columns, columns.capacity);
    grown.set(marks);
    marks = grown;
  }
  for (const rowid of changed) {
    const was = marks[rowid] ?? 0;
    if (was > 0) counts[was - 1] = (counts[was - 1] ?? 0) - 1;
    marks[rowid] = 0;
  }
  const into = { columns, marks, counts };
  markAlerts(
    db,
    columns,
    test,
    into,
    changed.filter((rowid) => rowid < columns.capacity),
  );
  return into;
}

/**
 * A filter's marks let go (the least recently used of the memo's), for the next filter's: marks
 * are written whole, and a megabyte made afresh per filter tried kept the collector busy.
 */
let letGo: Marks | null = null;

function marksFor(columns: AlertColumns): Marks {
  const marks = letGo;
  letGo = null;
  const wanted = newMarksKind(columns);
  if (marks && marks.length === columns.capacity && marks instanceof wanted) return marks;
  return new wanted(columns.capacity);
}

/** A few filters' marks, a byte an alert each: the queue's, and those the investigator tries. */
const markMemo = new UpkeptMemo<FilterMarks>(8, (dropped) => {
  letGo = dropped.marks;
});

/** The filter's marks (its states set aside), kept and caught up with each commit. */
function filterMarks(db: CacheDb, columns: AlertColumns, filter: QueueFilterValue): FilterMarks {
  return markMemo.get(
    db,
    JSON.stringify(filter),
    () => {
      const test = compile(db, columns, filter);
      columns.codesOf(db, 'state');
      const into: FilterMarks = {
        columns,
        marks: marksFor(columns),
        counts: new Float64Array(columns.codes.state.size),
      };
      markAll(db, columns, test, into);
      return into;
    },
    (kept, changed) => catchUpMarks(db, columns, filter, kept, changed),
  );
}

export interface Scan {
  /** The alerts the filter keeps, in `order`'s order. */
  rowids: Rowids;
  /** How many alerts each state would keep under the filter's other conditions, by state. */
  stateCounts: Map<number, number>;
}

/** What a filter keeps, by rowid, and how many alerts each state would keep. */
export interface FilterKeeps {
  keeps: (rowid: number) => boolean;
  stateCounts: Map<number, number>;
}

/** By mark (0: dropped, else state code + 1): 1 where the filter's states keep it. */
function keptMarks(columns: AlertColumns, states: readonly number[] | undefined): Uint8Array {
  const keeps = new Uint8Array(columns.codes.state.size + 1);
  if (states?.length) {
    for (const value of states) {
      const code = columns.codes.state.find(value);
      if (code >= 0) keeps[code + 1] = 1;
    }
  } else keeps.fill(1, 1);
  return keeps;
}

function countsByState(columns: AlertColumns, counts: Float64Array): Map<number, number> {
  const stateCounts = new Map<number, number>();
  counts.forEach((count, code) => {
    if (count > 0) stateCounts.set(columns.codes.state.values[code] ?? 0, count);
  });
  return stateCounts;
}

/** The filter's marks (its states set aside) and, by mark, whether its states keep it. */
function marksOf(db: CacheDb, columns: AlertColumns, filter: QueueFilterValue) {
  const { states, ...others } = filter;
  return { ...filterMarks(db, columns, others), keeps: keptMarks(columns, states) };
}

/** What the filter keeps now, from its marks (kept per filter, caught up after each commit). */
export function filterKeeps(
  db: CacheDb,
  columns: AlertColumns,
  filter: QueueFilterValue,
): FilterKeeps {
  const { marks, counts, keeps } = marksOf(db, columns, filter);
  return {
    keeps: (rowid) => keeps[marks[rowid] ?? 0] === 1,
    stateCounts: countsByState(columns, counts),
  };
}

/** The alerts of `order` whose mark `keeps`, in its order; how many there are. */
function compact(order: Rowids, marks: Marks, keeps: Uint8Array, into: Rowids): number {
  let at = 0;
  const length = order.length;
  for (let step = 0; step < length; step += 1) {
    const rowid = order[step] ?? 0;
    into[at] = rowid;
    // A byte per alert is small enough to stay in the processor's caches as the order is walked.
    at += keeps[marks[rowid] ?? 0] ?? 0;
  }
  return at;
}

/**
 * The alerts the filter keeps in `order` (every alert, in a column's order), and what its state
 * chips count: the filter's marks (kept per filter, caught up after each commit), then one walk
 * of the order. A million alerts cost a few milliseconds. A descending queue is read from the
 * end of the ascending one.
 */
export function scanQueue(
  db: CacheDb,
  columns: AlertColumns,
  filter: QueueFilterValue,
  order: Rowids,
): Scan {
  const { marks, counts, keeps } = marksOf(db, columns, filter);
  const kept = scratchFor(order);
  const at = compact(order, marks, keeps, kept);
  return { rowids: kept.slice(0, at), stateCounts: countsByState(columns, counts) };
}

/**
 * Where a scan compacts the order, kept from one scan to the next and only the kept copied out:
 * a buffer of every alert's place (4 MB at a million) made afresh per filter tried made the read
 * worker's collector stop it for a full collection about every second.
 */
let scratch: Rowids = new Int32Array(0);

function scratchFor(order: Rowids): Rowids {
  if (scratch.constructor !== order.constructor || scratch.length < order.length)
    scratch = rowidsLike(order, order.length);
  return scratch;
}
