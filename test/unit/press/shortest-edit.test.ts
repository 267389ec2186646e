import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shortestEdit, type EditOp } from '../../../main/press/shortest-edit';

/** The longest common subsequence's length, the slow and obvious way. */
function commonLength(a: readonly number[], b: readonly number[]): number {
  let row = new Array<number>(b.length + 1).fill(0);
  for (const left of a) {
    const next = [0];
    b.forEach((right, j) => {
      next.push(left === right ? (row[j] ?? 0) + 1 : Math.max(row[j + 1] ?? 0, next[j] ?? 0));
    });
    row = next;
  }
  return row[b.length] ?? 0;
}

/** Walks the script over both sequences: it must pair only equal items and cover both. */
function walk(ops: readonly EditOp[], a: readonly number[], b: readonly number[]): number {
  let x = 0;
  let y = 0;
  let same = 0;
  for (const op of ops) {
    if (op === 'same') {
      expect(a[x]).toBe(b[y]);
      x += 1;
      y += 1;
      same += 1;
    } else if (op === 'removed') x += 1;
    else y += 1;
  }
  expect([x, y]).toEqual([a.length, b.length]);
  return same;
}

describe('the shortest edit between two sequences', () => {
  it('keeps as many items as any alignment could', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(4), { maxLength: 40 }),
        fc.array(fc.nat(4), { maxLength: 40 }),
        (a, b) => {
          const ops = shortestEdit(Int32Array.from(a), Int32Array.from(b), Infinity);
          expect(ops).not.toBeNull();
          expect(walk(ops ?? [], a, b)).toBe(commonLength(a, b));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('gives up, rather than working on, past its budget', () => {
    const a = Int32Array.from({ length: 1000 }, (_, index) => index);
    const b = Int32Array.from({ length: 1000 }, (_, index) => -1 - index);

    expect(shortestEdit(a, b, 10_000)).toBeNull();
    expect(shortestEdit(a, b, Infinity)?.length).toBe(2000);
  });
});
