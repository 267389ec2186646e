// The sandbox service's own storage. Each record is kept as the JSON the API serves, beside the
// columns its searches filter and sort on. Dates used in filters are epoch milliseconds.
export const SANDBOX_SCHEMA_VERSION = 2;

export const SANDBOX_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

CREATE TABLE customers (
  external_id TEXT PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  json TEXT NOT NULL,
  detail_json TEXT NOT NULL,
  stats_json TEXT NOT NULL
) STRICT;

CREATE TABLE relations (
  relation_external_id TEXT PRIMARY KEY,
  parent_external_id TEXT NOT NULL,
  child_external_id TEXT NOT NULL,
  json TEXT NOT NULL
) STRICT;

CREATE TABLE timeline_events (
  id TEXT PRIMARY KEY,
  customer_external_id TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  json TEXT NOT NULL
) STRICT;
CREATE INDEX timeline_by_customer ON timeline_events (customer_external_id, created_ms DESC, id);

CREATE TABLE alerts (
  id TEXT PRIMARY KEY,
  customer_external_id TEXT NOT NULL,
  customer_name TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  state INTEGER NOT NULL,
  score INTEGER NOT NULL,
  category TEXT NOT NULL,
  assigned_to INTEGER,
  review_groups TEXT NOT NULL,
  sanction_list_id INTEGER,
  sanction_list_name TEXT NOT NULL,
  json TEXT NOT NULL
) STRICT;
CREATE INDEX alerts_by_created ON alerts (created_ms, id);
CREATE INDEX alerts_by_updated ON alerts (updated_ms, id);
CREATE INDEX alerts_by_score ON alerts (score, id);
CREATE INDEX alerts_by_state ON alerts (state, id);
CREATE INDEX alerts_by_customer ON alerts (customer_external_id);

CREATE TABLE alert_revisions (
  alert_id TEXT NOT NULL,
  revision_number INTEGER NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (alert_id, revision_number)
) STRICT;

CREATE TABLE threads (
  id TEXT PRIMARY KEY,
  created_ms INTEGER NOT NULL,
  updated_ms INTEGER NOT NULL,
  status INTEGER,
  assigned_to INTEGER,
  review_groups TEXT NOT NULL,
  tags TEXT NOT NULL,
  contacts TEXT NOT NULL,
  customer_keys TEXT NOT NULL,
  customer_names TEXT NOT NULL,
  search_text TEXT NOT NULL,
  json TEXT NOT NULL
) STRICT;
CREATE INDEX threads_by_updated ON threads (updated_ms, id);
CREATE INDEX threads_by_created ON threads (created_ms, id);

CREATE TABLE messages (
  id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  json TEXT NOT NULL
) STRICT;
CREATE INDEX messages_by_thread ON messages (thread_id, created_ms, id);

CREATE TABLE attachments (
  id TEXT PRIMARY KEY,
  thread_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  file_mime TEXT NOT NULL,
  bytes BLOB NOT NULL
) STRICT;

CREATE TABLE documents (
  id TEXT PRIMARY KEY,
  customer_external_id TEXT NOT NULL,
  display_name TEXT NOT NULL,
  file_name TEXT NOT NULL,
  file_type TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  tags TEXT NOT NULL,
  json TEXT NOT NULL,
  bytes BLOB,
  external_url TEXT
) STRICT;
CREATE INDEX documents_by_customer ON documents (customer_external_id, created_at, id);
CREATE INDEX documents_by_created ON documents (created_at, id);

CREATE TABLE external_files (
  name TEXT PRIMARY KEY,
  mime TEXT NOT NULL,
  bytes BLOB NOT NULL
) STRICT;

CREATE TABLE press_reports (
  id TEXT PRIMARY KEY,
  json TEXT NOT NULL
) STRICT;

CREATE TABLE kyt_transactions (
  id TEXT PRIMARY KEY,
  sender_key TEXT NOT NULL,
  amount_eur REAL NOT NULL,
  near_threshold INTEGER NOT NULL,
  date_ms INTEGER NOT NULL,
  json TEXT NOT NULL
) STRICT;
-- The velocity rules read at most a few of a sender's latest transactions in a day: both reads are
-- a bounded walk down one of these indexes, however many transactions are stored.
CREATE INDEX kyt_by_sender ON kyt_transactions (sender_key, date_ms, amount_eur);
CREATE INDEX kyt_near_threshold_by_sender ON kyt_transactions (sender_key, date_ms, amount_eur)
  WHERE near_threshold = 1;

-- Customers' alias_ids, kept by triggers so every writer of customers keeps them right; KYT
-- resolves an aliased external id with one indexed read.
CREATE TABLE customer_aliases (
  alias TEXT NOT NULL,
  external_id TEXT NOT NULL,
  PRIMARY KEY (alias, external_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX customer_aliases_by_customer ON customer_aliases (external_id);
CREATE TRIGGER customer_aliases_on_insert AFTER INSERT ON customers BEGIN
  INSERT OR IGNORE INTO customer_aliases (alias, external_id)
    SELECT value, NEW.external_id FROM json_each(NEW.json, '$.alias_ids')
    WHERE type = 'text' AND value <> '';
END;
CREATE TRIGGER customer_aliases_on_update AFTER UPDATE OF json ON customers BEGIN
  DELETE FROM customer_aliases WHERE external_id = OLD.external_id;
  INSERT OR IGNORE INTO customer_aliases (alias, external_id)
    SELECT value, NEW.external_id FROM json_each(NEW.json, '$.alias_ids')
    WHERE type = 'text' AND value <> '';
END;
CREATE TRIGGER customer_aliases_on_delete AFTER DELETE ON customers BEGIN
  DELETE FROM customer_aliases WHERE external_id = OLD.external_id;
END;
`;
