// Sets and tables of alerts keyed by rowid. Rowids run from 1 to about the number of alerts (the
// writer upserts, never deletes), so a typed array indexed by rowid is the fastest lookup there is;
// past the limits below, where gaps would waste memory, a Map or Set takes over.

/** Alerts' rowids in some order; 32-bit when they fit, which is every cache but a pathological one. */
export type Rowids = Int32Array | Float64Array;

/** A byte per rowid up to here (16 MB). */
const DENSE_SET_LIMIT = 1 << 24;
/** Four bytes per rowid up to four times the alerts, plus a margin. */
const denseTableLimit = (alerts: number) => Math.min(0x7fffffff, alerts * 4 + 1_000_000);

/** Whether rowids up to `largest` are dense enough for arrays indexed by rowid. */
export const denseRowids = (largest: number, alerts: number): boolean =>
  largest <= denseTableLimit(alerts);

/** A new array of `length` places, of the same kind as `order` (32-bit or not). */
export const rowidsLike = (order: Rowids, length: number): Rowids =>
  order instanceof Int32Array ? new Int32Array(length) : new Float64Array(length);

export function toRowids(values: ArrayLike<number>, largest: number): Rowids {
  return largest <= 0x7fffffff ? Int32Array.from(values) : Float64Array.from(values);
}

/** A small integer per alert rowid. */
export interface RowidValues {
  get(rowid: number): number;
  set(rowid: number, value: number): void;
  /** A copy, these values set in it (the missing value takes one out); the original unchanged. */
  with(values: ReadonlyMap<number, number>): RowidValues;
}

function denseValues(values: Int32Array, missing: number): RowidValues {
  return {
    get: (rowid) => values[rowid] ?? missing,
    set: (rowid, value) => {
      values[rowid] = value;
    },
    with(changes) {
      const largest = Math.max(values.length - 1, ...changes.keys());
      if (largest > denseTableLimit(values.length)) {
        // Past what a table per rowid is worth: a map of the values, as rowidValues would make.
        const sparse = new Map<number, number>();
        values.forEach((value, rowid) => {
          if (value !== missing) sparse.set(rowid, value);
        });
        return sparseValues(sparse, missing).with(changes);
      }
      const next = new Int32Array(
        largest < values.length ? values.length : Math.ceil(largest * 1.25) + 1,
      ).fill(missing);
      next.set(values);
      for (const [rowid, value] of changes) next[rowid] = value;
      return denseValues(next, missing);
    },
  };
}

function sparseValues(values: Map<number, number>, missing: number): RowidValues {
  return {
    get: (rowid) => values.get(rowid) ?? missing,
    set: (rowid, value) => {
      values.set(rowid, value);
    },
    with(changes) {
      const next = new Map(values);
      for (const [rowid, value] of changes) next.set(rowid, value);
      return sparseValues(next, missing);
    },
  };
}

export function rowidValues(largest: number, alerts: number, missing: number): RowidValues {
  if (largest <= denseTableLimit(alerts))
    return denseValues(new Int32Array(largest + 1).fill(missing), missing);
  return sparseValues(new Map(), missing);
}

/** Which alerts match a filter. */
export interface RowidSet {
  readonly size: number;
  has(rowid: number): boolean;
  forEach(visit: (rowid: number) => void): void;
  /** A new set: these alerts in or out (`matching` says which are in), the rest as they were. */
  changed(alerts: readonly number[], matching: ReadonlySet<number>): RowidSet;
}

function denseSet(marks: Uint8Array, size: number): RowidSet {
  let members: Rowids | null = null;
  const rowids = (): Rowids => {
    if (!members) {
      const list = new Float64Array(size);
      let at = 0;
      for (let rowid = 0; rowid < marks.length; rowid += 1)
        if (marks[rowid] === 1) list[at++] = rowid;
      members = toRowids(list, marks.length);
    }
    return members;
  };
  return {
    size,
    has: (rowid) => marks[rowid] === 1,
    forEach: (visit) => rowids().forEach((rowid) => visit(rowid)),
    changed(alerts, matching) {
      const largest = Math.max(marks.length - 1, ...alerts);
      if (largest >= DENSE_SET_LIMIT) {
        const all = new Set<number>();
        rowids().forEach((rowid) => all.add(rowid));
        return sparseSet(all).changed(alerts, matching);
      }
      // Room to grow, so that new alerts do not copy the marks at every change.
      const next = new Uint8Array(
        largest < marks.length ? marks.length : Math.ceil(largest * 1.25) + 1,
      );
      next.set(marks);
      let count = size;
      for (const rowid of alerts) {
        const now = matching.has(rowid) ? 1 : 0;
        count += now - (next[rowid] ?? 0);
        next[rowid] = now;
      }
      return denseSet(next, count);
    },
  };
}

function sparseSet(marks: Set<number>): RowidSet {
  return {
    size: marks.size,
    has: (rowid) => marks.has(rowid),
    forEach: (visit) => marks.forEach((rowid) => visit(rowid)),
    changed(alerts, matching) {
      const next = new Set(marks);
      for (const rowid of alerts) {
        if (matching.has(rowid)) next.add(rowid);
        else next.delete(rowid);
      }
      return sparseSet(next);
    },
  };
}

export function rowidSet(list: readonly number[], largest: number): RowidSet {
  if (largest < DENSE_SET_LIMIT) {
    const marks = new Uint8Array(largest + 1);
    for (const rowid of list) marks[rowid] = 1;
    return denseSet(marks, list.length);
  }
  return sparseSet(new Set(list));
}

/** The rowids in every list (none repeats a rowid), from the shortest list's point of view. */
export function intersect(lists: readonly number[][], largest: number): number[] {
  const [first, ...rest] = [...lists].sort((a, b) => a.length - b.length);
  if (!first) return [];
  let kept = first;
  for (const list of rest) {
    const marks = rowidSet(list, largest);
    kept = kept.filter((rowid) => marks.has(rowid));
  }
  return kept;
}

/** The rowids of `order` that are in `matches` (every one when null), in order or reversed. */
export function keepInOrder(order: Rowids, matches: RowidSet | null, reverse: boolean): Rowids {
  if (!matches) {
    if (!reverse) return order;
    const reversed = order.slice();
    reversed.reverse();
    return reversed;
  }
  const kept = rowidsLike(order, matches.size);
  let at = 0;
  const take = (rowid: number) => {
    if (matches.has(rowid)) kept[at++] = rowid;
  };
  if (reverse) for (let index = order.length - 1; index >= 0; index -= 1) take(order[index] ?? 0);
  else for (const rowid of order) take(rowid);
  return at === kept.length ? kept : kept.subarray(0, at);
}
