import type { Migration } from '../../lib/sqlite/migrate';

// Lists read a record's digest, never its body; but the digest comes after the body in the row,
// so reading it from the table walks the body's overflow pages (a press report body can be megabytes: 100 such reports listed in ~50 ms instead
// of ~0.03 ms). Indexes holding every column lists read answer them without touching the table
// (search reads its own words table, migration 003). They are derived from the rows, so a recovered store (main/local/local-recovery.ts)
// has them as soon as its rows are back.
export const migration004: Migration = {
  version: 4,
  name: 'covering list indexes',
  up(db) {
    db.exec(`
      CREATE INDEX local_records_listed
        ON local_records (kind, created_ms, id, subject, updated_ms, digest);
      DROP INDEX local_records_by_subject;
      CREATE INDEX local_records_by_subject_listed
        ON local_records (kind, subject, created_ms, id, updated_ms, digest);
    `);
  },
};
