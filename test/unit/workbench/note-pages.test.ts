import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotePageInput, type NoteTarget, type NoteView } from '../../../preload/contract';
import type { CacheDb } from '../../../main/cache/open-cache';
import { AppError } from '../../../main/lib/app-error';
import { silentLogger } from '../../../main/lib/logger';
import { PAGE_BEFORE_SQL } from '../../../main/local/local-records';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { createWorkbench, NOTE, type Workbench } from '../../../main/workbench/workbench';
import { openTestCache } from '../cache/review-records';
import { makeTempDir } from '../../support/temp-dir';

// Issue 17, "10,000 notes on one customer": the window reads a record's notes a page at a time,
// newest first, and a page read reads that page from the local store, not every note.

const START = Date.parse('2026-05-04T08:00:00Z');
const ANA = 'Ana Ruiz';
const C1: NoteTarget = { kind: 'customer', id: 'C-1' };
const C2: NoteTarget = { kind: 'customer', id: 'C-2' };
const MANY = 10_000;

function appError(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('no AppError was thrown');
}

describe('a record’s notes, a page at a time', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let cache: CacheDb;
  let bench: Workbench;
  let clock = START;
  let step = 1000;
  const now = () => (clock += step);

  beforeEach(() => {
    temp = makeTempDir('casedesk-note-pages-');
    clock = START;
    step = 1000;
    const opening = openLocalStore(join(temp.path, 'local.db'), silentLogger, now);
    if (opening.state !== 'open') throw new Error(opening.reason);
    local = opening.store;
    ({ db: cache } = openTestCache());
    bench = createWorkbench({ local, cache, logger: silentLogger, now });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    local.close();
    cache.close();
    temp.remove();
  });

  /** `count` notes on `target`, in one commit (the test is of the reads, not of the flushes). */
  const write = (target: NoteTarget, count: number): string[] => {
    const ids: string[] = [];
    local.db.transaction(() => {
      for (let n = 0; n < count; n += 1) ids.push(bench.addNote(target, `Note ${n}`, ANA).id);
    })();
    return ids;
  };

  /** Every page from the newest on, `limit` at a time, each read after the last one's last note. */
  const readAll = (target: NoteTarget, limit: number) => {
    const pages: Array<{ notes: NoteView[]; total: number; more: boolean }> = [];
    let before: string | undefined;
    for (;;) {
      const page = bench.notePage(target, { before, limit });
      pages.push(page);
      if (!page.more) return pages;
      before = page.notes.at(-1)?.id;
      if (pages.length > MANY) throw new Error('paging does not end');
    }
  };

  it('with 10,000 notes on one customer: the newest 50 first, then every note once, each at its latest text', () => {
    const ids = write(C1, MANY);
    write(C2, 3);
    // Some are edited (twice for some): an edit keeps the note's place and shows its last text.
    const edited = new Map<string, string>();
    local.db.transaction(() => {
      for (let n = 0; n < MANY; n += 997) {
        const id = ids[n]!;
        bench.editNote(id, `Note ${n}, corrected`, ANA);
        if (n % 2 === 0) bench.editNote(id, `Note ${n}, corrected again`, ANA);
        edited.set(id, `Note ${n}, corrected${n % 2 === 0 ? ' again' : ''}`);
      }
    })();

    const first = bench.notePage(C1, { limit: 50 });
    expect(first.total).toBe(MANY);
    expect(first.more).toBe(true);
    expect(first.notes.map((note) => note.id)).toEqual(ids.slice(-50).reverse());
    expect(first.notes[0]).toMatchObject({ text: 'Note 9999', target: C1, author: ANA });
    expect(first.notes[49]?.text).toBe('Note 9950');

    const pages = readAll(C1, 50);
    expect(pages).toHaveLength(MANY / 50);
    expect(pages.every((page) => page.total === MANY)).toBe(true);
    expect(pages.slice(0, -1).every((page) => page.notes.length === 50 && page.more)).toBe(true);
    const read = pages.flatMap((page) => page.notes);
    expect(read.map((note) => note.id)).toEqual([...ids].reverse());
    expect(new Set(read.map((note) => note.id)).size).toBe(MANY);
    for (const note of read) {
      const text = edited.get(note.id);
      if (text) {
        expect(note.text).toBe(text);
        expect(note.edits).toBe(text.endsWith('again') ? 2 : 1);
      }
    }
    expect(read.filter((note) => note.edits > 0)).toHaveLength(edited.size);
    // The same notes at the largest page the bridge allows.
    expect(readAll(C1, 500).flatMap((page) => page.notes.map((note) => note.id))).toEqual(
      read.map((note) => note.id),
    );
    // And as the case file reads them: all at once, oldest first, the same.
    expect(bench.notes(C1).map((note) => note.id)).toEqual(ids);
  });

  it('reads only the page: the store answers one more row than the page, never every note', () => {
    write(C1, MANY);
    const pageOf = vi.spyOn(local, 'pageOf');
    const listOf = vi.spyOn(local, 'listOf');
    const parse = vi.spyOn(JSON, 'parse');

    const first = bench.notePage(C1, { limit: 50 });
    const next = bench.notePage(C1, { before: first.notes.at(-1)?.id, limit: 50 });
    expect(next.notes).toHaveLength(50);
    expect(listOf).not.toHaveBeenCalled();
    expect(pageOf).toHaveBeenCalledTimes(2);
    for (const result of pageOf.mock.results) expect(result.value).toHaveLength(51);
    // Each body read is parsed once: two pages of 51, nowhere near 10,000.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(2 * 51 + 10);

    // The page's statement walks the subject's index back from the cursor: no sort of every note.
    const plan = (
      local.db
        .prepare(`EXPLAIN QUERY PLAN ${PAGE_BEFORE_SQL}`)
        .all(NOTE, 'customer:C-1', START, 'x', 50) as Array<{ detail: string }>
    ).map((row) => row.detail);
    expect(plan).toEqual([expect.stringMatching(/USING INDEX local_records_by_subject_listed/)]);
    expect(plan.join(' ')).not.toMatch(/TEMP B-TREE/);
  });

  it('pages notes written in the same millisecond without losing or repeating one', () => {
    step = 0;
    const ids = write(C1, 230);
    const read = readAll(C1, 7).flatMap((page) => page.notes.map((note) => note.id));
    expect(read).toHaveLength(230);
    expect(new Set(read)).toEqual(new Set(ids));
  });

  it('a note’s time is the store’s: a page is in the order the screen sorts it by', () => {
    // Each tick of the clock is a millisecond: two notes are never stamped alike by the store,
    // yet a body and a row stamped by two reads of the clock would disagree.
    step = 1;
    write(C1, 40);
    const page = bench.notePage(C1, { limit: 40 });
    const shown = [...page.notes].sort((a, b) =>
      a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1,
    );
    expect(page.notes.map((note) => note.id)).toEqual(shown.map((note) => note.id));
    const stamped = local.db
      .prepare("SELECT id, created_ms FROM local_records WHERE kind = 'note'")
      .all() as Array<{ id: string; created_ms: number }>;
    for (const note of page.notes)
      expect(stamped.find((row) => row.id === note.id)?.created_ms).toBe(
        Date.parse(note.createdAt),
      );
  });

  it('a note written while older pages are read does not move them', () => {
    const ids = write(C1, 120);
    const first = bench.notePage(C1, { limit: 50 });
    bench.addNote(C1, 'Newest', ANA);
    const second = bench.notePage(C1, { before: first.notes.at(-1)?.id, limit: 50 });
    expect(second.total).toBe(121);
    expect(second.notes.map((note) => note.id)).toEqual(ids.slice(20, 70).reverse());
  });

  it('answers an empty record, a short one, and refuses a cursor that is no note of the record', () => {
    expect(bench.notePage(C1, { limit: 50 })).toEqual({ notes: [], total: 0, more: false });
    const ids = write(C1, 3);
    const [other] = write(C2, 1);
    expect(bench.notePage(C1, { limit: 50 })).toMatchObject({ total: 3, more: false });
    expect(bench.notePage(C1, { limit: 3 }).more).toBe(false);
    expect(bench.notePage(C1, { limit: 2 }).more).toBe(true);
    expect(bench.notePage(C1, { before: ids[0], limit: 50 })).toEqual({
      notes: [],
      total: 3,
      more: false,
    });
    expect(appError(() => bench.notePage(C1, { before: 'no-such-note', limit: 50 })).code).toBe(
      'not_found',
    );
    expect(appError(() => bench.notePage(C1, { before: other, limit: 50 })).code).toBe('not_found');
  });

  it('leaves out a kept note that does not read, and pages on past it', () => {
    const ids = write(C1, 5);
    local.db
      .prepare('UPDATE local_records SET body = \'{"v":99}\' WHERE kind = ? AND id = ?')
      .run(NOTE, ids[2]);
    const pages = readAll(C1, 2);
    expect(pages.flatMap((page) => page.notes.map((note) => note.id))).toEqual(
      [ids[4], ids[3], ids[1], ids[0]].map(String),
    );
  });

  it('takes a page of 50 unless told, at most 500, at least 1', () => {
    expect(NotePageInput.parse({ target: C1 })).toEqual({ target: C1, limit: 50 });
    expect(NotePageInput.parse({ target: C1, before: 'n1', limit: 500 }).limit).toBe(500);
    expect(NotePageInput.safeParse({ target: C1, limit: 501 }).success).toBe(false);
    expect(NotePageInput.safeParse({ target: C1, limit: 0 }).success).toBe(false);
    expect(NotePageInput.safeParse({ target: C1, before: '' }).success).toBe(false);
    expect(NotePageInput.safeParse({ target: C1, offset: 10 }).success).toBe(false);
  });
});
