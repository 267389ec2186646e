import type { Migration } from '../../lib/sqlite/migrate';

// Lists must never parse records' bodies (a press report can hold thousands of sources): the kind
// that owns a record may keep beside it a grouping key (`subject`: a customer, a name), a small
// JSON of what its lists show (`digest`) and folded words to search (`search_text`). All three are
// derived from the body, so a record without them (recovered from a damaged store, or written
// before this version) is derived again by its owner; none of them is ever the only copy of a fact.
export const migration002: Migration = {
  version: 2,
  name: 'record digests',
  up(db) {
    db.exec(`
      ALTER TABLE local_records ADD COLUMN subject TEXT;
      ALTER TABLE local_records ADD COLUMN digest TEXT CHECK (digest IS NULL OR json_valid(digest));
      ALTER TABLE local_records ADD COLUMN search_text TEXT;
      CREATE INDEX local_records_by_subject ON local_records (kind, subject, created_ms, id);
    `);
  },
};
