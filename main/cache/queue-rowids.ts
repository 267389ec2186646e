// Sets and tables of alerts keyed by rowid. Rowids run from 1 to about the number of alerts (the
// writer upserts, never deletes), so a typed array indexed by rowid is the fastest lookup there is;
// past the limits below, where gaps would waste memory, a Map or Set takes over.

/** Alerts' rowids in some order; 32-bit when they fit, which is every cache but a pathological one. */
export type Rowids = Int32Array | Float64Array;

/** A byte per rowid up to here (16 MB). */
const DENSE_SET_LIMIT = 1 << 24;
/** Four bytes per rowid up to four times the alerts, plus a margin. */
const denseTableLimit = (alerts: number) => Math.min(0x7fffffff, alerts * 4 + 1_000_000);

export function toRowids(values: ArrayLike<number>, largest: number): Rowids {
  return largest <= 0x7fffffff ? Int32Array.from(values) : Float64Array.from(values);
}

/** A small integer per alert rowid. */
export interface RowidValues {
  get(rowid: number): number;
  set(rowid: number, value: number): void;
}

export function rowidValues(largest: number, alerts: number, missing: number): RowidValues {
  if (largest <= denseTableLimit(alerts)) {
    const values = new Int32Array(largest + 1).fill(missing);
    return {
      get: (rowid) => values[rowid] ?? missing,
      set: (rowid, value) => {
        values[rowid] = value;
      },
    };
  }
  const values = new Map<number, number>();
  return {
    get: (rowid) => values.get(rowid) ?? missing,
    set: (rowid, value) => {
      values.set(rowid, value);
    },
  };
}

/** Which alerts match a filter. */
export interface RowidSet {
  readonly size: number;
  has(rowid: number): boolean;
  forEach(visit: (rowid: number) => void): void;
}

export function rowidSet(list: readonly number[], largest: number): RowidSet {
  if (largest < DENSE_SET_LIMIT) {
    const rowids = toRowids(list, largest);
    const marks = new Uint8Array(largest + 1);
    for (const rowid of rowids) marks[rowid] = 1;
    return {
      size: rowids.length,
      has: (rowid) => marks[rowid] === 1,
      forEach: (visit) => rowids.forEach((rowid) => visit(rowid)),
    };
  }
  const marks = new Set(list);
  return {
    size: marks.size,
    has: (rowid) => marks.has(rowid),
    forEach: (visit) => marks.forEach((rowid) => visit(rowid)),
  };
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
  const kept =
    order instanceof Int32Array ? new Int32Array(matches.size) : new Float64Array(matches.size);
  let at = 0;
  const take = (rowid: number) => {
    if (matches.has(rowid)) kept[at++] = rowid;
  };
  if (reverse) for (let index = order.length - 1; index >= 0; index -= 1) take(order[index] ?? 0);
  else for (const rowid of order) take(rowid);
  return at === kept.length ? kept : kept.subarray(0, at);
}
