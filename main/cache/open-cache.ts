import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { moveDatabaseAside } from '../lib/move-aside';
import type { Logger } from '../lib/logger';
import { LATEST_VERSION, MIGRATIONS } from './migrations';
import type { Migration } from './migrations/migration';

export type CacheDb = Database.Database;

export interface OpenedCache {
  db: CacheDb;
  /** Set when the previous file could not be used and was moved aside: the cache starts empty. */
  movedAside: { path: string; reason: string } | null;
}

/**
 * The one place the offline cache is opened: WAL, foreign keys, then numbered migrations, each in
 * its own transaction with its `user_version` bump. A damaged file, or one written by a newer
 * CaseDesk, is moved aside (kept, never deleted) and an empty cache is built for a re-sync. The
 * cache holds nothing that cannot be fetched again: unsent writes live in the outbox's own file.
 */
export function openCache(
  path: string,
  logger: Logger,
  migrations: readonly Migration[] = MIGRATIONS,
): OpenedCache {
  mkdirSync(dirname(path), { recursive: true });
  const latest = migrations.at(-1)?.version ?? LATEST_VERSION;
  let movedAside: OpenedCache['movedAside'] = null;
  if (existsSync(path)) {
    const problem = inspect(path, latest);
    if (problem) {
      const aside = moveDatabaseAside(path, problem.kind);
      logger.warn(
        `cache ${path} ${problem.reason}; moved aside to ${aside}, rebuilding by a re-sync`,
      );
      movedAside = { path: aside, reason: problem.reason };
    }
  }
  const db = new Database(path);
  configure(db);
  migrate(db, migrations);
  return { db, movedAside };
}

export function configure(db: CacheDb): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

export function migrate(db: CacheDb, migrations: readonly Migration[] = MIGRATIONS): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

function inspect(path: string, latest: number): { kind: string; reason: string } | null {
  let db: CacheDb | null = null;
  try {
    db = new Database(path, { fileMustExist: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > latest) {
      return {
        kind: 'newer',
        reason: `was written by a newer CaseDesk (schema ${version}, this one knows ${latest})`,
      };
    }
    const check = db.pragma('quick_check', { simple: true }) as string;
    if (check !== 'ok') return { kind: 'damaged', reason: `failed its integrity check (${check})` };
    return null;
  } catch (error) {
    return { kind: 'damaged', reason: `could not be opened (${(error as Error).message})` };
  } finally {
    db?.close();
  }
}
