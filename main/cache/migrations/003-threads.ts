import type { Migration } from '../../lib/sqlite/migrate';

/** `|a|b|` of a JSON array of strings in the row's raw JSON, as `listKey` writes list columns. */
const listOf = (raw: string, path: string) =>
  `(SELECT CASE WHEN count(*) THEN '|' || group_concat(value, '|') || '|' ELSE '' END
      FROM json_each(${raw}, '${path}') WHERE type = 'text')`;

/** The list fields of one thread row (`row` is `new` in a trigger, the table in the back-fill). */
const listFields = (row: string) => {
  // A damaged raw value must not fail the write that carries it: it lists as empty.
  const raw = `CASE WHEN json_valid(${row}.raw) THEN ${row}.raw ELSE '{}' END`;
  return `${row}.id, ${row}.updated_ms, ${row}.created_ms, ${row}.status,
    ${listOf(raw, '$.tags')}, ${listOf(raw, '$.review_groups')},
    (SELECT COALESCE(group_concat(value, char(10)), '') FROM json_each(${raw}, '$.contacts') WHERE type = 'text'),
    COALESCE((SELECT json_extract(${raw}, '$.last_message.from') WHERE json_type(${raw}, '$.last_message.from') = 'text'), '')`;
};

/** The parent named by a customer's read shape; the query must use this very expression. */
export const PARENT_OF_RAW =
  "CASE WHEN json_valid(raw) THEN json_extract(raw, '$.parent_external_id') END";

const COLUMNS =
  'thread_id, updated_ms, created_ms, status, tags, review_groups, contacts, last_from';

// The thread list's filters (tags, review groups, contacts) live inside threads.raw. Reading them
// there means parsing kilobytes of JSON per thread (the last message's HTML, the customers), and
// columns added to threads would sit after raw on disk; stored generated columns would need the
// table rebuilt, which would drop the triggers other migrations keep on it. So a narrow side table
// holds them, kept by triggers only when a thread's fields change (a re-sync of unchanged threads
// writes nothing here), and one covering index answers every list filter and the newest-first
// order without touching threads at all.
export const migration003: Migration = {
  version: 3,
  name: 'threads screen columns',
  up(db) {
    db.exec(`
      CREATE TABLE thread_list (
        thread_id TEXT PRIMARY KEY,
        updated_ms INTEGER NOT NULL,
        created_ms INTEGER NOT NULL,
        status INTEGER,
        tags TEXT NOT NULL,
        review_groups TEXT NOT NULL,
        -- One per line, as received.
        contacts TEXT NOT NULL,
        last_from TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX thread_list_by_updated ON thread_list (updated_ms, thread_id, status, created_ms, tags, review_groups, contacts);

      CREATE TRIGGER thread_list_insert AFTER INSERT ON threads BEGIN
        INSERT OR REPLACE INTO thread_list (${COLUMNS}) SELECT ${listFields('new')};
      END;
      CREATE TRIGGER thread_list_update AFTER UPDATE ON threads
        WHEN old.raw IS NOT new.raw OR old.id IS NOT new.id OR old.updated_ms IS NOT new.updated_ms
          OR old.created_ms IS NOT new.created_ms OR old.status IS NOT new.status BEGIN
        DELETE FROM thread_list WHERE thread_id = old.id;
        INSERT OR REPLACE INTO thread_list (${COLUMNS}) SELECT ${listFields('new')};
      END;
      CREATE TRIGGER thread_list_delete AFTER DELETE ON threads BEGIN
        DELETE FROM thread_list WHERE thread_id = old.id;
      END;
      INSERT INTO thread_list (${COLUMNS}) SELECT ${listFields('threads')} FROM threads;

      -- The customer filter matches part of a name: scanning this narrow index instead of the
      -- customers' rows (which carry their raw JSON and detail) keeps it to a few milliseconds.
      CREATE INDEX customers_by_name ON customers (name, external_id);

      -- The read shape names a customer's parent; its children are found by the same field, so
      -- relations show both ways even though the interface has no read operation for relations.
      CREATE INDEX customers_by_parent ON customers (${PARENT_OF_RAW});
    `);
  },
};
