import type { Migration } from '../../lib/sqlite/migrate';

// Search reads every record's words until it has enough matches: a name no record holds reads
// them all, per keystroke. In local_records the words sit behind the body (a press report's is
// tens of kilobytes, in overflow pages), so that scan walked every body too: ~60 ms for 3,000 kept
// reports (test/bench/press-store.bench.ts). Here they are alone, in the order records were made,
// kept by triggers so that every way a record is written (put, setIndex, remove, the recovery of a
// damaged store) keeps them, and derived from local_records, never the only copy of anything.
export const migration003: Migration = {
  version: 3,
  name: 'record words',
  up(db) {
    db.exec(`
      CREATE TABLE local_record_words (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        search_text TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      ) STRICT;
      CREATE INDEX local_record_words_by_created ON local_record_words (kind, created_ms, id);
      INSERT INTO local_record_words (kind, id, created_ms, search_text)
        SELECT kind, id, created_ms, search_text FROM local_records WHERE search_text IS NOT NULL;
      CREATE TRIGGER local_record_words_inserted AFTER INSERT ON local_records
        WHEN new.search_text IS NOT NULL
      BEGIN
        INSERT INTO local_record_words (kind, id, created_ms, search_text)
          VALUES (new.kind, new.id, new.created_ms, new.search_text);
      END;
      -- Only when the words change: marking a source read rewrites the digest, not the words.
      CREATE TRIGGER local_record_words_updated AFTER UPDATE OF search_text ON local_records
        WHEN old.search_text IS NOT new.search_text
      BEGIN
        DELETE FROM local_record_words WHERE kind = old.kind AND id = old.id;
        INSERT INTO local_record_words (kind, id, created_ms, search_text)
          SELECT new.kind, new.id, new.created_ms, new.search_text
          WHERE new.search_text IS NOT NULL;
      END;
      CREATE TRIGGER local_record_words_removed AFTER DELETE ON local_records
      BEGIN
        DELETE FROM local_record_words WHERE kind = old.kind AND id = old.id;
      END;
    `);
  },
};
