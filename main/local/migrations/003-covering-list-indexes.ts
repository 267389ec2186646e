import type { Migration } from '../../lib/sqlite/migrate';

// Lists and search read a record's digest and search words, never its body; but digest and
// search_text come after the body in the row, so reading them from the table walks the body's
// overflow pages (a press report body can be megabytes: 100 such reports listed in ~50 ms instead
// of ~0.03 ms). Indexes holding every column lists and search read answer them without touching
// the table. They are derived from the rows, so a recovered store (main/local/local-recovery.ts)
// has them as soon as its rows are back.
export const migration003: Migration = {
  version: 3,
  name: 'covering list indexes',
  up(db) {
    db.exec(`
      CREATE INDEX local_records_listed
        ON local_records (kind, created_ms, id, subject, updated_ms, digest, search_text);
      DROP INDEX local_records_by_subject;
      CREATE INDEX local_records_by_subject_listed
        ON local_records (kind, subject, created_ms, id, updated_ms, digest);
    `);
  },
};
