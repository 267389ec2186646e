import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { JournalEntryView, JournalVerification } from '../../preload/contract';
import { canonicalJson } from '../lib/canonical-json';
import { prepared } from '../lib/sqlite/statements';
import { wellFormed } from '../lib/well-formed';

// The profile's append-only journal (local store migration 007). An entry's hash covers its
// place, time, actor, action, subject, body and the hash of the entry before it, so changing,
// removing or reordering any entry breaks every hash from there on. The first entry's `prev` is
// GENESIS.

export const GENESIS = '0'.repeat(64);

export interface JournalEntry {
  seq: number;
  atMs: number;
  actor: string;
  action: string;
  subject: string;
  body: unknown;
  prevHash: string;
  hash: string;
}

export interface NewJournalEntry {
  actor: string;
  action: string;
  subject: string;
  body: unknown;
}

export interface Journal {
  /** Appends one entry after the last; answers it, hashed. Call inside the write it records. */
  append(entry: NewJournalEntry): JournalEntry;
  /** The last entry's hash (GENESIS while the journal is empty) and how many there are. */
  head(): { seq: number; hash: string };
  /** The newest entries (of one subject), newest first. */
  recent(limit: number, subject?: string): JournalEntry[];
  /** Entries of one subject, oldest first. */
  of(subject: string): JournalEntry[];
  /** Every entry from `afterSeq` on, oldest first, `pageSize` at a time (an export streams it). */
  pages(pageSize: number, afterSeq?: number): Iterable<JournalEntry[]>;
  /** Walks the whole chain; names the first entry that does not check out. */
  verify(): JournalVerification;
}

interface Row {
  seq: number;
  at_ms: number;
  actor: string;
  action: string;
  subject: string;
  body: string;
  prev_hash: string;
  hash: string;
}

/** The text an entry's hash is taken over: every value of it, in a fixed order. */
export function entryHash(entry: Omit<JournalEntry, 'hash'>): string {
  const text = canonicalJson([
    entry.seq,
    entry.atMs,
    entry.actor,
    entry.action,
    entry.subject,
    entry.body,
    entry.prevHash,
  ]);
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

const toEntry = (row: Row): JournalEntry => ({
  seq: row.seq,
  atMs: row.at_ms,
  actor: row.actor,
  action: row.action,
  subject: row.subject,
  body: JSON.parse(row.body) as unknown,
  prevHash: row.prev_hash,
  hash: row.hash,
});

export const entryView = (entry: JournalEntry): JournalEntryView => ({
  seq: entry.seq,
  at: new Date(entry.atMs).toISOString(),
  actor: entry.actor,
  action: entry.action,
  subject: entry.subject,
  body: entry.body,
  hash: entry.hash,
});

const VERIFY_PAGE = 2_000;

export function createJournal(db: Database.Database, now: () => number = Date.now): Journal {
  const head = () => {
    const row = prepared(db, 'SELECT seq, hash FROM journal ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    return row ?? { seq: 0, hash: GENESIS };
  };
  const page = (afterSeq: number, size: number) =>
    (
      prepared(db, 'SELECT * FROM journal WHERE seq > ? ORDER BY seq LIMIT ?').all(
        afterSeq,
        size,
      ) as Row[]
    ).map(toEntry);

  function* pages(pageSize: number, afterSeq = 0): Iterable<JournalEntry[]> {
    for (let after = afterSeq; ;) {
      const entries = page(after, pageSize);
      if (entries.length === 0) return;
      yield entries;
      after = entries[entries.length - 1]!.seq;
    }
  }

  return {
    append(input) {
      // Read and written in one transaction (nested in the caller's, when there is one), so two
      // appends can never take the same place.
      // SQLite text cannot hold a lone surrogate (it would read back as U+FFFD and the entry's
      // hash would no longer hold): the text columns are made well-formed before they are hashed.
      const [actor, action, subject] = [input.actor, input.action, input.subject].map(
        wellFormed,
      ) as [string, string, string];
      const { body } = input;
      return db.transaction(() => {
        const last = head();
        const unhashed = {
          seq: last.seq + 1,
          atMs: now(),
          actor,
          action,
          subject,
          body: JSON.parse(canonicalJson(body)) as unknown,
          prevHash: last.hash,
        };
        const entry = { ...unhashed, hash: entryHash(unhashed) };
        prepared(
          db,
          'INSERT INTO journal (seq, at_ms, actor, action, subject, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(
          entry.seq,
          entry.atMs,
          actor,
          action,
          subject,
          canonicalJson(entry.body),
          entry.prevHash,
          entry.hash,
        );
        return entry;
      })();
    },
    head,
    recent(limit, subject) {
      const rows =
        subject === undefined
          ? prepared(db, 'SELECT * FROM journal ORDER BY seq DESC LIMIT ?').all(limit)
          : prepared(db, 'SELECT * FROM journal WHERE subject = ? ORDER BY seq DESC LIMIT ?').all(
              subject,
              limit,
            );
      return (rows as Row[]).map(toEntry);
    },
    of(subject) {
      return (
        prepared(db, 'SELECT * FROM journal WHERE subject = ? ORDER BY seq').all(subject) as Row[]
      ).map(toEntry);
    },
    pages,
    verify() {
      let expectedSeq = 1;
      let prev = GENESIS;
      // Read raw: a body that is not JSON any more is a broken entry, not a crash of the check.
      for (let after = 0; ;) {
        const rows = prepared(db, 'SELECT * FROM journal WHERE seq > ? ORDER BY seq LIMIT ?').all(
          after,
          VERIFY_PAGE,
        ) as Row[];
        if (rows.length === 0) break;
        for (const row of rows) {
          const problem = rowProblem(row, expectedSeq, prev);
          if (problem)
            return { state: 'broken', entries: countOf(db), firstBroken: row.seq, reason: problem };
          prev = row.hash;
          expectedSeq += 1;
        }
        after = rows[rows.length - 1]!.seq;
      }
      return { state: 'intact', entries: expectedSeq - 1, head: prev };
    },
  };
}

const countOf = (db: Database.Database) =>
  prepared(db, 'SELECT count(*) FROM journal', 'pluck').get() as number;

function rowProblem(row: Row, expectedSeq: number, prev: string): string | null {
  if (row.seq !== expectedSeq)
    return expectedSeq === 1
      ? `the journal starts at entry ${row.seq}: entries before it are missing`
      : `entry ${expectedSeq} is missing (the next one kept is ${row.seq})`;
  if (row.prev_hash !== prev)
    return 'it does not follow the entry before it (its link to the previous hash differs): an entry before it was changed, removed or put in its place';
  let body: unknown;
  try {
    body = JSON.parse(row.body);
  } catch {
    return 'its record is not readable JSON any more';
  }
  const hash = entryHash({
    seq: row.seq,
    atMs: row.at_ms,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    body,
    prevHash: row.prev_hash,
  });
  return hash === row.hash
    ? null
    : 'its content does not match its hash: it was changed after it was written';
}
