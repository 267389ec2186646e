import type Database from 'better-sqlite3';

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

/** The local store's records, statements prepared once; each write is committed on its own. */
export function createLocalRecords(
  db: Database.Database,
  now: () => number = Date.now,
): LocalRecords {
  const upsert = db.prepare<[string, string, string, number, number], Row>(
    `INSERT INTO local_records (kind, id, body, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, updated_ms = excluded.updated_ms
     RETURNING *`,
  );
  const byKey = db.prepare<[string, string], Row>(
    'SELECT * FROM local_records WHERE kind = ? AND id = ?',
  );
  const byKind = db.prepare<[string], Row>(
    'SELECT * FROM local_records WHERE kind = ? ORDER BY created_ms, id',
  );
  const removeOne = db.prepare<[string, string]>(
    'DELETE FROM local_records WHERE kind = ? AND id = ?',
  );
  return {
    put(kind, id, body) {
      const json = JSON.stringify(body) as string | undefined;
      if (json === undefined) throw new TypeError(`a ${kind} record needs a JSON body`);
      const at = now();
      const row = upsert.get(kind, id, json, at, at);
      if (!row) throw new Error(`the ${kind} record ${id} was not written`);
      return toRecord(row);
    },
    get(kind, id) {
      const row = byKey.get(kind, id);
      return row ? toRecord(row) : null;
    },
    list(kind) {
      return byKind.all(kind).map(toRecord);
    },
    remove(kind, id) {
      return removeOne.run(kind, id).changes > 0;
    },
  };
}
