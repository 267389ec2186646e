import type Database from 'better-sqlite3';
import { prepared } from '../lib/sqlite/statements';

/**
 * Runs `work` with the store's commits unsynced (synchronous = NORMAL, see syncToDisk in
 * local-store.ts): they are durable once any later commit is flushed, and a power cut before that
 * loses only them. For writes whose loss costs a resend, never a record. The connection is used
 * synchronously, so nothing else commits between the two pragmas. In WAL mode only.
 */
export function runUnflushed<T>(db: Database.Database, work: () => T): T {
  // Outside WAL mode NORMAL leaves a commit less safe than merely unsynced: every commit is flushed.
  if (prepared(db, 'PRAGMA journal_mode', 'pluck').get() !== 'wal') return work();
  prepared(db, 'PRAGMA synchronous = NORMAL').run();
  try {
    return work();
  } finally {
    prepared(db, 'PRAGMA synchronous = FULL').run();
  }
}
