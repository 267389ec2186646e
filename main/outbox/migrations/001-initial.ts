import type { Migration } from '../../lib/sqlite/migrate';

// The first outbox schema: one row per write, replayed in `seq` order.
export const migration001: Migration = {
  version: 1,
  name: 'initial outbox schema',
  up(db) {
    db.exec(`
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL,
        payload TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'failed', 'done')),
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT,
        result TEXT,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX outbox_by_state ON outbox (state, seq);
    `);
  },
};
