import { describe, expect, it } from 'vitest';
import type { ImportLine } from '../../../preload/contract';
import { LinePages, PAGE_SIZE } from '../../../renderer/src/features/customer-import/line-pages';

// The import grid reads its lines a page at a time as the viewport moves: a file of 10,000 lines is
// never read whole, pages far from the viewport are dropped, and a change re-reads what is shown
// without answers from before it ever overwriting newer ones.

const lineOf = (index: number, status: ImportLine['status'] = 'read'): ImportLine => ({
  line: index + 1,
  kind: 'customer',
  externalId: `C-${index + 1}`,
  status,
  customer: { external_id: `C-${index + 1}` },
  relation: null,
  source: '',
  errors: [],
  warnings: [],
  customerId: null,
});

/** A reader whose answers the test releases one by one, over a file of `total` lines. */
function scriptedReader(total: number) {
  let status: ImportLine['status'] = 'read';
  const pending: Array<{ offset: number; limit: number; release: () => void }> = [];
  const asked: number[] = [];
  const read = (offset: number, limit: number) =>
    new Promise<{ total: number; lines: ImportLine[] }>((resolve) => {
      asked.push(offset);
      const shaped = status;
      const lines = Array.from(
        { length: Math.max(0, Math.min(limit, total - offset)) },
        (_, index) => lineOf(offset + index, shaped),
      );
      pending.push({ offset, limit, release: () => resolve({ total, lines }) });
    });
  return {
    read,
    asked,
    pending,
    setStatus: (next: ImportLine['status']) => (status = next),
    async releaseAll() {
      while (pending.length) {
        pending.shift()!.release();
        await Promise.resolve();
        await Promise.resolve();
      }
    },
  };
}

describe('the lines of an import', () => {
  it('are read only where the grid shows them, a page at a time', async () => {
    const reader = scriptedReader(10_000);
    const pages = new LinePages(reader.read, () => undefined);
    pages.show(0, 30);
    await reader.releaseAll();
    expect(reader.asked).toEqual([0]);
    expect(pages.total).toBe(10_000);
    expect(pages.lineAt(30)?.externalId).toBe('C-31');
    expect(pages.lineAt(PAGE_SIZE)).toBeUndefined();

    pages.show(5_000, 5_030);
    await reader.releaseAll();
    expect(reader.asked).toEqual([0, 5_000]);
    expect(pages.lineAt(5_010)?.line).toBe(5_011);
  });

  it('of 10,000 lines, scrolled end to end, never stay in memory more than a few pages', async () => {
    const reader = scriptedReader(10_000);
    const pages = new LinePages(reader.read, () => undefined);
    let most = 0;
    for (let first = 0; first < 10_000; first += 37) {
      pages.show(first, first + 30);
      await reader.releaseAll();
      most = Math.max(most, pages.keptPages);
    }
    expect(pages.lineAt(9_990)?.line).toBe(9_991);
    expect(most).toBeLessThanOrEqual(8);
    // Each page read once on the way down: never the whole file at once.
    expect(new Set(reader.asked).size).toBe(reader.asked.length);
  });

  it('after a change, are read again in place: the rows stay shown until the new ones arrive', async () => {
    const reader = scriptedReader(500);
    let renders = 0;
    const pages = new LinePages(reader.read, () => renders++);
    pages.show(0, 20);
    await reader.releaseAll();
    reader.setStatus('valid');
    pages.refresh();
    expect(pages.lineAt(0)?.status).toBe('read');
    await reader.releaseAll();
    expect(pages.lineAt(0)?.status).toBe('valid');
    expect(renders).toBeGreaterThanOrEqual(2);
  });

  it('read again as they were, stay the same lines and are not drawn again', async () => {
    const reader = scriptedReader(500);
    let renders = 0;
    const pages = new LinePages(reader.read, () => renders++);
    pages.show(0, 20);
    await reader.releaseAll();
    const shown = pages.lineAt(3);
    const before = renders;
    // A batch verified far from the rows in view: the page answers as it was.
    pages.refresh();
    await reader.releaseAll();
    expect(renders).toBe(before);
    expect(pages.lineAt(3)).toBe(shown);
    // Verdicts on the lines in view: they are drawn again, once.
    reader.setStatus('valid');
    pages.refresh();
    await reader.releaseAll();
    expect(renders).toBe(before + 1);
    expect(pages.lineAt(3)?.status).toBe('valid');
    expect(pages.lineAt(3)).not.toBe(shown);
  });

  it('changed while a read is on its way, are read once more after it', async () => {
    const reader = scriptedReader(500);
    const pages = new LinePages(reader.read, () => undefined);
    pages.show(0, 20);
    // The read started before the change answers with lines as they were.
    reader.setStatus('valid');
    pages.refresh();
    await reader.releaseAll();
    expect(reader.asked).toEqual([0, 0]);
    expect(pages.lineAt(0)?.status).toBe('valid');
  });

  it('of another list (the filter changed) drop what the previous list answered late', async () => {
    const all = scriptedReader(500);
    const problems = scriptedReader(3);
    const pages = new LinePages(all.read, () => undefined);
    pages.show(0, 20);
    pages.reset(problems.read);
    await problems.releaseAll();
    await all.releaseAll();
    expect(pages.total).toBe(3);
    expect(pages.lineAt(3)).toBeUndefined();
  });

  it('for another list keep the rows as placeholders until it answers, and read it from its top', async () => {
    const all = scriptedReader(10_000);
    const problems = scriptedReader(940);
    const pages = new LinePages(all.read, () => undefined);
    pages.show(5_000, 5_020);
    await all.releaseAll();
    expect(pages.rows).toBe(10_000);
    pages.reset(problems.read);
    // The grid keeps its rows (none of them a line of the old list) while the new one is read.
    expect(pages.total).toBeNull();
    expect(pages.rows).toBe(10_000);
    expect(pages.lineAt(5_010)).toBeUndefined();
    await problems.releaseAll();
    expect(problems.asked).toEqual([0]);
    expect(pages.total).toBe(940);
    expect(pages.rows).toBe(940);
    expect(pages.lineAt(10)?.line).toBe(11);
  });

  it('take an edited line in place without a read', async () => {
    const reader = scriptedReader(50);
    const pages = new LinePages(reader.read, () => undefined);
    pages.show(0, 20);
    await reader.releaseAll();
    pages.replace({ ...lineOf(4), status: 'edited', externalId: 'C-5b' });
    expect(pages.lineAt(4)?.externalId).toBe('C-5b');
    expect(reader.asked).toEqual([0]);
  });

  it('say why they could not be read, and read again when asked', async () => {
    let fail = true;
    const pages = new LinePages(
      (offset) =>
        fail
          ? Promise.reject(new Error('The profile’s local store is closed.'))
          : Promise.resolve({ total: 1, lines: [lineOf(offset)] }),
      () => undefined,
    );
    pages.show(0, 10);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect((pages.error as Error).message).toMatch(/local store/);
    fail = false;
    pages.refresh();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pages.error).toBeNull();
    expect(pages.lineAt(0)?.line).toBe(1);
  });
});
