import type { Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { scrollUnlessNewAtTop } from '../../../renderer/src/lib/virtualizer-without-layout';

/** A virtualizer as scrollToFn sees it: its scroll element, which records the writes. */
function gridWithWrites() {
  const writes: unknown[] = [];
  const scrollElement = { scrollTo: (to: unknown) => writes.push(to) };
  const instance = { scrollElement, options: { horizontal: false, isRtl: false } };
  return { writes, instance: instance as unknown as Virtualizer<HTMLDivElement, Element> };
}

describe('the virtualizer writes a scroll position', () => {
  it('except the first write of the top to a new grid, which is at its top already', () => {
    const { writes, instance } = gridWithWrites();
    scrollUnlessNewAtTop(0, {}, instance);
    expect(writes).toEqual([]);
    // Every later write goes through, the top included.
    scrollUnlessNewAtTop(0, {}, instance);
    scrollUnlessNewAtTop(560, {}, instance);
    expect(writes).toEqual([
      { top: 0, behavior: undefined },
      { top: 560, behavior: undefined },
    ]);
  });

  it('a first write elsewhere, or with an adjustment, goes through', () => {
    const elsewhere = gridWithWrites();
    scrollUnlessNewAtTop(112, {}, elsewhere.instance);
    expect(elsewhere.writes).toEqual([{ top: 112, behavior: undefined }]);
    const adjusted = gridWithWrites();
    scrollUnlessNewAtTop(0, { adjustments: 56 }, adjusted.instance);
    expect(adjusted.writes).toEqual([{ top: 56, behavior: undefined }]);
  });
});
