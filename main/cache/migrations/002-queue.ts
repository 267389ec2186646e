import type { Migration } from '../../lib/sqlite/migrate';

/** The thread's raw value, or an empty object when it is damaged (a write must not fail on it). */
const raw = (row: string) => `CASE WHEN json_valid(${row}.raw) THEN ${row}.raw ELSE '{}' END`;

/** A JSON list of the thread's raw value as text, `a, b`. */
const list = (row: string, path: string) =>
  `(SELECT COALESCE(group_concat(value, ', '), '') FROM json_each(${raw(row)}, '${path}'))`;

const COLUMNS = 'rowid, subject, contacts, tags, customer';

/** What threads_fts holds of one thread (`new` in a trigger, the table in the back-fill). */
const indexed = (row: string) =>
  `${row}.rowid, ${row}.subject, ${list(row, '$.contacts')}, ${list(row, '$.tags')},
   COALESCE(json_extract(${raw(row)}, '$.customers[0].external_id'), '')`;

// What the review screens read beyond migration 001, kept off the sync's writer: a generated
// column is computed by SQLite from the raw JSON the writer already stores, and the threads'
// search index is kept by triggers. Each index here was measured (test/bench/queue-window.bench.ts)
// against its cost to the sync's writes; the queue's sorts reuse migration 001's indexes.
export const migration002: Migration = {
  version: 2,
  name: 'queue screen columns',
  up(db) {
    db.exec(`
      -- The agent of the last revision (spec: AlertRevision.agent_id, a string; a number is kept
      -- as its text). VIRTUAL because SQLite can only add that kind to an existing table; the
      -- index stores the value, so the assignee filter and the agents facet never parse JSON.
      -- json_valid first: a damaged raw value must read as unassigned, not fail every query.
      ALTER TABLE alerts ADD COLUMN agent_id TEXT GENERATED ALWAYS AS (CASE WHEN json_valid(raw)
        THEN COALESCE(CAST(json_extract(raw, '$.last_revision.agent_id') AS TEXT), '') ELSE '' END) VIRTUAL;
      CREATE INDEX alerts_by_agent ON alerts (agent_id);

      -- Threads found by their subject, contacts and tags, with their first customer (as the
      -- service lists them) beside: the search shows these without parsing each hit's raw JSON
      -- (kilobytes: it holds the last message). Its own content, a few words a thread, so the
      -- triggers need no old values. Guarded like migration 001's: a re-sync of an unchanged
      -- thread (same raw) does not re-index it.
      CREATE VIRTUAL TABLE threads_fts USING fts5 (
        subject, contacts, tags, customer UNINDEXED,
        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4'
      );
      CREATE TRIGGER threads_fts_insert AFTER INSERT ON threads BEGIN
        INSERT INTO threads_fts (${COLUMNS}) SELECT ${indexed('new')};
      END;
      CREATE TRIGGER threads_fts_delete AFTER DELETE ON threads BEGIN
        DELETE FROM threads_fts WHERE rowid = old.rowid;
      END;
      CREATE TRIGGER threads_fts_update AFTER UPDATE OF subject, raw ON threads
        WHEN old.subject IS NOT new.subject OR old.raw IS NOT new.raw BEGIN
        DELETE FROM threads_fts WHERE rowid = old.rowid;
        INSERT INTO threads_fts (${COLUMNS}) SELECT ${indexed('new')};
      END;
      INSERT INTO threads_fts (${COLUMNS}) SELECT ${indexed('threads')} FROM threads;
    `);
  },
};
