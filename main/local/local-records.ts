import type Database from 'better-sqlite3';
import { prepared } from '../lib/sqlite/statements';

/** One record only CaseDesk knows: a generated press report, a KYT submission, a note. */
export interface LocalRecord {
  kind: string;
  id: string;
  /** The record's JSON as stored: the feature owning the kind parses it with its own schema. */
  body: unknown;
  createdAt: string;
  updatedAt: string;
}

/**
 * What a kind may keep beside a record for its lists and search (migration 002), all derived from
 * the body: a grouping key, a small JSON its lists read instead of the body, folded words to search.
 */
export interface RecordIndex {
  subject: string | null;
  /** Carries a number `v`: a digest of another version is derived again (see `stale`). */
  digest: { v: number } & Record<string, unknown>;
  searchText: string;
}

/** A record as lists read it: its digest, never its body. */
export interface RecordDigest {
  id: string;
  subject: string | null;
  digest: unknown;
  createdMs: number;
  updatedMs: number;
}

export interface LocalRecords {
  /**
   * Creates or replaces a record; a replaced one keeps the time it was first made. Without an
   * index, whatever was kept beside the old body is cleared (it described that body).
   */
  put(kind: string, id: string, body: unknown, index?: RecordIndex): LocalRecord;
  /** As `put` with an index, reading nothing back: answers the time it was written at, in ms. */
  replace(kind: string, id: string, body: unknown, index: RecordIndex): number;
  /**
   * Replaces the body of a kept record, its index untouched (the caller knows nothing it derives
   * changed): answers the time it was written at, in ms. Throws when there is no such record.
   */
  setBody(kind: string, id: string, body: unknown): number;
  /**
   * As `setBody` with the body already as JSON text (checked to be JSON by nothing but the caller):
   * for a large body its owner serialized once and keeps beside what it parsed.
   */
  setBodyText(kind: string, id: string, json: string): number;
  /** As `put` without an index, the body already JSON text, reading nothing back. */
  putText(kind: string, id: string, json: string): number;
  /** A record's body as stored (JSON text), not parsed; undefined when there is none. */
  bodyText(kind: string, id: string): string | undefined;
  /**
   * Creates a record not kept yet (one already kept is refused: a conflict throws), reading nothing
   * back: for many records written in one transaction (a batch's lines). Answers the time it was
   * made at, in ms (its created and updated time).
   */
  /**
   * Adds a record, made at `atMs` (now when not given: a caller that stamps its own body gives its
   * time, so the store's order and the body's agree).
   */
  add(kind: string, id: string, body: unknown, index: RecordIndex, atMs?: number): number;
  get(kind: string, id: string): LocalRecord | null;
  /** Whether a record is kept, its body not read. */
  has(kind: string, id: string): boolean;
  /** A kind's records, oldest first. */
  list(kind: string): LocalRecord[];
  /** A kind's records of one subject, oldest first. */
  listOf(kind: string, subject: string): LocalRecord[];
  /**
   * A page of a kind's records of one subject, newest first: at most `limit`, only those made
   * before the record `before` (its id) when given. Only the page's rows are read (the subject's
   * index walked back from where the page starts). Null when `before` is no record of that kind
   * and subject.
   */
  pageOf(kind: string, subject: string, page: RecordPage): LocalRecord[] | null;
  /** Removes one record; true when there was one. Nothing else ever removes a record. */
  remove(kind: string, id: string): boolean;
  /** A kind's digests (of one subject, when given), newest first; bodies are not read. */
  digests(kind: string, subject?: string): RecordDigest[];
  countOf(kind: string, subject: string): number;
  /**
   * Digests whose search text holds every word (folded as the owner folded it) at a word's start,
   * newest first, at most `limit`.
   */
  searchDigests(kind: string, words: readonly string[], limit: number): RecordDigest[];
  /** Records with no digest, or one of another version than `version`: to derive again. */
  stale(kind: string, version: number): LocalRecord[];
  /** Keeps a record's index beside it, its body and times untouched. */
  setIndex(kind: string, id: string, index: RecordIndex): void;
}

/** Where a page of records starts (`pageOf`): after the record `before`, newest first. */
export interface RecordPage {
  before?: string;
  limit: number;
}

interface Row {
  kind: string;
  id: string;
  body: string;
  created_ms: number;
  updated_ms: number;
}

interface DigestRow {
  id: string;
  subject: string | null;
  digest: string;
  created_ms: number;
  updated_ms: number;
}

const toDigest = (row: DigestRow): RecordDigest => ({
  id: row.id,
  subject: row.subject,
  digest: JSON.parse(row.digest) as unknown,
  createdMs: row.created_ms,
  updatedMs: row.updated_ms,
});

/** LIKE's own characters in a word are matched as themselves. */
const likeWord = (word: string) => `% ${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const toRecord = (row: Row): LocalRecord => ({
  kind: row.kind,
  id: row.id,
  body: JSON.parse(row.body) as unknown,
  createdAt: new Date(row.created_ms).toISOString(),
  updatedAt: new Date(row.updated_ms).toISOString(),
});

/**
 * Search over a kind's words (migration 003) for `count` words, newest first: the words alone are
 * read, in the order records were made, and a record's row only for a match. Exported for the
 * test of its plan.
 */
export function wordSearchSql(count: number): string {
  const where = Array.from({ length: count }, () => "w.search_text LIKE ? ESCAPE '\\'").join(
    ' AND ',
  );
  return `SELECT r.id, r.subject, r.digest, r.created_ms, r.updated_ms FROM local_record_words w
    JOIN local_records r ON r.kind = w.kind AND r.created_ms = w.created_ms AND r.id = w.id
    WHERE w.kind = ? AND r.digest IS NOT NULL AND ${where}
    ORDER BY w.created_ms DESC, w.id DESC LIMIT ?`;
}

/**
 * A page of a subject's records made before one of them (its time and id), newest first. Exported
 * for the test of its plan: the subject's index is walked back from the cursor, never sorted.
 */
export const PAGE_BEFORE_SQL = `SELECT * FROM local_records
    WHERE kind = ? AND subject = ? AND (created_ms, id) < (?, ?)
    ORDER BY created_ms DESC, id DESC LIMIT ?`;

/** The local store's records (statements prepared once, through the shared helper); each write is committed on its own. */
export function createLocalRecords(
  db: Database.Database,
  now: () => number = Date.now,
): LocalRecords {
  const UPSERT = `INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_ms = excluded.updated_ms,
       subject = excluded.subject, digest = excluded.digest, search_text = excluded.search_text
     RETURNING *`;
  const REPLACE = UPSERT.replace(/\s+RETURNING \*$/, '');
  const DIGEST_COLUMNS = 'id, subject, digest, created_ms, updated_ms';
  const setBodyText = (kind: string, id: string, json: string): number => {
    const at = now();
    const written = prepared(
      db,
      'UPDATE local_records SET body = ?, updated_ms = ? WHERE kind = ? AND id = ?',
    ).run(json, at, kind, id);
    if (written.changes !== 1) throw new Error(`the ${kind} record ${id} is not kept`);
    return at;
  };

  return {
    put(kind, id, body, index) {
      const json = JSON.stringify(body) as string | undefined;
      if (json === undefined) throw new TypeError(`a ${kind} record needs a JSON body`);
      const at = now();
      const row = prepared(db, UPSERT).get(
        kind,
        id,
        json,
        at,
        at,
        index?.subject ?? null,
        index ? JSON.stringify(index.digest) : null,
        index?.searchText ?? null,
      ) as Row | undefined;
      if (!row) throw new Error(`the ${kind} record ${id} was not written`);
      return toRecord(row);
    },
    replace(kind, id, body, index) {
      const json = JSON.stringify(body) as string | undefined;
      if (json === undefined) throw new TypeError(`a ${kind} record needs a JSON body`);
      const at = now();
      const digest = JSON.stringify(index.digest);
      // Mostly a record already kept (a KYT line settled): updated in place, without the insert
      // an upsert tries first (its key search and its checks of a body of kilobytes, run twice).
      const updated = prepared(
        db,
        'UPDATE local_records SET body = ?, updated_ms = ?, subject = ?, digest = ?, search_text = ? WHERE kind = ? AND id = ?',
      ).run(json, at, index.subject, digest, index.searchText, kind, id);
      if (updated.changes === 1) return at;
      prepared(db, REPLACE).run(kind, id, json, at, at, index.subject, digest, index.searchText);
      return at;
    },
    setBody(kind, id, body) {
      const json = JSON.stringify(body) as string | undefined;
      if (json === undefined) throw new TypeError(`a ${kind} record needs a JSON body`);
      return setBodyText(kind, id, json);
    },
    setBodyText,
    putText(kind, id, json) {
      const at = now();
      prepared(db, REPLACE).run(kind, id, json, at, at, null, null, null);
      return at;
    },
    bodyText(kind, id) {
      return prepared(db, 'SELECT body FROM local_records WHERE kind = ? AND id = ?', 'pluck').get(
        kind,
        id,
      ) as string | undefined;
    },
    add(kind, id, body, index, atMs) {
      const json = JSON.stringify(body) as string | undefined;
      if (json === undefined) throw new TypeError(`a ${kind} record needs a JSON body`);
      const at = atMs ?? now();
      prepared(
        db,
        'INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ).run(kind, id, json, at, at, index.subject, JSON.stringify(index.digest), index.searchText);
      return at;
    },
    get(kind, id) {
      const row = prepared(db, 'SELECT * FROM local_records WHERE kind = ? AND id = ?').get(
        kind,
        id,
      ) as Row | undefined;
      return row ? toRecord(row) : null;
    },
    has(kind, id) {
      return (
        prepared(db, 'SELECT 1 FROM local_records WHERE kind = ? AND id = ?', 'pluck').get(
          kind,
          id,
        ) !== undefined
      );
    },
    list(kind) {
      const rows = prepared(
        db,
        'SELECT * FROM local_records WHERE kind = ? ORDER BY created_ms, id',
      ).all(kind) as Row[];
      return rows.map(toRecord);
    },
    listOf(kind, subject) {
      const rows = prepared(
        db,
        'SELECT * FROM local_records WHERE kind = ? AND subject = ? ORDER BY created_ms, id',
      ).all(kind, subject) as Row[];
      return rows.map(toRecord);
    },
    pageOf(kind, subject, { before, limit }) {
      if (before === undefined)
        return (
          prepared(
            db,
            'SELECT * FROM local_records WHERE kind = ? AND subject = ? ORDER BY created_ms DESC, id DESC LIMIT ?',
          ).all(kind, subject, limit) as Row[]
        ).map(toRecord);
      const from = prepared(
        db,
        'SELECT created_ms FROM local_records WHERE kind = ? AND id = ? AND subject = ?',
        'pluck',
      ).get(kind, before, subject) as number | undefined;
      if (from === undefined) return null;
      return (prepared(db, PAGE_BEFORE_SQL).all(kind, subject, from, before, limit) as Row[]).map(
        toRecord,
      );
    },
    remove(kind, id) {
      return (
        prepared(db, 'DELETE FROM local_records WHERE kind = ? AND id = ?').run(kind, id).changes >
        0
      );
    },
    digests(kind, subject) {
      const rows =
        subject === undefined
          ? prepared(
              db,
              `SELECT ${DIGEST_COLUMNS} FROM local_records WHERE kind = ? AND digest IS NOT NULL ORDER BY created_ms DESC, id DESC`,
            ).all(kind)
          : prepared(
              db,
              `SELECT ${DIGEST_COLUMNS} FROM local_records WHERE kind = ? AND subject = ? AND digest IS NOT NULL ORDER BY created_ms DESC, id DESC`,
            ).all(kind, subject);
      return (rows as DigestRow[]).map(toDigest);
    },
    countOf(kind, subject) {
      return prepared(
        db,
        'SELECT count(*) FROM local_records WHERE kind = ? AND subject = ?',
        'pluck',
      ).get(kind, subject) as number;
    },
    searchDigests(kind, words, limit) {
      if (words.length === 0) return [];
      const rows = prepared(db, wordSearchSql(words.length)).all(
        kind,
        ...words.map(likeWord),
        limit,
      ) as DigestRow[];
      return rows.map(toDigest);
    },
    stale(kind, version) {
      const rows = prepared(
        db,
        "SELECT * FROM local_records WHERE kind = ? AND (digest IS NULL OR json_extract(digest, '$.v') IS NOT ?)",
      ).all(kind, version) as Row[];
      return rows.map(toRecord);
    },
    setIndex(kind, id, index) {
      prepared(
        db,
        'UPDATE local_records SET subject = ?, digest = ?, search_text = ? WHERE kind = ? AND id = ?',
      ).run(index.subject, JSON.stringify(index.digest), index.searchText, kind, id);
    },
  };
}
