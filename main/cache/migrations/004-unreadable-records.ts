import type { Migration } from '../../lib/sqlite/migrate';

// Records the service sent that CaseDesk could not read (issue 13, "One bad record"). Cache data:
// the service can send them again, so a rebuilt cache may lose them. One row per operation and
// raw JSON, so a record refused on every sync is listed once, with when it was first and last seen.
export const migration004: Migration = {
  version: 4,
  name: 'unreadable records',
  up(db) {
    db.exec(`
      CREATE TABLE unreadable_records (
        operation TEXT NOT NULL,
        -- SHA-256 of the raw JSON, hex.
        digest TEXT NOT NULL,
        raw TEXT NOT NULL,
        reason TEXT NOT NULL,
        first_seen_ms INTEGER NOT NULL,
        last_seen_ms INTEGER NOT NULL,
        times_seen INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (operation, digest)
      ) STRICT;
      CREATE INDEX unreadable_records_by_last_seen ON unreadable_records (last_seen_ms DESC);
    `);
  },
};
