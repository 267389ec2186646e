import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache';

type Statement = Database.Statement<unknown[], unknown>;
type Mode = 'rows' | 'pluck' | 'raw';

const STATEMENTS_PER_DB = 256;
const statements = new WeakMap<CacheDb, Map<string, Statement>>();

/**
 * A statement prepared once per connection (preparing costs as much as running a small query),
 * returning rows as objects, their first column, or arrays.
 */
export function prepared(db: CacheDb, sql: string, mode: Mode = 'rows'): Statement {
  let kept = statements.get(db);
  if (!kept) {
    kept = new Map();
    statements.set(db, kept);
  }
  const key = `${mode}:${sql}`;
  let statement = kept.get(key);
  if (!statement) {
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    if (mode === 'raw') statement.raw();
    kept.set(key, statement);
    // Filters make a bounded but open set of statements: the oldest go first.
    for (const oldest of kept.keys()) {
      if (kept.size <= STATEMENTS_PER_DB) break;
      kept.delete(oldest);
    }
  }
  return statement;
}

/**
 * Which state of the cache a reader sees: changes made through this connection
 * (`total_changes()`) and commits by any other, such as the sync worker's (`data_version`).
 * Anything computed from the cache stays true while this is unchanged.
 */
export function cacheVersion(db: CacheDb): string {
  const changes = prepared(db, 'SELECT total_changes()', 'pluck').get() as number;
  const commits = prepared(db, 'PRAGMA data_version', 'pluck').get() as number;
  return `${changes}:${commits}`;
}

/**
 * Results computed from one connection's cache, kept until the cache changes, the least recently
 * used dropped beyond `capacity` (a queue snapshot of a million rows is megabytes).
 */
export class VersionedMemo<T> {
  private readonly byDb = new WeakMap<CacheDb, { version: string; entries: Map<string, T> }>();

  constructor(private readonly capacity: number) {}

  get(db: CacheDb, key: string, compute: () => T): T {
    const version = cacheVersion(db);
    let memo = this.byDb.get(db);
    if (!memo || memo.version !== version) {
      memo = { version, entries: new Map() };
      this.byDb.set(db, memo);
    }
    const kept = memo.entries.get(key);
    if (kept !== undefined) {
      // Re-inserted so that Map order is least recently used first.
      memo.entries.delete(key);
      memo.entries.set(key, kept);
      return kept;
    }
    const value = compute();
    memo.entries.set(key, value);
    for (const oldest of memo.entries.keys()) {
      if (memo.entries.size <= this.capacity) break;
      memo.entries.delete(oldest);
    }
    return value;
  }
}
