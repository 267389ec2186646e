import type Database from 'better-sqlite3';
import { namesTable, salvageRows } from '../lib/sqlite/salvage-rows';
import type { SetAside } from '../lib/sqlite/set-aside-for-recovery';
import { prepared } from '../lib/sqlite/statements';

/** What came back from a local store that could not be read (see openLocalStore). */
export interface LocalStoreRecovery extends SetAside {
  /** Records read back into the new local store. */
  recovered: number;
  /** Rows read but not whole (no kind or id, a body that is not JSON): not taken in. */
  unreadable: number;
  /**
   * Journal entries read back as they were, hashes included: entries that could not be read
   * leave a gap that `journal verify` names.
   */
  journalEntries: number;
  /** Part of the file could not be read at all: records in it may be missing. */
  partial: boolean;
}

/**
 * Every record that can be read from the damaged copy goes into the new store, in one transaction,
 * with the times it was made and changed (and its digest, when that reads whole). One already there was recovered by a run that stopped
 * before it was done: counted as recovered, kept as it is.
 */
export function recoverLocalRecords(
  db: Database.Database,
  from: SetAside,
  now: () => number,
): LocalStoreRecovery {
  const salvage = salvageRows(from.keptAt, 'local_records');
  const insert = prepared(
    db,
    'INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, id) DO NOTHING',
  );
  const seen = new Set<string>();
  let recovered = 0;
  let unreadable = 0;
  const at = now();
  db.transaction(() => {
    for (const { columns } of salvage.rows) {
      const record = wholeRecord(columns, at);
      const key = record ? JSON.stringify([record[0], record[1]]) : null;
      if (record && key && !seen.has(key)) {
        seen.add(key);
        if (taken(() => insert.run(...record))) recovered += 1;
        else unreadable += 1;
      } else unreadable += 1;
    }
  })();
  const journal = recoverJournal(db, from);
  return {
    ...from,
    recovered,
    unreadable: unreadable + journal.unreadable,
    journalEntries: journal.recovered,
    partial: salvage.partial || journal.partial,
  };
}

const JOURNAL_TEXT = ['actor', 'action', 'subject', 'body', 'prev_hash', 'hash'] as const;

/**
 * The journal's rows, each taken as it was read. Nothing is made up for a row that cannot be
 * read: the chain then breaks at that place, and verify says so. Inserted with the triggers'
 * blessing (they refuse changes, not inserts).
 */
function recoverJournal(db: Database.Database, from: SetAside) {
  if (!namesTable(from.keptAt, 'journal')) return { recovered: 0, unreadable: 0, partial: false };
  const salvage = salvageRows(from.keptAt, 'journal');
  const insert = prepared(
    db,
    'INSERT INTO journal (seq, at_ms, actor, action, subject, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (seq) DO NOTHING',
  );
  let recovered = 0;
  let unreadable = 0;
  db.transaction(() => {
    for (const { columns } of salvage.rows) {
      const { seq, at_ms: at } = columns;
      const whole =
        Number.isSafeInteger(seq) &&
        Number.isSafeInteger(at) &&
        JOURNAL_TEXT.every((name) => typeof columns[name] === 'string');
      if (whole && taken(() => insert.run(seq, at, ...JOURNAL_TEXT.map((name) => columns[name]))))
        recovered += 1;
      else unreadable += 1;
    }
  })();
  return { recovered, unreadable, partial: salvage.partial };
}

function wholeRecord(
  columns: Record<string, unknown>,
  at: number,
): [string, string, string, number, number, ...Derived] | null {
  const { kind, id, body, created_ms: created, updated_ms: updated } = columns;
  if (typeof kind !== 'string' || kind === '' || typeof id !== 'string' || id === '') return null;
  if (typeof body !== 'string') return null;
  try {
    JSON.parse(body);
  } catch {
    return null;
  }
  const time = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : at);
  return [kind, id, body, time(created), time(updated), ...derived(columns)];
}

type Derived = [subject: string | null, digest: string | null, searchText: string | null];

/**
 * What was kept beside the body (migration 002) comes along when it reads whole; otherwise the
 * record comes back without it, and its owner derives it again from the body.
 */
function derived(columns: Record<string, unknown>): Derived {
  const { subject, digest, search_text: searchText } = columns;
  if (typeof digest !== 'string' || typeof searchText !== 'string') return [null, null, null];
  try {
    JSON.parse(digest);
  } catch {
    return [null, null, null];
  }
  return [typeof subject === 'string' ? subject : null, digest, searchText];
}

/** A row SQLite itself refuses (a body its JSON check does not take) is not whole either. */
function taken(insert: () => unknown): boolean {
  try {
    insert();
    return true;
  } catch {
    return false;
  }
}
