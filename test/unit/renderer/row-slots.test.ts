import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignRowSlots, type RowSlots } from '../../../renderer/src/lib/row-slots';

// A virtual list's drawn rows are recycled: an item keeps its row while it stays in view, and an
// item coming into view takes the row of one that left, so React changes rows rather than
// rebuilding them.

/** The items in view: a run of consecutive indices, as a virtualizer draws them. */
const view = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 40 }))
  .map(([first, count]) => Array.from({ length: count }, (_, offset) => first + offset));

describe('assignRowSlots', () => {
  it('gives every item in view its own slot, keeps the slots of items still in view, and uses no more slots than the views need', () => {
    fc.assert(
      fc.property(fc.array(view, { minLength: 1, maxLength: 12 }), (views) => {
        let slots: RowSlots = new Map();
        for (const indices of views) {
          const next = assignRowSlots(slots, indices);
          expect([...next.keys()].sort((a, b) => a - b)).toEqual(indices);
          expect(new Set(next.values()).size).toBe(indices.length);
          for (const index of indices)
            if (slots.has(index)) expect(next.get(index)).toBe(slots.get(index));
          // A slot freed by an item that left is taken before a new one is made.
          const reused = [...next.values()].filter((slot) =>
            [...slots.values()].includes(slot),
          ).length;
          expect(reused).toBe(Math.min(slots.size, indices.length));
          slots = next;
        }
      }),
    );
  });

  it('recycles every row on a jump to items none of which were in view', () => {
    const before = assignRowSlots(new Map(), [0, 1, 2, 3, 4]);
    const after = assignRowSlots(before, [5000, 5001, 5002, 5003, 5004]);
    expect(new Set(after.values())).toEqual(new Set(before.values()));
  });

  it('keeps a scrolled row on its slot and gives the item scrolled in the slot of the one scrolled out', () => {
    const before = assignRowSlots(new Map(), [10, 11, 12, 13]);
    const after = assignRowSlots(before, [11, 12, 13, 14]);
    expect(after.get(14)).toBe(before.get(10));
    for (const index of [11, 12, 13]) expect(after.get(index)).toBe(before.get(index));
  });
});
