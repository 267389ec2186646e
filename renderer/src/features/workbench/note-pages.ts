import type { NotePage, NoteView } from '../../../../preload/contract';

// A record's notes as the panel shows them: the newest page, read again whenever a note is added
// or the cache changes, joined with the older pages asked for with "Show older". Notes are never
// removed and keep their place when edited (newest first by when they were written), so what was
// read stays true: the lists are joined by note, the later text of a note winning.

/** The older notes shown on one record: everything shown when "Show older" was last answered. */
export interface OlderNotes {
  key: string;
  notes: NoteView[];
  total: number;
  /** Older notes still follow the last one. */
  more: boolean;
}

/** Newest first, as the store orders them: by when they were written, then by id. */
const newestFirst = (a: NoteView, b: NoteView) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1;

/** The notes of both lists, once each at their latest text, newest first. */
export function joinNotes(...lists: ReadonlyArray<readonly NoteView[]>): NoteView[] {
  const byId = new Map<string, NoteView>();
  for (const list of lists)
    for (const note of list) {
      const known = byId.get(note.id);
      if (!known || note.updatedAt >= known.updatedAt) byId.set(note.id, note);
    }
  return [...byId.values()].sort(newestFirst);
}

/** What the panel shows: the newest page joined with the older notes read for the same record. */
export function shownNotes(
  newest: NotePage,
  older: OlderNotes | null,
  key: string,
): { notes: NoteView[]; total: number; more: boolean } {
  const kept = older?.key === key ? older : null;
  // More notes were written since the older ones were read than one page holds: joined, they
  // would leave out those in between, so the newest page is shown alone again.
  const known = new Set(kept?.notes.map((note) => note.id));
  if (!kept || (newest.more && !newest.notes.some((note) => known.has(note.id))))
    return { notes: newest.notes, total: newest.total, more: newest.more };
  const notes = joinNotes(kept.notes, newest.notes);
  const last = notes.at(-1);
  return {
    notes,
    total: Math.max(newest.total, kept.total),
    // Whichever list reached furthest back says whether more follow.
    more: last && newest.notes.at(-1)?.id === last.id ? newest.more : kept.more,
  };
}

/** The older notes once the next page is read after everything shown. */
export function withOlderPage(key: string, shown: readonly NoteView[], page: NotePage): OlderNotes {
  return {
    key,
    notes: joinNotes(shown, page.notes),
    total: page.total,
    more: page.more,
  };
}

/** The older notes with one of them edited (a note of the newest page is read again with it). */
export function withEdited(older: OlderNotes | null, note: NoteView): OlderNotes | null {
  if (!older?.notes.some((kept) => kept.id === note.id)) return older;
  return { ...older, notes: older.notes.map((kept) => (kept.id === note.id ? note : kept)) };
}
