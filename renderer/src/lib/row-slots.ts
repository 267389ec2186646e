// Which of a virtual list's drawn rows shows which item. The list keeps a pool of rows, drawn in a
// fixed order (their slot's): a row keeps its item while the item stays in view, an item coming
// into view takes the row of one that left, and a row with no item waits hidden. Keyed by these
// slots, React changes a recycled row's text and attributes instead of taking rows apart and
// building new ones (after a jump of the scroll bar every row shows a new item), and never moves a
// row in the document: a moved row was taken out and put back, styled and laid out again whole.

/** Item index → slot (the row's React key, and its place among the pool's rows). */
export type RowSlots = ReadonlyMap<number, number>;

/**
 * The slots of the items in view now, from those of the last rows drawn and the pool's size:
 * items still in view keep theirs; the others take the free slots, lowest first. No two items
 * share a slot, and the pool grows only when the view holds more items than it has rows: every
 * slot is below the larger of `pool` and the number of items.
 */
export function assignRowSlots(
  previous: RowSlots,
  indices: readonly number[],
  pool: number,
): Map<number, number> {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const index of indices) {
    const slot = previous.get(index);
    if (slot !== undefined && slot < pool && !next.has(index)) {
      next.set(index, slot);
      taken.add(slot);
    }
  }
  let candidate = 0;
  for (const index of indices) {
    if (next.has(index)) continue;
    while (taken.has(candidate)) candidate += 1;
    next.set(index, candidate);
    taken.add(candidate);
  }
  return next;
}

/** The pool's size once these slots are drawn. */
export const poolSizeOf = (pool: number, slots: RowSlots): number => Math.max(pool, slots.size);
