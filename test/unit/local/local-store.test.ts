import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../main/lib/sqlite/migrate';
import { openLocalStore, type LocalStoreOpening } from '../../../main/local/local-store';
import { migration001 } from '../../../main/local/migrations/001-initial';
import { LOCAL_MIGRATIONS } from '../../../main/local/migrations';
import type { Logger } from '../../../main/lib/logger';
import {
  expectUnchanged,
  filesTouchedDuring,
  garbageDatabaseBytes,
  snapshotFile,
  writeNewerDatabase,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

const silent: Logger = { info() {}, warn() {}, error() {} };

function opened(opening: LocalStoreOpening) {
  if (opening.state !== 'open') throw new Error(`not open: ${opening.reason}`);
  return opening.store;
}

describe('local store migration 001', () => {
  it('creates the records table: one row per kind and id, a JSON body, listed by kind in order', () => {
    const db = new Database(':memory:');
    migrate(db, { migrations: [migration001], label: 'The local store' });
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'local_records'").pluck().get(),
    ).toMatch(/PRIMARY KEY \(kind, id\)\s*\) STRICT/);
    const insert = db.prepare(
      'INSERT INTO local_records (kind, id, body, created_ms, updated_ms) VALUES (?, ?, ?, 1, 1)',
    );
    insert.run('note', 'n1', '{"text":"call back"}');
    insert.run('press-report', 'n1', '{}');
    expect(() => insert.run('note', 'n1', '{}')).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => insert.run('note', 'n2', 'not json')).toThrow(/CHECK/);
    expect(() => insert.run('', 'n3', '{}')).toThrow(/CHECK/);
    // STRICT: a time stored as text is refused rather than sorted as a string.
    expect(() =>
      db
        .prepare(
          "INSERT INTO local_records (kind, id, body, created_ms, updated_ms) VALUES ('note', 'n4', '{}', 'soon', 1)",
        )
        .run(),
    ).toThrow(/cannot store TEXT value in INTEGER column/);
    expect(
      (
        db
          .prepare(
            "EXPLAIN QUERY PLAN SELECT * FROM local_records WHERE kind = 'note' ORDER BY created_ms, id",
          )
          .all() as Array<{ detail: string }>
      ).map((row) => row.detail),
    ).toEqual([expect.stringMatching(/local_records_by_created/)]);
    db.close();
  });
});

describe('the local store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('opens flushed to disk on every commit, in WAL mode with foreign keys, at the last schema', () => {
    const store = opened(openLocalStore(join(temp.path, 'profile', 'local.db'), silent));
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // 2 = FULL: a commit that returned is on disk, not only handed to the system.
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('user_version', { simple: true })).toBe(LOCAL_MIGRATIONS.length);
    store.close();
  });

  it('keeps records by kind and id: put, get, list in the order made, explicit remove', () => {
    const path = join(temp.path, 'local.db');
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const store = opened(openLocalStore(path, silent, () => clock));
    store.put('press-report', 'r2', { title: 'Second', pages: 3 });
    clock += 1_000;
    store.put('press-report', 'r1', { title: 'First' });
    store.put('note', 'r1', { text: 'unrelated kind, same id' });
    clock += 1_000;
    const replaced = store.put('press-report', 'r2', { title: 'Second, revised', pages: 4 });
    expect(replaced).toEqual({
      kind: 'press-report',
      id: 'r2',
      body: { title: 'Second, revised', pages: 4 },
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:02.000Z',
    });
    expect(store.list('press-report').map((record) => record.id)).toEqual(['r2', 'r1']);
    expect(store.get('note', 'r1')?.body).toEqual({ text: 'unrelated kind, same id' });
    expect(store.get('note', 'missing')).toBeNull();
    expect(() => store.put('note', 'r3', undefined)).toThrow(/JSON body/);
    expect(store.remove('press-report', 'r1')).toBe(true);
    expect(store.remove('press-report', 'r1')).toBe(false);
    store.close();

    const again = opened(openLocalStore(path, silent));
    expect(again.list('press-report').map((record) => record.body)).toEqual([
      { title: 'Second, revised', pages: 4 },
    ]);
    expect(again.list('note')).toHaveLength(1);
    again.close();
  });

  describe('a damaged file is kept aside, byte for byte, and a new store takes its place', () => {
    const keptCopies = () =>
      readdirSync(temp.path).filter((name) => /^local\.db\.unreadable-\d+$/.test(name));

    it('damaged: garbage bytes', () => {
      const path = join(temp.path, 'local.db');
      writeFileSync(path, garbageDatabaseBytes());
      const before = snapshotFile(path);
      const errors: string[] = [];
      const opening = openLocalStore(path, { ...silent, error: (m) => void errors.push(m) });
      const store = opened(opening);
      expect(errors[0]).toMatch(
        /local\.db could not be read .*kept at .*local\.db\.unreadable-\d+/,
      );
      expect(store.list('note')).toEqual([]);
      store.close();
      expect(keptCopies()).toHaveLength(1);
      expectUnchanged(join(temp.path, keptCopies()[0] ?? ''), {
        bytes: before.bytes,
        siblings: [keptCopies()[0] ?? ''],
      });
    });

    it('damaged: a sound header over broken pages', () => {
      const path = join(temp.path, 'local.db');
      const store = opened(openLocalStore(path, silent));
      for (let n = 0; n < 200; n += 1) store.put('note', `n${n}`, { text: 'x'.repeat(500) });
      store.close();
      const bytes = snapshotFile(path).bytes;
      // Pages 2 to 4: the table's b-tree, the header left sound.
      bytes.fill(0x42, 4096, 4096 * 4);
      writeFileSync(path, bytes);
      const opening = openLocalStore(path, silent);
      expect(opening).toMatchObject({ state: 'open', recovery: { partial: true } });
      opened(opening).close();
      expect(keptCopies()).toHaveLength(1);
      expect(readFileSync(join(temp.path, keptCopies()[0] ?? '')).equals(bytes)).toBe(true);
    });
  });

  describe('a file that cannot be opened is reported and kept exactly as it is', () => {
    const reported = (path: string) => {
      const errors: string[] = [];
      const opening = openLocalStore(path, { ...silent, error: (m) => void errors.push(m) });
      return { opening, errors };
    };

    it('written by a newer CaseDesk', async () => {
      const path = join(temp.path, 'local.db');
      writeNewerDatabase(path, LOCAL_MIGRATIONS.length + 1);
      const before = snapshotFile(path);
      const { touched, result } = await filesTouchedDuring(temp.path, () => reported(path));
      expect(touched).toEqual([]);
      const { opening } = result;
      expect(opening).toMatchObject({
        state: 'unavailable',
        reason: expect.stringContaining(
          `written by a newer CaseDesk (schema version ${LOCAL_MIGRATIONS.length + 1}; this one knows up to ${LOCAL_MIGRATIONS.length})`,
        ) as unknown,
      });
      expectUnchanged(path, before);
    });

    it('unreadable: not a file at all', () => {
      const path = join(temp.path, 'local.db');
      mkdirSync(path);
      expect(reported(path).opening).toMatchObject({ state: 'unavailable', path });
      expect(readdirSync(temp.path)).toEqual(['local.db']);
      expect(readdirSync(path)).toEqual([]);
    });
  });
});
