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
 * Which state of the alerts and customers the queue's and the dashboard's memos read: counters
 * that triggers move only when such a row really changed (migration 006). A commit that rewrote
 * rows exactly as they were, as most of a full sync's do, leaves it as it was. Read inside the
 * caller's snapshot, so the memo and the rows it is used with are of one state.
 */
export function queueVersion(db: CacheDb): string {
  return prepared(
    db,
    "SELECT group_concat(name || ':' || version, '|') FROM queue_versions",
    'pluck',
  ).get() as string;
}

/**
 * Results computed from one connection's cache, kept until what they read changes
 * (`queueVersion`), the least recently used dropped beyond `capacity` (a queue snapshot of a
 * million rows is megabytes).
 */
export class VersionedMemo<T> {
  private readonly byDb = new WeakMap<CacheDb, { version: string; entries: Map<string, T> }>();

  constructor(private readonly capacity: number) {}

  get(db: CacheDb, key: string, compute: () => T): T {
    const version = queueVersion(db);
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
