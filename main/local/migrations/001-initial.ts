import type { Migration } from '../../lib/sqlite/migrate';

// What only CaseDesk knows, one row per record, keyed by its kind ("press-report",
// "kyt-submission", "note", …) and an id within it. The body is the record's JSON, checked by the
// feature that owns the kind when it reads it back; json_valid keeps anything else out. The index
// lists a kind in the order its records were made without sorting.
export const migration001: Migration = {
  version: 1,
  name: 'local records',
  up(db) {
    db.exec(`
      CREATE TABLE local_records (
        kind TEXT NOT NULL CHECK (length(kind) > 0),
        id TEXT NOT NULL CHECK (length(id) > 0),
        body TEXT NOT NULL CHECK (json_valid(body)),
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      ) STRICT;
      CREATE INDEX local_records_by_created ON local_records (kind, created_ms, id);
    `);
  },
};
