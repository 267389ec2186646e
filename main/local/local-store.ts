import { makePrivateFolder } from '../lib/private-files';
import { existsSync, realpathSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type Database from 'better-sqlite3';
import {
  inspectDatabase,
  NewerDatabaseError,
  openMigrated,
  type Schema,
} from '../lib/sqlite/migrate';
import { moveDatabaseAside } from '../lib/move-aside';
import { shapeProblem } from '../lib/sqlite/schema-check';
import {
  recoveryCommitted,
  setAsideForRecovery,
  type SetAside,
  unfinishedRecovery,
} from '../lib/sqlite/set-aside-for-recovery';
import type { Logger } from '../lib/logger';
import { createJournal, type Journal } from './journal';
import { createLocalRecords, type LocalRecords } from './local-records';
import { recoverLocalRecords, type LocalStoreRecovery } from './local-recovery';
import { LOCAL_MIGRATIONS } from './migrations';

export type { LocalStoreRecovery } from './local-recovery';

export const LOCAL_STORE_FILE = 'local.db';

const SCHEMA: Schema = { migrations: LOCAL_MIGRATIONS, label: 'The local store' };

export interface LocalStore extends LocalRecords {
  db: Database.Database;
  /** The append-only, hash-chained record of the investigator's work (journal.ts). */
  journal: Journal;
  /**
   * Makes every commit made so far durable, as a flushed commit would have, without blocking the
   * main thread (the sync runs in libuv's thread pool). Rejects when that cannot be made sure:
   * the caller must then not count on any unflushed commit being on disk.
   */
  syncToDisk(): Promise<void>;
  close(): void;
}

/**
 * The local store, open (with what was recovered, when the file found was damaged and replaced);
 * or why it is not, the file left exactly as it was found.
 */
export type LocalStoreOpening =
  | { state: 'open'; path: string; store: LocalStore; recovery: LocalStoreRecovery | null }
  | { state: 'unavailable'; path: string; reason: string };

/**
 * Opens a profile's local store: what only CaseDesk knows and the service cannot send again.
 * A damaged one (failing its integrity check, unreadable, empty, or missing the tables its version
 * has) is moved aside with its -wal and -shm and kept for good, never deleted; a new one takes its
 * place and every record that can be read from the damaged copy is recovered into it, crash-safe
 * (see set-aside-for-recovery.ts). One written by a newer CaseDesk, or something at its path that
 * is not a file, is reported and left exactly as it is. Every commit is flushed to disk
 * (synchronous = FULL): a record whose write returned survives a crash or a power cut.
 */
export function openLocalStore(
  path: string,
  logger: Logger,
  now: () => number = Date.now,
): LocalStoreOpening {
  let db: Database.Database;
  let damaged: SetAside | null;
  try {
    makePrivateFolder(dirname(path));
    if (existsSync(path) && !statSync(path).isFile())
      throw new Error('what is there is not a file');
    damaged = unfinishedRecovery(path, logger);
    // A newer one is refused here (thrown) before anything is moved.
    const problem = inspectDatabase(path, SCHEMA) ?? shapeProblem(path, LOCAL_MIGRATIONS);
    if (problem && damaged) {
      // The store made in its place holds nothing the copy aside does not: kept, not read again.
      const aside = moveDatabaseAside(path, 'unreadable');
      logger.error(
        `the local store ${path} could not be read either (${problem}); kept at ${aside}`,
      );
    } else if (problem) {
      damaged = setAsideForRecovery(path, 'unreadable', problem);
      logger.error(
        `the local store ${path} could not be read (${problem}); it was kept at ${damaged.keptAt}`,
      );
    }
    db = openMigrated(path, { ...SCHEMA, verify: true, configure });
  } catch (error) {
    const reason = unavailableReason(error);
    logger.error(`the local store ${path} could not be opened (${reason}); it was left as it is`);
    return { state: 'unavailable', path, reason };
  }
  let recovery: LocalStoreRecovery | null = null;
  if (damaged) {
    try {
      recovery = recoverLocalRecords(db, damaged, now);
    } catch (error) {
      db.close();
      // The marker stays: the next open tries the copy again. Meanwhile the profile opens without
      // its local store rather than not at all.
      const reason = `its records could not be recovered from the damaged copy ${basename(damaged.keptAt)} (${error instanceof Error ? error.message : String(error)}); the copy is kept and recovery is tried again at the next start`;
      logger.error(`the local store ${path}: ${reason}`);
      return { state: 'unavailable', path, reason };
    }
    recoveryCommitted(path);
    logger.error(
      `recovered ${recovery.recovered} record(s) from the damaged local store ${damaged.keptAt}` +
        (recovery.unreadable ? `; ${recovery.unreadable} row(s) could not be read back` : '') +
        (recovery.partial ? '; part of the file could not be read' : ''),
    );
  }
  // Prepared once: asked before every sync (a batch syncs every few lines).
  const mode = db.prepare('PRAGMA journal_mode').pluck();
  // SQLite follows a symbolic link to the file, and keeps its -wal beside the file it reached.
  let realPath = path;
  try {
    realPath = realpathSync(path);
  } catch {
    // Found a moment ago by SQLite: the path as given is the best there is.
  }
  const fileToSync = (): string | null => {
    // Closed: SQLite synced and removed its -wal when it closed.
    if (!db.open) return null;
    return mode.get() === 'wal' ? `${realPath}-wal` : realPath;
  };
  return {
    state: 'open',
    path,
    store: {
      db,
      ...createLocalRecords(db, now),
      journal: createJournal(db, now),
      syncToDisk: () => syncToDisk(fileToSync()),
      close: () => db.close(),
    },
    recovery,
  };
}

/**
 * In WAL mode a commit appends its frames to the -wal file, and a flushed commit (synchronous =
 * FULL) is exactly that plus an fsync of the -wal file. Frames are appended in commit order and
 * read back at open only up to the first one that does not check out, so syncing the file once
 * makes every commit written before it durable, however many went unflushed (synchronous =
 * NORMAL). What NORMAL leaves out is only that sync: it still syncs the -wal before a checkpoint
 * copies it into the main file, and when the -wal is started over. A store that could not be put
 * in WAL mode writes its commits into the database file itself: that file is synced instead.
 * `file` null: the store is closed, nothing of it waits unflushed.
 */
async function syncToDisk(file: string | null): Promise<void> {
  if (file === null) return;
  // A missing file rejects too: an open store always has the file its commits go to, so one not
  // found means they went elsewhere, and nothing unflushed may be counted on.
  const handle = await open(file, 'r+');
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
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
