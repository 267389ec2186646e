import type { Migration } from '../../lib/sqlite/migrate';

/** Any of these differing between the old and the new row. */
const differs = (columns: readonly string[]) =>
  columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');

const ALERT_COLUMNS = [
  'id',
  'customer_external_id',
  'created_ms',
  'updated_ms',
  'state',
  'score',
  'category',
  'revision_number',
  'comment',
  'raw',
];
/** What the queue reads of a customer: its name (sorts, search), variations (search), groups. */
const CUSTOMER_COLUMNS = ['external_id', 'name', 'name_variations', 'review_groups'];

const bump = (name: string) =>
  `UPDATE queue_versions SET version = version + 1 WHERE name = '${name}';`;

// The queue's and the dashboard's memos (orders, matches, counts, facets) were dropped at every
// commit of the sync worker, even one that wrote alerts exactly as they were: a full sync rewrites
// every alert, and each of its commits cost the next screen a recomputation over every row. These
// counters move only when a row the memos read really changed, so a memo is kept across commits
// that change nothing it reads. Triggers, so that no writer (the sync worker, the outbox's
// read-back through main's connection) can forget to move them.
export const migration006: Migration = {
  version: 6,
  name: 'versions of what the queue reads',
  up(db) {
    db.exec(`
      CREATE TABLE queue_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL) STRICT;
      INSERT INTO queue_versions (name, version) VALUES ('alerts', 0), ('customers', 0);

      CREATE TRIGGER queue_version_alert_insert AFTER INSERT ON alerts BEGIN ${bump('alerts')} END;
      CREATE TRIGGER queue_version_alert_delete AFTER DELETE ON alerts BEGIN ${bump('alerts')} END;
      CREATE TRIGGER queue_version_alert_update AFTER UPDATE ON alerts
        WHEN ${differs(ALERT_COLUMNS)} BEGIN ${bump('alerts')} END;

      CREATE TRIGGER queue_version_customer_insert AFTER INSERT ON customers BEGIN ${bump('customers')} END;
      CREATE TRIGGER queue_version_customer_delete AFTER DELETE ON customers BEGIN ${bump('customers')} END;
      CREATE TRIGGER queue_version_customer_update AFTER UPDATE ON customers
        WHEN ${differs(CUSTOMER_COLUMNS)} BEGIN ${bump('customers')} END;
    `);
  },
};
