import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignRowSlots, poolSizeOf, type RowSlots } from '../../../renderer/src/lib/row-slots';

// A virtual list's drawn rows are a pool, recycled: an item keeps its row while it stays in view,
// an item coming into view takes the row of one that left, and rows are never added while one is
// free, so React changes rows rather than building, removing or moving them.

/** The items in view: a run of consecutive indices, as a virtualizer draws them. */
const view = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 40 }))
  .map(([first, count]) => Array.from({ length: count }, (_, offset) => first + offset));

describe('assignRowSlots', () => {
  it('gives every item in view its own slot in the pool, keeps the slots of items still in view, and grows the pool only to the largest view', () => {
    fc.assert(
      fc.property(fc.array(view, { minLength: 1, maxLength: 12 }), (views) => {
        let slots: RowSlots = new Map();
        let pool = 0;
        let largest = 0;
        for (const indices of views) {
          const next = assignRowSlots(slots, indices, pool);
          expect([...next.keys()].sort((a, b) => a - b)).toEqual(indices);
          expect(new Set(next.values()).size).toBe(indices.length);
          for (const index of indices)
            if (slots.has(index)) expect(next.get(index)).toBe(slots.get(index));
          largest = Math.max(largest, indices.length);
          pool = poolSizeOf(pool, next);
          // Every slot is a row of the pool, and the pool is no larger than the largest view.
          for (const slot of next.values()) expect(slot).toBeLessThan(pool);
          expect(pool).toBe(largest);
          slots = next;
        }
      }),
    );
  });

  it('recycles every row on a jump to items none of which were in view', () => {
    const before = assignRowSlots(new Map(), [0, 1, 2, 3, 4], 0);
    const after = assignRowSlots(before, [5000, 5001, 5002, 5003, 5004], 5);
    expect(new Set(after.values())).toEqual(new Set(before.values()));
  });

  it('keeps a scrolled row on its slot and gives the item scrolled in the slot of the one scrolled out', () => {
    const before = assignRowSlots(new Map(), [10, 11, 12, 13], 0);
    const after = assignRowSlots(before, [11, 12, 13, 14], 4);
    expect(after.get(14)).toBe(before.get(10));
    for (const index of [11, 12, 13]) expect(after.get(index)).toBe(before.get(index));
  });

  it('takes a row left waiting when the view shrank before it makes a new one', () => {
    const wide = assignRowSlots(new Map(), [0, 1, 2, 3, 4], 0);
    const narrow = assignRowSlots(wide, [1, 2, 3], 5);
    const again = assignRowSlots(narrow, [3, 4, 5, 6, 7], 5);
    expect(Math.max(...again.values())).toBe(4);
    expect(new Set(again.values()).size).toBe(5);
  });
});
