import type { Migration } from '../../lib/sqlite/migrate';

// The journal: every note, edit, proposal, review and export, one row each, in the order they
// were made. Each row holds the hash of the one before it (`prev_hash`) and its own, computed by
// CaseDesk over the row's values (journal.ts); the triggers refuse any change or removal made
// through SQLite, so a correction can only be a new entry. Changes made around SQLite (a hand
// edit of the file, triggers dropped) are what `journal verify` finds: the chain breaks there.
export const migration007: Migration = {
  version: 7,
  name: 'journal',
  up(db) {
    db.exec(`
      CREATE TABLE journal (
        seq INTEGER PRIMARY KEY CHECK (seq > 0),
        at_ms INTEGER NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL CHECK (length(action) > 0),
        subject TEXT NOT NULL,
        body TEXT NOT NULL CHECK (json_valid(body)),
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      ) STRICT;
      CREATE INDEX journal_by_subject ON journal (subject, seq);
      CREATE TRIGGER journal_never_changed BEFORE UPDATE ON journal
      BEGIN
        SELECT RAISE(ABORT, 'the journal is append-only: a correction is a new entry');
      END;
      CREATE TRIGGER journal_never_removed BEFORE DELETE ON journal
      BEGIN
        SELECT RAISE(ABORT, 'the journal is append-only: no entry is ever removed');
      END;
    `);
  },
};
