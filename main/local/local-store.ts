import { makePrivateFolder } from '../lib/private-files';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { NewerDatabaseError, openMigrated, type Schema } from '../lib/sqlite/migrate';
import type { Logger } from '../lib/logger';
import { createLocalRecords, type LocalRecords } from './local-records';
import { LOCAL_MIGRATIONS } from './migrations';

export const LOCAL_STORE_FILE = 'local.db';

const SCHEMA: Schema = { migrations: LOCAL_MIGRATIONS, label: 'The local store' };

export interface LocalStore extends LocalRecords {
  db: Database.Database;
  close(): void;
}

/** The local store, open; or why it is not, the file left exactly as it was found. */
export type LocalStoreOpening =
  | { state: 'open'; path: string; store: LocalStore }
  | { state: 'unavailable'; path: string; reason: string };

/**
 * Opens a profile's local store: what only CaseDesk knows and the service cannot send again.
 * Unlike the cache it is never moved aside, rebuilt or replaced: a file that cannot be opened
 * (damaged, unreadable, written by a newer CaseDesk) is reported and left alone, so that nothing
 * in it is lost and it can be recovered or opened by a newer CaseDesk. Every commit is flushed to
 * disk (synchronous = FULL): a record whose write returned survives a crash or a power cut.
 */
export function openLocalStore(
  path: string,
  logger: Logger,
  now: () => number = Date.now,
): LocalStoreOpening {
  let db: Database.Database;
  try {
    makePrivateFolder(dirname(path));
    db = openMigrated(path, { ...SCHEMA, verify: true, configure });
  } catch (error) {
    const reason = unavailableReason(error);
    logger.error(`the local store ${path} could not be opened (${reason}); it was left as it is`);
    return { state: 'unavailable', path, reason };
  }
  return {
    state: 'open',
    path,
    store: { db, ...createLocalRecords(db, now), close: () => db.close() },
  };
}

function configure(db: Database.Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // A backup (cli backup) may read it while the app writes.
  db.pragma('busy_timeout = 5000');
}

const NEWER = 'it was written by a newer CaseDesk';

/** The store was refused as a newer CaseDesk's (whole, for that one to open), not found damaged. */
export const refusedAsNewer = (reason: string): boolean => reason.startsWith(NEWER);

function unavailableReason(error: unknown): string {
  if (error instanceof NewerDatabaseError)
    return `${NEWER} (schema version ${error.version}; this one knows up to ${error.latest}), open this profile with a newer CaseDesk to use it`;
  return error instanceof Error ? error.message : String(error);
}
