import type { Migration } from '../../lib/sqlite/migrate';

// A record whose words change (a KYT submission settled: the service's id, state and customers
// join its words) had its words row deleted and inserted again: a new rowid at the table's end and
// both of its indexes rewritten, three to four more pages in every such commit's WAL frames (and
// in the checkpoint's copy), ~13 KB of the ~64 KB a settled batch line wrote. The words are now
// changed in place: only the row's own page is written. A record's key and creation time never
// change, but should an update ever change them, its words follow it (the old trigger left them
// under the old key unless its words changed too).
export const migration006: Migration = {
  version: 6,
  name: 'record words changed in place',
  up(db) {
    db.exec(`
      DROP TRIGGER local_record_words_updated;
      CREATE TRIGGER local_record_words_updated AFTER UPDATE OF search_text ON local_records
        WHEN old.search_text IS NOT new.search_text
          AND old.kind = new.kind AND old.id = new.id AND old.created_ms = new.created_ms
      BEGIN
        DELETE FROM local_record_words
          WHERE kind = new.kind AND id = new.id AND new.search_text IS NULL;
        -- An upsert: changed in place when the row is there, and made when it is missing (or an
        -- orphan row is taken over), so words out of step with their record are set right too.
        INSERT INTO local_record_words (kind, id, created_ms, search_text)
          SELECT new.kind, new.id, new.created_ms, new.search_text
          WHERE new.search_text IS NOT NULL
          ON CONFLICT (kind, id) DO UPDATE
            SET search_text = excluded.search_text, created_ms = excluded.created_ms;
      END;
      CREATE TRIGGER local_record_words_moved AFTER UPDATE OF kind, id, created_ms ON local_records
        WHEN old.kind IS NOT new.kind OR old.id IS NOT new.id OR old.created_ms IS NOT new.created_ms
      BEGIN
        DELETE FROM local_record_words WHERE kind = old.kind AND id = old.id;
        INSERT INTO local_record_words (kind, id, created_ms, search_text)
          SELECT new.kind, new.id, new.created_ms, new.search_text
          WHERE new.search_text IS NOT NULL;
      END;
    `);
  },
};
