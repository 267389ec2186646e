import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { migrate } from '../../../main/lib/sqlite/migrate';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { wordSearchSql } from '../../../main/local/local-records';
import { LOCAL_MIGRATIONS } from '../../../main/local/migrations';
import { makeTempDir } from '../../support/temp-dir';

const SCHEMA = { label: 'The local store' };
/** Parameters for a statement's plan: any value of each. */
const PLAN_PARAMETERS = (sql: string) => Array.from(sql.matchAll(/\?/g), () => 'x');
const planOf = (db: Database.Database, sql: string) =>
  (
    db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...PLAN_PARAMETERS(sql)) as Array<{
      detail: string;
    }>
  ).map((row) => row.detail);

describe('local store migration 003: search reads the words alone, not the bodies before them', () => {
  it('copies the words of a store of version 2, keeps them with every write, and searches them in the order made', () => {
    const db = new Database(':memory:');
    migrate(db, { ...SCHEMA, migrations: LOCAL_MIGRATIONS.slice(0, 2) });
    const insert = db.prepare(
      'INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run('press-report', 'R1', '{}', 5, 6, 'customer:C1', '{"v":1}', ' fraud lena ');
    insert.run('note', 'n1', '{"text":"call back"}', 7, 7, null, null, null);
    migrate(db, { ...SCHEMA, migrations: LOCAL_MIGRATIONS.slice(0, 3) });
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    const words = () => db.prepare('SELECT * FROM local_record_words ORDER BY id').all();
    expect(words()).toEqual([
      { kind: 'press-report', id: 'R1', created_ms: 5, search_text: ' fraud lena ' },
    ]);

    // Written, rewritten, cleared and removed: the words follow.
    insert.run('press-report', 'R2', '{}', 8, 8, 'customer:C2', '{"v":1}', ' bribery ');
    db.prepare("UPDATE local_records SET search_text = ' fraud marsh ' WHERE id = 'R1'").run();
    db.prepare('UPDATE local_records SET digest = \'{"v":1,"read":1}\' WHERE id = \'R1\'').run();
    db.prepare("UPDATE local_records SET search_text = ' call ' WHERE id = 'n1'").run();
    expect(words()).toEqual([
      { kind: 'press-report', id: 'R1', created_ms: 5, search_text: ' fraud marsh ' },
      { kind: 'press-report', id: 'R2', created_ms: 8, search_text: ' bribery ' },
      { kind: 'note', id: 'n1', created_ms: 7, search_text: ' call ' },
    ]);
    db.prepare("UPDATE local_records SET search_text = NULL WHERE id = 'n1'").run();
    db.prepare("DELETE FROM local_records WHERE id = 'R2'").run();
    expect(words()).toEqual([
      { kind: 'press-report', id: 'R1', created_ms: 5, search_text: ' fraud marsh ' },
    ]);

    // Newest first straight from the index, a record's row read only for a match.
    for (const count of [1, 3])
      expect(planOf(db, wordSearchSql(count)), `${count} word(s)`).toEqual([
        'SEARCH w USING INDEX local_record_words_by_created (kind=?)',
        'SEARCH r USING INDEX local_records_by_created (kind=? AND created_ms=? AND id=?)',
      ]);
    db.close();
  });
});

const WORDS_KEPT =
  'SELECT kind, id, created_ms, search_text FROM local_record_words ORDER BY kind, id';
const WORDS_DERIVED =
  'SELECT kind, id, created_ms, search_text FROM local_records WHERE search_text IS NOT NULL ORDER BY kind, id';

describe('local store migration 006: a record’s words change in place', () => {
  it('keeps the words row and its index entries where they were, and follows every change as before', () => {
    const db = new Database(':memory:');
    migrate(db, { ...SCHEMA, migrations: LOCAL_MIGRATIONS.slice(0, 5) });
    const insert = db.prepare(
      'INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run('kyt.submission', 'S1', '{}', 5, 5, null, '{"v":1}', ' b 1 ');
    insert.run('note', 'n1', '{}', 7, 7, null, null, null);
    migrate(db, { ...SCHEMA, migrations: LOCAL_MIGRATIONS.slice(0, 6) });
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    const rowidOf = (id: string) =>
      db.prepare('SELECT rowid FROM local_record_words WHERE id = ?').pluck().get(id);
    const before = rowidOf('S1');
    insert.run('kyt.submission', 'S2', '{}', 6, 6, null, '{"v":1}', ' b 2 ');

    // Settled: new words, the same row (a delete and insert would have moved it to the end).
    db.prepare("UPDATE local_records SET search_text = ' b 1 kyt_9 ' WHERE id = 'S1'").run();
    expect(rowidOf('S1')).toBe(before);
    // Words given to a record with none, taken from one, and a record moved under another key.
    db.prepare("UPDATE local_records SET search_text = ' call ' WHERE id = 'n1'").run();
    db.prepare("UPDATE local_records SET search_text = NULL WHERE id = 'S2'").run();
    db.prepare("UPDATE local_records SET id = 'n2', created_ms = 9 WHERE id = 'n1'").run();
    expect(db.prepare(WORDS_KEPT).all()).toEqual([
      { kind: 'kyt.submission', id: 'S1', created_ms: 5, search_text: ' b 1 kyt_9 ' },
      { kind: 'note', id: 'n2', created_ms: 9, search_text: ' call ' },
    ]);
    expect(db.prepare(WORDS_KEPT).all()).toEqual(db.prepare(WORDS_DERIVED).all());
    db.close();
  });
});

describe('local store migration 006: words out of step with their record', () => {
  it('are set right by the record’s next change of words, never blocking it', () => {
    const db = new Database(':memory:');
    migrate(db, { ...SCHEMA, migrations: LOCAL_MIGRATIONS.slice(0, 6) });
    const insert = db.prepare(
      'INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run('note', 'lost', '{}', 5, 5, null, null, ' old ');
    insert.run('note', 'orphan', '{}', 6, 6, null, null, null);
    // Out of step: one record's words row gone, another's left behind when it had none.
    db.prepare("DELETE FROM local_record_words WHERE id = 'lost'").run();
    db.prepare(
      "INSERT INTO local_record_words (kind, id, created_ms, search_text) VALUES ('note', 'orphan', 6, ' stale ')",
    ).run();
    db.prepare("UPDATE local_records SET search_text = ' found ' WHERE id = 'lost'").run();
    db.prepare("UPDATE local_records SET search_text = ' fresh ' WHERE id = 'orphan'").run();
    expect(db.prepare(WORDS_KEPT).all()).toEqual([
      { kind: 'note', id: 'lost', created_ms: 5, search_text: ' found ' },
      { kind: 'note', id: 'orphan', created_ms: 6, search_text: ' fresh ' },
    ]);
    expect(db.prepare(WORDS_KEPT).all()).toEqual(db.prepare(WORDS_DERIVED).all());
    db.close();
  });
});

describe('searching records’ words', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-words-');
  });
  afterEach(() => temp.remove());

  /** What search found before migration 003, straight from local_records. */
  const reference = (store: LocalStore, kind: string, words: readonly string[], limit: number) =>
    (
      store.db
        .prepare(
          `SELECT id FROM local_records WHERE kind = ? AND digest IS NOT NULL ${words
            .map(() => "AND search_text LIKE ? ESCAPE '\\'")
            .join(' ')} ORDER BY created_ms DESC, id DESC LIMIT ?`,
        )
        .all(
          kind,
          ...words.map((word) => `% ${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          limit,
        ) as Array<{ id: string }>
    ).map((row) => row.id);

  it('finds exactly what it found before, whatever the records went through', () => {
    const WORDS = ['fraud', 'fra', 'lena', 'marsh', 'bribe', '100%', 'a_b', 'x\\y'];
    const id = fc.constantFrom('R1', 'R2', 'R3', 'R4', 'R5');
    const kind = fc.constantFrom('press-report', 'note');
    const text = fc
      .subarray(WORDS, { minLength: 0, maxLength: 4 })
      .map((words) => ` ${words.join(' ')} `);
    const operation = fc.oneof(
      fc.record({ op: fc.constant('put-indexed' as const), kind, id, text }),
      fc.record({ op: fc.constant('put-bare' as const), kind, id }),
      fc.record({ op: fc.constant('set-index' as const), kind, id, text }),
      fc.record({ op: fc.constant('remove' as const), kind, id }),
    );
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 25 }),
        fc.subarray(WORDS, { minLength: 1, maxLength: 2 }),
        fc.integer({ min: 1, max: 6 }),
        (operations, searched, limit) => {
          run += 1;
          let clock = 1000;
          const opening = openLocalStore(
            join(temp.path, `local-${run}.db`),
            silentLogger,
            () => (clock += 7),
          );
          if (opening.state !== 'open') throw new Error(opening.reason);
          const store = opening.store;
          try {
            for (const step of operations) {
              const index = (words: string) => ({
                subject: null,
                digest: { v: 1, words },
                searchText: words,
              });
              if (step.op === 'put-indexed')
                store.put(step.kind, step.id, { n: clock }, index(step.text));
              else if (step.op === 'put-bare') store.put(step.kind, step.id, { n: clock });
              else if (step.op === 'set-index')
                store.setIndex(step.kind, step.id, index(step.text));
              else store.remove(step.kind, step.id);
            }
            // The words are exactly what the records hold, however they were written.
            expect(store.db.prepare(WORDS_KEPT).all()).toEqual(
              store.db.prepare(WORDS_DERIVED).all(),
            );
            for (const kindSearched of ['press-report', 'note'])
              expect(
                store.searchDigests(kindSearched, searched, limit).map((found) => found.id),
              ).toEqual(reference(store, kindSearched, searched, limit));
          } finally {
            store.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
