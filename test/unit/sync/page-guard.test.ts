import { describe, expect, it } from 'vitest';
import { pageGuard } from '../../../main/sync/page-guard';

const keys = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `r${from + index}`);

describe('the page guard', () => {
  it('believes an announced total over a page the service cut short', () => {
    // Asked for 500, the service sends 100 a page and says 250 in all: three pages, not one.
    const guard = pageGuard('documents', 100);
    expect(guard.more({ keys: keys(0, 100), full: false, position: 0, total: 250 })).toBe(true);
    expect(guard.more({ keys: keys(100, 100), full: false, position: 100, total: 250 })).toBe(true);
    expect(guard.more({ keys: keys(200, 50), full: false, position: 200, total: 250 })).toBe(false);
    expect(guard.reachedTheEnd()).toBe(true);
  });

  it('says when it stopped without reaching the end: a stale page, or the ceiling', () => {
    const stale = pageGuard('threads', 100);
    expect(stale.more({ keys: keys(0, 10), full: true, position: 0 })).toBe(true);
    expect(stale.more({ keys: keys(0, 10), full: true, position: 10 })).toBe(false);
    expect(stale.reachedTheEnd()).toBe(false);

    const capped = pageGuard('threads', 2);
    expect(capped.more({ keys: keys(0, 10), full: true, position: 0 })).toBe(true);
    expect(capped.more({ keys: keys(10, 10), full: true, position: 10 })).toBe(false);
    expect(capped.reachedTheEnd()).toBe(false);
    expect(capped.stopped()).toEqual({ read: 'threads', pages: 2 });
  });

  it('ends at a short page when no total is announced, and at an empty one', () => {
    const guard = pageGuard('alerts', 100);
    expect(guard.more({ keys: keys(0, 3), full: false, position: 0 })).toBe(false);
    expect(guard.reachedTheEnd()).toBe(true);
    const empty = pageGuard('alerts', 100);
    expect(empty.more({ keys: [], full: false, position: 0, total: 40 })).toBe(false);
    expect(empty.reachedTheEnd()).toBe(true);
  });
});
