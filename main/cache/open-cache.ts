import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { makePrivateFolder } from '../lib/private-files';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { moveDatabaseAside } from '../lib/move-aside';
import {
  migrate as runMigrations,
  openMigrated,
  type Migration,
  type Schema,
  inspectDatabase,
} from '../lib/sqlite/migrate';
import type { Logger } from '../lib/logger';
import { shapeProblem } from '../lib/sqlite/schema-check';
import { MIGRATIONS } from './migrations';
import { removeOldSetAsideCopies } from './set-aside-copies';

export type CacheDb = Database.Database;

export interface OpenedCache {
  db: CacheDb;
  /** Set when the previous file could not be used and was moved aside: the cache starts empty. */
  movedAside: {
    path: string;
    /** SQLite's own words, for the log. */
    reason: string;
    /** What was wrong, as a phrase the investigator can read ("the file was empty"). */
    summary: string;
  } | null;
}

const LABEL = 'The offline cache';

/**
 * The one place the offline cache is opened: WAL, foreign keys, then numbered migrations, each in
 * its own transaction with its `user_version` bump. A damaged file is moved aside (kept, never
 * deleted) and an empty cache is built for a re-sync: the cache holds nothing that cannot be
 * fetched again, unsent writes live in the outbox's own file. A file written by a newer CaseDesk
 * is not damaged: it is refused with a NewerDatabaseError and left exactly as it was, for the
 * newer CaseDesk that wrote it.
 */
export function openCache(
  path: string,
  logger: Logger,
  migrations: readonly Migration[] = MIGRATIONS,
  options: {
    /**
     * The file was checked whole by this run already (the sync worker opens the cache main
     * opened): its integrity is not read again at each sync.
     */
    checkedThisRun?: boolean;
  } = {},
): OpenedCache {
  makePrivateFolder(dirname(path));
  const schema: Schema = { migrations, label: LABEL };
  let movedAside: OpenedCache['movedAside'] = null;
  removeOldSetAsideCopies(path, logger);
  // Read before anything opens the file.
  const closedAt = closedAsLeft(path, Date.now());
  const asClosed = options.checkedThisRun === true || closedAt !== null;
  // When the file was last read whole: carried by the mark while it is trusted, so the check is
  // made again at least every CHECK_AT_LEAST_EVERY_MS, damage a run did not notice included.
  const checkedAt = closedAt ?? Date.now();
  if (existsSync(path)) {
    // A file with nothing in it, or missing its tables, would open as an empty cache unnoticed.
    // SQLite's integrity check reads every page (seconds at a million alerts, before the first
    // screen): it is skipped for a file exactly as CaseDesk closed it, checked when it was opened.
    // A newer CaseDesk's file is refused here, it and its mark left as they are.
    const problem =
      inspectDatabase(path, schema, { checkIntegrity: !asClosed }) ??
      shapeProblem(path, migrations);
    if (problem) {
      const aside = moveDatabaseAside(path, 'damaged');
      logger.warn(`cache ${path} ${problem}; moved aside to ${aside}, rebuilding by a re-sync`);
      movedAside = { path: aside, reason: problem, summary: summaryOf(problem) };
    }
  }
  // Taken away before the file is opened to write: a run that ends without closeCache (a crash,
  // a kill) leaves none, so the next open checks the file whole.
  rmSync(closedMark(path), { force: true });
  // Checked just above: the integrity check reads the whole file, once is enough.
  const db = openMigrated(path, { ...schema, configure });
  lastChecked.set(db, checkedAt);
  return { db, movedAside };
}

/** Beside the cache: its size and time as closeCache left it. */
const closedMark = (path: string): string => `${path}.closed`;

const ClosedMark = z.object({ size: z.number(), mtimeMs: z.number(), checkedAt: z.number() });

/** A file trusted as closed is still read whole this often: a week. */
const CHECK_AT_LEAST_EVERY_MS = 7 * 86_400_000;

/** When each open cache was last read whole (its integrity checked). */
const lastChecked = new WeakMap<CacheDb, number>();

/**
 * When the file was last checked whole, if it is exactly as closeCache left it (same size and
 * time, nothing in its WAL) and that check is recent; null when it must be checked now.
 */
function closedAsLeft(path: string, nowMs: number): number | null {
  try {
    const mark = ClosedMark.safeParse(JSON.parse(readFileSync(closedMark(path), 'utf8')));
    if (!mark.success || !existsSync(path)) return null;
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) return null;
    const file = statSync(path);
    const { size, mtimeMs, checkedAt } = mark.data;
    if (!(checkedAt <= nowMs && nowMs - checkedAt < CHECK_AT_LEAST_EVERY_MS)) return null;
    // Within a millisecond: a time set back through seconds as a float (utimes) is off by less.
    return file.size === size && Math.abs(file.mtimeMs - mtimeMs) < 1 ? checkedAt : null;
  } catch {
    return null;
  }
}

/**
 * Closes the cache and marks it closed whole (its WAL folded in), so the next open need not read
 * every page again to trust it, for a week after its last whole check. Any change to the file
 * since (a copy put back, a disk's damage that moved its time, a crash of a later run) brings the
 * check back.
 */
export function closeCache(db: CacheDb, path: string): void {
  const checkedAt = lastChecked.get(db);
  db.close();
  if (checkedAt === undefined) return;
  try {
    const wal = `${path}-wal`;
    if (existsSync(wal) && statSync(wal).size > 0) return;
    const file = statSync(path);
    writeFileSync(
      closedMark(path),
      JSON.stringify({ size: file.size, mtimeMs: file.mtimeMs, checkedAt }),
      { mode: 0o600 },
    );
  } catch {
    // Without the mark the next open checks the file whole: slower, never wrong.
  }
}

/** The problem in a few plain words: the raw check goes to the log, not on the screen. */
function summaryOf(problem: string): string {
  if (problem.startsWith('is empty')) return 'the file was empty';
  if (problem.startsWith('is missing')) return 'some of its tables were missing';
  if (problem.startsWith('failed its integrity check')) return 'it failed its integrity check';
  return 'SQLite could not open it';
}

export function configure(db: CacheDb): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
}

export function migrate(db: CacheDb, migrations: readonly Migration[] = MIGRATIONS): void {
  runMigrations(db, { migrations, label: LABEL });
}
