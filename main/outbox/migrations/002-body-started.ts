import type { Migration } from '../../lib/sqlite/migrate';

// Whether bytes of an upload's file went out in its latest attempt: an upload left `sending`
// without any cannot have reached the service and goes back in line without a look-up. Rows from
// before this mark default to 1, "may have been sent": an item in doubt stays in doubt.
export const migration002: Migration = {
  version: 2,
  name: 'body started mark',
  up(db) {
    db.exec('ALTER TABLE outbox ADD COLUMN body_started INTEGER NOT NULL DEFAULT 1');
  },
};
