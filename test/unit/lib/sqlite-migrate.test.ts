import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  migrate,
  NewerDatabaseError,
  openMigrated,
  readHeaderVersion,
  type Migration,
} from '../../../main/lib/sqlite/migrate';
import {
  expectUnchanged,
  filesTouchedDuring,
  garbageDatabaseBytes,
  snapshotFile,
  writeNewerDatabase,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

const table = (version: number, name: string, ran: number[] = []): Migration => ({
  version,
  name,
  up(db) {
    ran.push(version);
    db.exec(`CREATE TABLE ${name} (x TEXT) STRICT`);
  },
});

const tables = (db: Database.Database) =>
  db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];

const configure = (db: Database.Database) => db.pragma('journal_mode = WAL');

describe('the migration runner', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('applies the migrations a database lacks, in order, each once', () => {
    const path = join(temp.path, 'store.db');
    const ran: number[] = [];
    const first = [table(1, 'one', ran)];
    openMigrated(path, { migrations: first, label: 'The store', configure }).close();
    const all = [...first, table(2, 'two', ran), table(3, 'three', ran)];
    const db = openMigrated(path, { migrations: all, label: 'The store', configure });
    expect(ran).toEqual([1, 2, 3]);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(tables(db)).toEqual(['one', 'three', 'two']);
    db.close();
    // Up to date: nothing runs again.
    openMigrated(path, { migrations: all, label: 'The store', configure }).close();
    expect(ran).toEqual([1, 2, 3]);
  });

  it('refuses a list of migrations that is out of order or repeats a version', () => {
    const db = new Database(':memory:');
    expect(() =>
      migrate(db, { migrations: [table(2, 'two'), table(1, 'one')], label: 'The store' }),
    ).toThrow(/out of order/);
    expect(() =>
      migrate(db, { migrations: [table(1, 'one'), table(1, 'again')], label: 'The store' }),
    ).toThrow(/out of order/);
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('runs each migration in its own transaction: a failing one leaves the previous version and nothing of itself', () => {
    const path = join(temp.path, 'store.db');
    const broken: Migration = {
      version: 3,
      name: 'broken',
      up(db) {
        db.exec('CREATE TABLE half (x TEXT) STRICT');
        db.exec('SELECT nonsense FROM nowhere');
      },
    };
    const migrations = [table(1, 'one'), table(2, 'two'), broken];
    expect(() => openMigrated(path, { migrations, label: 'The store', configure })).toThrow(
      /nowhere/,
    );
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(tables(db)).toEqual(['one', 'two']);
    db.close();
  });

  describe('a database written by a newer CaseDesk', () => {
    it('is refused with a clear message, and left byte for byte as it was, no -wal or -shm beside it even for a moment', async () => {
      const path = join(temp.path, 'store.db');
      writeNewerDatabase(path, 9);
      const before = snapshotFile(path);
      expect(before.siblings).toEqual(['store.db']);
      let refused: unknown;
      const { touched } = await filesTouchedDuring(temp.path, () => {
        try {
          openMigrated(path, {
            migrations: [table(1, 'one'), table(2, 'two')],
            label: 'The store',
            configure,
          });
        } catch (error) {
          refused = error;
        }
      });
      expect(refused).toBeInstanceOf(NewerDatabaseError);
      expect(refused).toMatchObject({ path, version: 9, latest: 2 });
      const message = (refused as Error).message;
      expect(message).toContain(path);
      expect(message).toMatch(/newer CaseDesk.*schema version 9.*knows up to 2/);
      expect(message).toMatch(/left untouched: open it with a newer CaseDesk/);
      expect(touched).toEqual([]);
      expectUnchanged(path, before);
    });

    it('is refused by migrate too, before any migration runs', () => {
      const path = join(temp.path, 'store.db');
      writeNewerDatabase(path, 4);
      const db = new Database(path, { readonly: true });
      const ran: number[] = [];
      expect(() => migrate(db, { migrations: [table(1, 'one', ran)], label: 'The store' })).toThrow(
        NewerDatabaseError,
      );
      expect(ran).toEqual([]);
      db.close();
    });

    it('is refused when its version is still in the WAL, not yet in the file’s header', () => {
      const live = join(temp.path, 'live.db');
      const db = new Database(live);
      db.pragma('journal_mode = WAL');
      db.pragma('wal_autocheckpoint = 0');
      db.exec('CREATE TABLE t (x TEXT) STRICT');
      db.pragma('user_version = 7');
      // As a newer CaseDesk stopped before its checkpoint leaves them.
      const path = join(temp.path, 'store.db');
      copyFileSync(live, path);
      copyFileSync(`${live}-wal`, `${path}-wal`);
      db.close();
      expect(readHeaderVersion(path)).toBe(0);
      const fileBefore = readFileSync(path);
      const walBefore = readFileSync(`${path}-wal`);
      const ran: number[] = [];
      expect(() =>
        openMigrated(path, { migrations: [table(1, 'one', ran)], label: 'The store', configure }),
      ).toThrow(NewerDatabaseError);
      expect(ran).toEqual([]);
      // Kept as found: the WAL was not checkpointed into the file by the refusal.
      expect(readFileSync(path).equals(fileBefore)).toBe(true);
      expect(readFileSync(`${path}-wal`).equals(walBefore)).toBe(true);
      const check = new Database(path, { readonly: true });
      expect(check.pragma('user_version', { simple: true })).toBe(7);
      expect(check.pragma('journal_mode', { simple: true })).toBe('wal');
      check.close();
    });
  });

  it('reads the version from a sound header only: noise after the magic string is no version', () => {
    const path = join(temp.path, 'store.db');
    expect(readHeaderVersion(path)).toBeNull();
    writeFileSync(path, garbageDatabaseBytes());
    expect(readHeaderVersion(path)).toBeNull();
    writeNewerDatabase(join(temp.path, 'real.db'), 12);
    expect(readHeaderVersion(join(temp.path, 'real.db'))).toBe(12);
    expect(existsSync(join(temp.path, 'real.db-wal'))).toBe(false);
  });
});
