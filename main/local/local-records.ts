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

export interface LocalRecords {
  /** Creates or replaces a record; a replaced one keeps the time it was first made. */
  put(kind: string, id: string, body: unknown): LocalRecord;
  get(kind: string, id: string): LocalRecord | null;
  /** A kind's records, oldest first. */
  list(kind: string): LocalRecord[];
  /** Removes one record; true when there was one. Nothing else ever removes a record. */
  remove(kind: string, id: string): boolean;
}

interface Row {
  kind: string;
  id: string;
  body: string;
  created_ms: number;
  updated_ms: number;
}

const toRecord = (row: Row): LocalRecord => ({
  kind: row.kind,
  id: row.id,
  body: JSON.parse(row.body) as unknown,
  createdAt: new Date(row.created_ms).toISOString(),
  updatedAt: new Date(row.updated_ms).toISOString(),
});

/** The local store's records (statements prepared once, through the shared helper); each write is committed on its own. */
export function createLocalRecords(
  db: Database.Database,
  now: () => number = Date.now,
): LocalRecords {
  const UPSERT = `INSERT INTO local_records (kind, id, body, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_ms = excluded.updated_ms
     RETURNING *`;
  return {
    put(kind, id, body) {
      const json = JSON.stringify(body) as string | undefined;
      if (json === undefined) throw new TypeError(`a ${kind} record needs a JSON body`);
      const at = now();
      const row = prepared(db, UPSERT).get(kind, id, json, at, at) as Row | undefined;
      if (!row) throw new Error(`the ${kind} record ${id} was not written`);
      return toRecord(row);
    },
    get(kind, id) {
      const row = prepared(db, 'SELECT * FROM local_records WHERE kind = ? AND id = ?').get(
        kind,
        id,
      ) as Row | undefined;
      return row ? toRecord(row) : null;
    },
    list(kind) {
      const rows = prepared(
        db,
        'SELECT * FROM local_records WHERE kind = ? ORDER BY created_ms, id',
      ).all(kind) as Row[];
      return rows.map(toRecord);
    },
    remove(kind, id) {
      return (
        prepared(db, 'DELETE FROM local_records WHERE kind = ? AND id = ?').run(kind, id).changes >
        0
      );
    },
  };
}
