import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeCache, openCache } from '../../../main/cache/open-cache';
import { LATEST_VERSION } from '../../../main/cache/migrations';
import { migration001 } from '../../../main/cache/migrations/001-initial';
import { NewerDatabaseError } from '../../../main/lib/sqlite/migrate';
import { silentLogger } from '../../../main/lib/logger';
import {
  corruptPages,
  pagesOf,
  expectUnchanged,
  filesTouchedDuring,
  garbageDatabaseBytes,
  snapshotFile,
  writeNewerDatabase,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

describe('opening the cache', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('creates an empty cache at the latest schema, in WAL mode with foreign keys', () => {
    const { db, movedAside } = openCache(join(temp.path, 'cache.db'), silentLogger);
    expect(movedAside).toBeNull();
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('moves a damaged file aside (keeping it) and starts empty', () => {
    const path = join(temp.path, 'cache.db');
    writeFileSync(path, garbageDatabaseBytes());
    const { db, movedAside } = openCache(path, silentLogger);
    expect(movedAside?.reason).toMatch(/could not be opened|integrity/);
    const aside = readdirSync(temp.path).find((name) => name.startsWith('cache.db.damaged-'));
    expect(aside).toBeDefined();
    expect(readFileSync(join(temp.path, aside ?? '')).equals(garbageDatabaseBytes())).toBe(true);
    expect(db.prepare('SELECT COUNT(*) AS n FROM alerts').get()).toEqual({ n: 0 });
    db.close();
  });

  // The integrity check reads every page: skipped for a file as CaseDesk closed it, never else.
  describe('a file as CaseDesk closed it', () => {
    /** A cache of a few hundred alerts, closed by closeCache; the pages of its alerts. */
    function closedCache(): { path: string; pages: number[] } {
      const path = join(temp.path, 'cache.db');
      const { db } = openCache(path, silentLogger);
      const insert = db.prepare(
        "INSERT INTO alerts (id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, raw) VALUES (?, 'C1', 1, 1, 1, 1, 'PEP', 1, ?)",
      );
      db.transaction(() => {
        for (let index = 0; index < 400; index += 1) insert.run(`A${index}`, 'x'.repeat(300));
      })();
      closeCache(db, path);
      return { path, pages: pagesOf(path, 'alerts', 'leaf') };
    }

    it('is marked closed, and the mark is taken away when it is opened again', () => {
      const { path } = closedCache();
      expect(existsSync(`${path}.closed`)).toBe(true);
      const { db, movedAside } = openCache(path, silentLogger);
      expect(movedAside).toBeNull();
      // A crash from here on leaves no mark: the next open checks the file whole.
      expect(existsSync(`${path}.closed`)).toBe(false);
      db.close();
    });

    it('is checked whole again once changed since: damage is found and set aside', () => {
      const { path, pages } = closedCache();
      corruptPages(path, pages.slice(1, 3));
      const { db, movedAside } = openCache(path, silentLogger);
      expect(movedAside?.summary).toBe('it failed its integrity check');
      db.close();
    });

    it('is checked whole after a run that did not close it (no mark)', () => {
      const { path, pages } = closedCache();
      openCache(path, silentLogger).db.close(); // closed without closeCache, as a crash leaves it
      const { mtimeMs } = statSync(path);
      corruptPages(path, pages.slice(1, 3));
      utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
      expect(openCache(path, silentLogger).movedAside).not.toBeNull();
    });

    it('is trusted as closed when its size and time are the same: the check is not run', () => {
      const { path, pages } = closedCache();
      const { mtimeMs } = statSync(path);
      // Damage that kept the file's size and time (no disk does this by chance) shows the check
      // was skipped: it is found by SQLite when a read reaches that page, not at open.
      corruptPages(path, pages.slice(1, 3));
      utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
      const { db, movedAside } = openCache(path, silentLogger);
      expect(movedAside).toBeNull();
      db.close();
    });

    it('is read whole again a week after its last whole check, however it was closed', () => {
      const { path, pages } = closedCache();
      const mark = JSON.parse(readFileSync(`${path}.closed`, 'utf8')) as { checkedAt: number };
      expect(Date.now() - mark.checkedAt).toBeLessThan(60_000);
      writeFileSync(
        `${path}.closed`,
        JSON.stringify({ ...mark, checkedAt: Date.now() - 8 * 86_400_000 }),
      );
      const { mtimeMs } = statSync(path);
      corruptPages(path, pages.slice(1, 3));
      utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
      expect(openCache(path, silentLogger).movedAside).not.toBeNull();
    });

    it('carries the time of its last whole check while it is trusted', () => {
      const { path } = closedCache();
      const first = JSON.parse(readFileSync(`${path}.closed`, 'utf8')) as { checkedAt: number };
      const { db } = openCache(path, silentLogger);
      closeCache(db, path);
      const second = JSON.parse(readFileSync(`${path}.closed`, 'utf8')) as { checkedAt: number };
      expect(second.checkedAt).toBe(first.checkedAt);
    });

    it('ignores a mark that is not its own shape', () => {
      const { path, pages } = closedCache();
      writeFileSync(`${path}.closed`, '{"size":"big"}');
      corruptPages(path, pages.slice(1, 3));
      expect(openCache(path, silentLogger).movedAside).not.toBeNull();
    });
  });

  it('takes a file of 0 bytes for damaged: set aside, said in one readable sentence', () => {
    const path = join(temp.path, 'cache.db');
    writeFileSync(path, '');
    const { db, movedAside } = openCache(path, silentLogger);
    expect(movedAside?.summary).toBe('the file was empty');
    expect(readdirSync(temp.path).some((name) => /^cache\.db\.damaged-\d+$/.test(name))).toBe(true);
    db.close();
  });

  it('takes a file missing its tables for damaged, though SQLite finds nothing wrong in it', () => {
    const path = join(temp.path, 'cache.db');
    openCache(path, silentLogger).db.close();
    const cut = new Database(path);
    cut.exec('DROP TABLE alerts');
    cut.close();
    const { db, movedAside } = openCache(path, silentLogger);
    expect(movedAside?.reason).toMatch(/alerts/);
    expect(movedAside?.summary).toBe('some of its tables were missing');
    expect(db.prepare('SELECT COUNT(*) AS n FROM alerts').get()).toEqual({ n: 0 });
    db.close();
  });

  it('says what was wrong as a phrase, never the integrity check’s own words', () => {
    const path = join(temp.path, 'cache.db');
    writeFileSync(path, garbageDatabaseBytes());
    const { db, movedAside } = openCache(path, silentLogger);
    expect(movedAside?.summary).toMatch(
      /^(SQLite could not open it|it failed its integrity check)$/,
    );
    db.close();
  });

  it('deletes copies set aside more than 30 days ago (they hold personal data), keeps newer ones', () => {
    const path = join(temp.path, 'cache.db');
    const old = `${path}.damaged-${Date.now() - 31 * 86_400_000}`;
    const recent = `${path}.damaged-${Date.now() - 2 * 86_400_000}`;
    const outboxCopy = join(temp.path, `outbox.db.unreadable-${Date.now() - 90 * 86_400_000}`);
    for (const file of [old, `${old}-wal`, recent, outboxCopy]) writeFileSync(file, 'kept data');
    openCache(path, silentLogger).db.close();
    const names = readdirSync(temp.path);
    expect(names).not.toContain(old.slice(temp.path.length + 1));
    expect(names).not.toContain(`${old.slice(temp.path.length + 1)}-wal`);
    expect(names).toContain(recent.slice(temp.path.length + 1));
    expect(names).toContain(outboxCopy.slice(temp.path.length + 1));
  });

  it('refuses a cache written by a newer CaseDesk and keeps it as it is, never moved aside', async () => {
    const path = join(temp.path, 'cache.db');
    writeNewerDatabase(path, LATEST_VERSION + 5);
    const before = snapshotFile(path);
    const { touched } = await filesTouchedDuring(temp.path, () =>
      expect(() => openCache(path, silentLogger)).toThrow(NewerDatabaseError),
    );
    expect(touched).toEqual([]);
    expect(() => openCache(path, silentLogger)).toThrow(
      /offline cache .*cache\.db was written by a newer CaseDesk.*open it with a newer CaseDesk/,
    );
    expectUnchanged(path, before);
  });

  it('rolls a failing migration back whole, leaving the version where it was', () => {
    const path = join(temp.path, 'cache.db');
    const broken = {
      version: 2,
      name: 'broken',
      up: (db: Database.Database) =>
        db.exec('CREATE TABLE half (x); SELECT nonsense FROM nowhere;'),
    };
    expect(() => openCache(path, silentLogger, [migration001, broken])).toThrow();
    const db = new Database(path);
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE name = 'half'").get()).toEqual(
      { n: 0 },
    );
    db.close();
  });
});

describe('migration 001', () => {
  it('builds the tables, indexes and FTS indexes the screens read', () => {
    const temp = makeTempDir();
    try {
      const { db } = openCache(join(temp.path, 'cache.db'), silentLogger, [migration001]);
      const names = (
        db
          .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")
          .all() as Array<{ name: string }>
      ).map((row) => row.name);
      for (const table of [
        'customers',
        'alerts',
        'alert_revisions',
        'threads',
        'messages',
        'attachments',
        'documents',
        'timeline_events',
        'sync_state',
        'customer_queue',
        'customers_fts',
        'alerts_fts',
        'messages_fts',
        'documents_fts',
      ]) {
        expect(names).toContain(table);
      }
      db.prepare(
        "INSERT INTO customers (external_id, name, raw) VALUES ('C1', 'Zoë Ångström', '{}')",
      ).run();
      expect(
        db.prepare("SELECT rowid FROM customers_fts WHERE customers_fts MATCH 'zoe'").all(),
      ).toHaveLength(1);
      db.prepare("UPDATE customers SET name = 'Chloé Ångström' WHERE external_id = 'C1'").run();
      expect(
        db.prepare("SELECT rowid FROM customers_fts WHERE customers_fts MATCH 'zoe'").all(),
      ).toHaveLength(0);
      expect(
        db.prepare("SELECT rowid FROM customers_fts WHERE customers_fts MATCH 'chloe'").all(),
      ).toHaveLength(1);
      db.close();
    } finally {
      temp.remove();
    }
  });
});
