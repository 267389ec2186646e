// Which of a virtual list's drawn rows shows which item. A row keeps its item while the item stays
// in view; an item coming into view takes the row of one that left. Keyed by these slots, React
// changes a recycled row's text and attributes instead of taking rows apart and building new ones:
// after a jump of the scroll bar every row shows a new item, and rebuilding them all was most of
// the frame.

/** Item index → slot (the row's React key). */
export type RowSlots = ReadonlyMap<number, number>;

/**
 * The slots of the items in view now, from those of the last rows drawn: items still in view keep
 * theirs; the others take the freed slots, lowest first, then new ones. No two items share a slot,
 * and no more slots are used than the larger of the two views needs.
 */
export function assignRowSlots(
  previous: RowSlots,
  indices: readonly number[],
): Map<number, number> {
  const next = new Map<number, number>();
  const taken = new Set<number>();
  for (const index of indices) {
    const slot = previous.get(index);
    if (slot !== undefined && !next.has(index)) {
      next.set(index, slot);
      taken.add(slot);
    }
  }
  const free = [...previous.values()].filter((slot) => !taken.has(slot)).sort((a, b) => a - b);
  let fresh = Math.max(-1, ...previous.values()) + 1;
  let freeAt = 0;
  for (const index of indices) {
    if (next.has(index)) continue;
    const slot = freeAt < free.length ? free[freeAt++]! : fresh++;
    next.set(index, slot);
  }
  return next;
}
