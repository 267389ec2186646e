import type { Migration } from '../../lib/sqlite/migrate';

// KYT submissions (kind `kyt.submission`) are listed, filtered, counted per customer and walked in
// a batch's line order over tens of thousands of rows: parsing every body for that would take
// seconds. These tables hold what those reads need, one row per submission, written in the same
// transaction as its record by main/kyt/kyt-store.ts. They are derived from the bodies and never
// the only copy of anything: a row missing or stale (a store recovered from a damaged copy, a
// derivation of another version `v`, a body changed since `record_updated_ms`) is derived again
// when the store opens.
export const migration005: Migration = {
  version: 5,
  name: 'kyt index',
  up(db) {
    db.exec(`
      CREATE TABLE kyt_submissions (
        id TEXT PRIMARY KEY,
        v INTEGER NOT NULL,
        record_updated_ms INTEGER NOT NULL,
        status TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        -- The transaction's date, else when it was recorded: what the date filter reads.
        date_ms INTEGER NOT NULL,
        score REAL,
        state_text TEXT,
        state_code TEXT,
        currency TEXT NOT NULL,
        label_folded TEXT NOT NULL,
        from_external_id TEXT,
        to_external_id TEXT,
        batch_id TEXT,
        -- 0 outside a batch: lines made in one transaction share created_ms and sort by it.
        batch_line INTEGER NOT NULL,
        -- The list's row (KytSubmissionSummary) as JSON, so a list reads no body.
        summary TEXT NOT NULL CHECK (json_valid(summary))
      ) STRICT;
      CREATE INDEX kyt_submissions_newest ON kyt_submissions (created_ms, batch_line, id);
      CREATE INDEX kyt_submissions_by_batch ON kyt_submissions (batch_id, batch_line)
        WHERE batch_id IS NOT NULL;
      CREATE INDEX kyt_submissions_by_batch_status ON kyt_submissions (batch_id, status, batch_line)
        WHERE batch_id IS NOT NULL;
      CREATE INDEX kyt_submissions_by_status ON kyt_submissions (status);

      -- Sender, receiver and the customers the service linked: a customer's transactions.
      CREATE TABLE kyt_submission_customers (
        customer TEXT NOT NULL,
        id TEXT NOT NULL REFERENCES kyt_submissions (id) ON DELETE CASCADE,
        PRIMARY KEY (customer, id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX kyt_submission_customers_by_id ON kyt_submission_customers (id);
    `);
  },
};
