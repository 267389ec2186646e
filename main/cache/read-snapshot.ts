import type { CacheDb } from './open-cache';

/**
 * Runs a read of several statements on one snapshot of the cache. The sync worker commits through
 * its own connection; without this, a screen could get a total from before a commit and rows from
 * after it (WAL readers see one state for the length of a transaction).
 */
export function readSnapshot<T>(db: CacheDb, read: (db: CacheDb) => T): T {
  return db.transaction(() => read(db))();
}
