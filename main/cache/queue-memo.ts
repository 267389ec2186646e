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
 * Which state of the alerts (and of what they read of their customers) the queue's and the
 * dashboard's memos hold: the last change in the cache's change log, which triggers write only
 * when such a row really changed (migration 006). A commit that rewrote rows exactly as they were,
 * as most of a full sync's do, leaves it as it was. Read inside the caller's snapshot, so the memo
 * and the rows it is used with are of one state.
 */
export function queueVersion(db: CacheDb): string {
  return String(lastAlertChange(db));
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

/** The last change to the alerts this reader's snapshot holds (0: none logged). */
export const lastAlertChange = (db: CacheDb): number =>
  (prepared(db, 'SELECT MAX(seq) FROM alert_changes', 'pluck').get() as number | null) ?? 0;

/**
 * The alerts (rowids) changed after change `since` up to `upTo`, each once; null when the log no
 * longer reaches back that far (its oldest changes are let go).
 */
export function alertChangesSince(db: CacheDb, since: number, upTo: number): number[] | null {
  if (since === upTo) return [];
  const oldest = prepared(db, 'SELECT MIN(seq) FROM alert_changes', 'pluck').get() as number | null;
  if (oldest === null || oldest > since + 1) return null;
  return prepared(
    db,
    'SELECT DISTINCT alert_rowid FROM alert_changes WHERE seq > ? AND seq <= ?',
    'pluck',
  ).all(since, upTo) as number[];
}

/** Beyond this many changed alerts, computing again is cheaper than catching up one by one. */
export const MAX_CAUGHT_UP = 2000;

/**
 * Brings a kept value up to date with the alerts changed since it was computed (their rowids,
 * none repeated), or says it cannot (null): it is then computed again.
 */
export type CatchUp<T> = (value: T, changed: readonly number[]) => T | null;

/**
 * Like VersionedMemo, but a value kept from an earlier state of the alerts is caught up by the
 * alerts changed since (from the cache's change log) instead of being computed again from every
 * alert: after a sync's commit, a queue of a million alerts costs the few it changed (a customer's
 * change logs its alerts).
 */
export class UpkeptMemo<T> {
  private readonly byDb = new WeakMap<CacheDb, Map<string, { at: number; value: T }>>();

  /** `dropped`: told of a value let go for room (not one caught up), to reuse what it holds. */
  constructor(
    private readonly capacity: number,
    private readonly dropped?: (value: T) => void,
  ) {}

  /** Whether a value is kept for the key, of this state of the alerts or one to catch up from. */
  holds(db: CacheDb, key: string): boolean {
    return this.byDb.get(db)?.has(key) ?? false;
  }

  get(db: CacheDb, key: string, compute: () => T, catchUp: CatchUp<T>): T {
    const at = lastAlertChange(db);
    let memo = this.byDb.get(db);
    if (!memo) {
      memo = new Map();
      this.byDb.set(db, memo);
    }
    const kept = memo.get(key);
    let value: T | null = null;
    if (kept) {
      memo.delete(key);
      if (kept.at === at) value = kept.value;
      else {
        const changed = alertChangesSince(db, kept.at, at);
        if (changed && changed.length <= MAX_CAUGHT_UP) value = catchUp(kept.value, changed);
      }
    }
    value ??= compute();
    // Re-inserted so that Map order is least recently used first.
    memo.set(key, { at, value });
    for (const [oldest, entry] of memo) {
      if (memo.size <= this.capacity) break;
      memo.delete(oldest);
      this.dropped?.(entry.value);
    }
    return value;
  }
}
