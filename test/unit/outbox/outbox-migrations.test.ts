import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, NewerDatabaseError } from '../../../main/lib/sqlite/migrate';
import type { Logger } from '../../../main/lib/logger';
import { OUTBOX_MIGRATIONS } from '../../../main/outbox/migrations';
import { migration001 } from '../../../main/outbox/migrations/001-initial';
import { migration002 } from '../../../main/outbox/migrations/002-body-started';
import { openOutbox } from '../../../main/outbox/outbox-store';
import {
  expectUnchanged,
  filesTouchedDuring,
  snapshotFile,
  writeNewerDatabase,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

const schema = (...migrations: typeof OUTBOX_MIGRATIONS) => ({ migrations, label: 'The outbox' });
const columns = (db: Database.Database) =>
  (db.prepare('PRAGMA table_info(outbox)').all() as Array<{ name: string }>).map(
    (column) => column.name,
  );

describe('outbox migrations', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('001 creates the queue: one row per write, its state checked, listed by state in order', () => {
    const db = new Database(join(temp.path, 'outbox.db'));
    migrate(db, schema(migration001));
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(columns(db)).toEqual([
      'seq',
      'id',
      'kind',
      'payload',
      'state',
      'attempts',
      'last_error',
      'result',
      'created_ms',
      'updated_ms',
    ]);
    const insert = db.prepare(
      'INSERT INTO outbox (id, kind, payload, state, created_ms, updated_ms) VALUES (?, ?, ?, ?, 0, 0)',
    );
    insert.run('a', 'document.delete', '{}', 'queued');
    expect(() => insert.run('b', 'document.delete', '{}', 'lost')).toThrow(/CHECK/);
    expect(() => insert.run('a', 'document.delete', '{}', 'queued')).toThrow(/UNIQUE/);
    expect(
      (
        db
          .prepare("EXPLAIN QUERY PLAN SELECT * FROM outbox WHERE state = 'queued' ORDER BY seq")
          .all() as Array<{ detail: string }>
      ).map((row) => row.detail),
    ).toEqual([expect.stringMatching(/outbox_by_state/)]);
    db.close();
  });

  it('002 adds the body mark to an outbox of the first schema: old rows count as possibly sent', () => {
    const db = new Database(join(temp.path, 'outbox.db'));
    migrate(db, schema(migration001));
    db.prepare(
      "INSERT INTO outbox (id, kind, payload, state, attempts, created_ms, updated_ms) VALUES ('u1', 'document.upload', '{}', 'sending', 1, 5, 5)",
    ).run();
    migrate(db, schema(migration001, migration002));
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(db.prepare('SELECT id, state, attempts, body_started FROM outbox').all()).toEqual([
      { id: 'u1', state: 'sending', attempts: 1, body_started: 1 },
    ]);
    db.prepare(
      "INSERT INTO outbox (id, kind, payload, state, created_ms, updated_ms) VALUES ('u2', 'document.delete', '{}', 'queued', 6, 6)",
    ).run();
    expect(db.prepare("SELECT body_started FROM outbox WHERE id = 'u2'").pluck().get()).toBe(1);
    db.close();
  });

  it('the outbox opens at the last migration', () => {
    const outbox = openOutbox(join(temp.path, 'outbox.db'), silent);
    expect(outbox.db.pragma('user_version', { simple: true })).toBe(
      OUTBOX_MIGRATIONS.at(-1)?.version,
    );
    outbox.close();
  });

  it('refuses an outbox written by a newer CaseDesk and keeps it as it is, never moved aside', async () => {
    const path = join(temp.path, 'outbox.db');
    writeNewerDatabase(path, 40);
    const before = snapshotFile(path);
    const errors: string[] = [];
    const logger: Logger = { ...silent, error: (message) => void errors.push(message) };
    const { touched } = await filesTouchedDuring(temp.path, () =>
      expect(() => openOutbox(path, logger)).toThrow(NewerDatabaseError),
    );
    expect(touched).toEqual([]);
    expect(() => openOutbox(path, logger)).toThrow(
      /outbox .*outbox\.db was written by a newer CaseDesk \(schema version 40; this CaseDesk knows up to 2\)/,
    );
    expect(errors).toEqual([]);
    expectUnchanged(path, before);
  });

  it('refuses an outbox holding a kind of change a newer CaseDesk added, and keeps every item', () => {
    const path = join(temp.path, 'outbox.db');
    const outbox = openOutbox(path, silent);
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' }, 'a');
    outbox.close();
    // As a newer CaseDesk with one more kind leaves it: same schema, an item of that kind.
    const newer = new Database(path);
    newer
      .prepare(
        "INSERT INTO outbox (id, kind, payload, state, created_ms, updated_ms) VALUES ('b', 'relation.save', '{\"kind\":\"relation.save\"}', 'queued', 1, 1)",
      )
      .run();
    newer.close();
    expect(() => openOutbox(path, silent)).toThrow(
      /written by a newer CaseDesk \(it holds changes of a kind this CaseDesk does not know: relation\.save\)\. It was left untouched/,
    );
    const kept = new Database(path, { readonly: true });
    expect(kept.prepare('SELECT id FROM outbox ORDER BY seq').pluck().all()).toEqual(['a', 'b']);
    kept.close();
  });
});

const silent: Logger = { info() {}, warn() {}, error() {} };
