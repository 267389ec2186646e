import { describe, expect, it } from 'vitest';
import type { NotePage, NoteView } from '../../../preload/contract';
import {
  joinNotes,
  shownNotes,
  withEdited,
  withOlderPage,
} from '../../../renderer/src/features/workbench/note-pages';

// The notes panel's lists: the newest page, read again after every change, joined with the older
// pages "Show older" read, so that what is shown is kept, each note once, at its latest text.

const KEY = 'customer:C-1';
const START = Date.parse('2026-05-04T08:00:00Z');

/** Note `n` of a record: the higher, the newer. */
const note = (n: number, edits = 0): NoteView => ({
  id: `n${String(n).padStart(4, '0')}`,
  target: { kind: 'customer', id: 'C-1' },
  text: edits ? `Note ${n}, edit ${edits}` : `Note ${n}`,
  links: [],
  segments: [],
  author: 'Ana',
  createdAt: new Date(START + n * 1000).toISOString(),
  updatedAt: new Date(START + n * 1000 + edits * 60_000_000).toISOString(),
  edits,
});

/** Notes `from` down to `to` (newest first). */
const range = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => note(from - i));

/** The store's page of a record with notes 0..`newest`, `limit` from `from` down. */
const page = (newest: number, from: number, limit: number): NotePage => {
  const to = Math.max(0, from - limit + 1);
  return { notes: range(from, to), total: newest + 1, more: to > 0 };
};

const ids = (notes: readonly NoteView[]) => notes.map((shown) => shown.id);

describe('the notes panel’s pages', () => {
  it('shows the newest page alone until older notes are asked for', () => {
    const newest = page(119, 119, 50);
    expect(shownNotes(newest, null, KEY)).toEqual({ notes: newest.notes, total: 120, more: true });
  });

  it('keeps what is shown when older pages are read, each note once', () => {
    let newest = page(119, 119, 50);
    let older = withOlderPage(KEY, shownNotes(newest, null, KEY).notes, page(119, 69, 50));
    let shown = shownNotes(newest, older, KEY);
    expect(ids(shown.notes)).toEqual(ids(range(119, 20)));
    expect(shown).toMatchObject({ total: 120, more: true });

    // A note is added: the newest page is read again and shifts by one; none goes missing.
    newest = page(120, 120, 50);
    shown = shownNotes(newest, older, KEY);
    expect(ids(shown.notes)).toEqual(ids(range(120, 20)));
    expect(shown).toMatchObject({ total: 121, more: true });

    older = withOlderPage(KEY, shown.notes, page(120, 19, 50));
    shown = shownNotes(newest, older, KEY);
    expect(ids(shown.notes)).toEqual(ids(range(120, 0)));
    expect(shown).toMatchObject({ total: 121, more: false });
  });

  it('shows an edited note at its latest text, in its place, whichever list holds it', () => {
    const newest = page(119, 119, 50);
    let older = withOlderPage(KEY, newest.notes, page(119, 69, 50));
    // An older note edited: the panel keeps the saved note it was answered.
    older = withEdited(older, note(30, 1))!;
    // A note of the newest page edited: the newest page read again holds it.
    const again = {
      ...newest,
      notes: newest.notes.map((n) => (n.id === 'n0100' ? note(100, 2) : n)),
    };
    const shown = shownNotes(again, older, KEY);
    expect(shown.notes).toHaveLength(100);
    expect(shown.notes.find((n) => n.id === 'n0030')?.text).toBe('Note 30, edit 1');
    expect(shown.notes.find((n) => n.id === 'n0100')?.text).toBe('Note 100, edit 2');
    expect(ids(shown.notes)).toEqual(ids(range(119, 20)));
    // The earlier text never wins over a later one, whatever order they are joined in.
    expect(joinNotes([note(5, 3)], [note(5, 1)])[0]?.edits).toBe(3);
    expect(withEdited(null, note(5, 1))).toBeNull();
  });

  it('forgets the older notes of another record, and those a page of newer notes left behind', () => {
    const older = withOlderPage(KEY, range(119, 70), page(119, 69, 50));
    expect(shownNotes(page(9, 9, 50), older, 'customer:C-2')).toMatchObject({ total: 10 });
    // More than a page was written meanwhile: joined, the notes in between would be missing.
    const shown = shownNotes(page(300, 300, 50), older, KEY);
    expect(ids(shown.notes)).toEqual(ids(range(300, 251)));
    expect(shown).toMatchObject({ total: 301, more: true });
  });
});
