import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';

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
