import type { Migration } from '../../lib/sqlite/migrate';

// The first cache schema. Each record keeps its raw JSON beside the columns screens filter and sort
// on. FTS indexes are external-content tables kept by triggers that fire only when indexed text
// changes, so re-syncing unchanged records does not rewrite the index (see shared/PERFORMANCE.md).
export const migration001: Migration = {
  version: 1,
  name: 'initial cache schema',
  up(db) {
    db.exec(`
      CREATE TABLE customers (
        external_id TEXT PRIMARY KEY,
        id TEXT,
        account_type TEXT,
        name TEXT NOT NULL,
        name_variations TEXT NOT NULL DEFAULT '',
        review_groups TEXT NOT NULL DEFAULT '',
        raw TEXT NOT NULL,
        detail_raw TEXT,
        stats_raw TEXT,
        alerts_count INTEGER,
        last_scan_date TEXT,
        detail_synced_ms INTEGER
      ) STRICT;

      CREATE TABLE relations (
        relation_external_id TEXT PRIMARY KEY,
        parent_external_id TEXT NOT NULL,
        child_external_id TEXT NOT NULL,
        relation_type INTEGER,
        raw TEXT NOT NULL
      ) STRICT;
      CREATE INDEX relations_by_parent ON relations (parent_external_id);
      CREATE INDEX relations_by_child ON relations (child_external_id);

      CREATE TABLE alerts (
        id TEXT PRIMARY KEY,
        customer_external_id TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        state INTEGER NOT NULL,
        score INTEGER NOT NULL,
        category TEXT NOT NULL,
        revision_number INTEGER NOT NULL,
        comment TEXT NOT NULL DEFAULT '',
        raw TEXT NOT NULL
      ) STRICT;
      -- Queue indexes: the sort value then id in one direction, so a (value, id) keyset range and both
      -- ORDER BY directions are one index walk; then the filter columns, so rows that do not match
      -- are skipped in the index without reading the table (a page at any depth stays sub-ms).
      CREATE INDEX alerts_by_updated ON alerts (updated_ms, id, state, score, category);
      CREATE INDEX alerts_by_created ON alerts (created_ms, id, state, score, category);
      CREATE INDEX alerts_by_score ON alerts (score, id, state, category);
      CREATE INDEX alerts_by_state ON alerts (state, updated_ms, id);
      CREATE INDEX alerts_by_customer ON alerts (customer_external_id, updated_ms);

      -- Every earlier revision ever seen, so a screen can show what changed between them. The last
      -- revision lives in alerts.raw; when a newer one arrives, the trigger below keeps the old one
      -- here (a full sync writes each alert once, not twice).
      CREATE TABLE alert_revisions (
        alert_id TEXT NOT NULL,
        revision_number INTEGER NOT NULL,
        state INTEGER NOT NULL,
        score INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        raw TEXT NOT NULL,
        PRIMARY KEY (alert_id, revision_number)
      ) STRICT, WITHOUT ROWID;

      CREATE TRIGGER alerts_keep_previous_revision BEFORE UPDATE OF revision_number, raw ON alerts
        WHEN old.revision_number IS NOT new.revision_number OR json_extract(old.raw, '$.last_revision.id') IS NOT json_extract(new.raw, '$.last_revision.id') BEGIN
        INSERT OR IGNORE INTO alert_revisions (alert_id, revision_number, state, score, created_ms, raw)
        VALUES (old.id, old.revision_number, old.state, old.score, old.updated_ms, COALESCE(json_extract(old.raw, '$.last_revision'), '{}'));
      END;

      CREATE TABLE threads (
        id TEXT PRIMARY KEY,
        created_ms INTEGER NOT NULL,
        updated_ms INTEGER NOT NULL,
        status INTEGER,
        subject TEXT NOT NULL DEFAULT '',
        message_count INTEGER NOT NULL DEFAULT 0,
        raw TEXT NOT NULL
      ) STRICT;
      CREATE INDEX threads_by_updated ON threads (updated_ms, id);

      CREATE TABLE thread_customers (
        thread_id TEXT NOT NULL,
        customer_external_id TEXT NOT NULL,
        PRIMARY KEY (thread_id, customer_external_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX thread_customers_by_customer ON thread_customers (customer_external_id);

      CREATE TABLE messages (
        id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        subject TEXT NOT NULL DEFAULT '',
        content TEXT NOT NULL DEFAULT '',
        raw TEXT NOT NULL
      ) STRICT;
      CREATE INDEX messages_by_thread ON messages (thread_id, created_ms);

      CREATE TABLE attachments (
        id TEXT PRIMARY KEY,
        thread_id TEXT NOT NULL,
        message_id TEXT,
        file_name TEXT NOT NULL,
        file_mime TEXT NOT NULL,
        file_size INTEGER NOT NULL,
        not_dangerous INTEGER,
        raw TEXT NOT NULL
      ) STRICT;
      CREATE INDEX attachments_by_thread ON attachments (thread_id);

      CREATE TABLE documents (
        id TEXT PRIMARY KEY,
        customer_external_id TEXT NOT NULL,
        display_name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        file_type TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        tags TEXT NOT NULL DEFAULT '',
        raw TEXT NOT NULL
      ) STRICT;
      CREATE INDEX documents_by_customer ON documents (customer_external_id, created_at DESC);

      CREATE TABLE timeline_events (
        id TEXT PRIMARY KEY,
        customer_external_id TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        event_type TEXT NOT NULL,
        raw TEXT NOT NULL
      ) STRICT;
      CREATE INDEX timeline_by_customer ON timeline_events (customer_external_id, created_ms DESC);

      CREATE TABLE press_reports (
        id TEXT PRIMARY KEY,
        customer_external_id TEXT,
        created_at TEXT NOT NULL,
        raw TEXT NOT NULL
      ) STRICT;

      CREATE TABLE kyt_transactions (
        id TEXT PRIMARY KEY,
        external_id TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        raw TEXT NOT NULL
      ) STRICT;

      -- Customers named by synced alerts and threads, waiting for their detail to be fetched.
      CREATE TABLE customer_queue (
        external_id TEXT PRIMARY KEY,
        queued_ms INTEGER NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT
      ) STRICT;

      CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

      CREATE VIRTUAL TABLE customers_fts USING fts5 (
        name, name_variations, external_id, content = 'customers', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      );
      CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
        INSERT INTO customers_fts (rowid, name, name_variations, external_id) VALUES (new.rowid, new.name, new.name_variations, new.external_id);
      END;
      CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
        INSERT INTO customers_fts (customers_fts, rowid, name, name_variations, external_id) VALUES ('delete', old.rowid, old.name, old.name_variations, old.external_id);
      END;
      CREATE TRIGGER customers_fts_update AFTER UPDATE OF name, name_variations, external_id ON customers
        WHEN old.name IS NOT new.name OR old.name_variations IS NOT new.name_variations OR old.external_id IS NOT new.external_id BEGIN
        INSERT INTO customers_fts (customers_fts, rowid, name, name_variations, external_id) VALUES ('delete', old.rowid, old.name, old.name_variations, old.external_id);
        INSERT INTO customers_fts (rowid, name, name_variations, external_id) VALUES (new.rowid, new.name, new.name_variations, new.external_id);
      END;

      CREATE VIRTUAL TABLE alerts_fts USING fts5 (
        comment, customer_external_id, content = 'alerts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      );
      CREATE TRIGGER alerts_fts_insert AFTER INSERT ON alerts BEGIN
        INSERT INTO alerts_fts (rowid, comment, customer_external_id) VALUES (new.rowid, new.comment, new.customer_external_id);
      END;
      CREATE TRIGGER alerts_fts_delete AFTER DELETE ON alerts BEGIN
        INSERT INTO alerts_fts (alerts_fts, rowid, comment, customer_external_id) VALUES ('delete', old.rowid, old.comment, old.customer_external_id);
      END;
      CREATE TRIGGER alerts_fts_update AFTER UPDATE OF comment, customer_external_id ON alerts
        WHEN old.comment IS NOT new.comment OR old.customer_external_id IS NOT new.customer_external_id BEGIN
        INSERT INTO alerts_fts (alerts_fts, rowid, comment, customer_external_id) VALUES ('delete', old.rowid, old.comment, old.customer_external_id);
        INSERT INTO alerts_fts (rowid, comment, customer_external_id) VALUES (new.rowid, new.comment, new.customer_external_id);
      END;

      CREATE VIRTUAL TABLE messages_fts USING fts5 (
        subject, content, content = 'messages', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      );
      CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, subject, content) VALUES (new.rowid, new.subject, new.content);
      END;
      CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, subject, content) VALUES ('delete', old.rowid, old.subject, old.content);
      END;
      CREATE TRIGGER messages_fts_update AFTER UPDATE OF subject, content ON messages
        WHEN old.subject IS NOT new.subject OR old.content IS NOT new.content BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, subject, content) VALUES ('delete', old.rowid, old.subject, old.content);
        INSERT INTO messages_fts (rowid, subject, content) VALUES (new.rowid, new.subject, new.content);
      END;

      CREATE VIRTUAL TABLE documents_fts USING fts5 (
        display_name, file_name, content = 'documents', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      );
      CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
        INSERT INTO documents_fts (rowid, display_name, file_name) VALUES (new.rowid, new.display_name, new.file_name);
      END;
      CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
        INSERT INTO documents_fts (documents_fts, rowid, display_name, file_name) VALUES ('delete', old.rowid, old.display_name, old.file_name);
      END;
      CREATE TRIGGER documents_fts_update AFTER UPDATE OF display_name, file_name ON documents
        WHEN old.display_name IS NOT new.display_name OR old.file_name IS NOT new.file_name BEGIN
        INSERT INTO documents_fts (documents_fts, rowid, display_name, file_name) VALUES ('delete', old.rowid, old.display_name, old.file_name);
        INSERT INTO documents_fts (rowid, display_name, file_name) VALUES (new.rowid, new.display_name, new.file_name);
      END;
    `);
  },
};
