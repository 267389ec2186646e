import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { ensurePrivateDatabaseFile } from '../private-files';

/** One numbered step of a schema; `up` runs inside a transaction with its `user_version` bump. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

/**
 * A database file written by a newer CaseDesk: its schema is unknown here, so nothing may guess at
 * it, change it or move it. The file was left exactly as it was found.
 */
export class NewerDatabaseError extends Error {
  // Plain fields, not parameter properties: the crash test loads this module with Node's own
  // TypeScript support, which only erases types.
  readonly path: string;
  readonly version: number;
  readonly latest: number;

  constructor(options: {
    label: string;
    path: string;
    version: number;
    latest: number;
    /** What gave it away, when not its schema version. */
    sign?: string;
  }) {
    super(
      `${options.label} ${options.path} was written by a newer CaseDesk (` +
        (options.sign ??
          `schema version ${options.version}; this CaseDesk knows up to ${options.latest}`) +
        '). It was left untouched: open it with a newer CaseDesk.',
    );
    this.name = 'NewerDatabaseError';
    this.path = options.path;
    this.version = options.version;
    this.latest = options.latest;
  }
}

export interface Schema {
  /** Every migration, in ascending version order. */
  migrations: readonly Migration[];
  /** What the file is, for messages: "The offline cache", "The outbox". */
  label: string;
}

export function latestVersion(migrations: readonly Migration[]): number {
  return migrations.at(-1)?.version ?? 0;
}

const HEADER_BYTES = 100;
const MAGIC = 'SQLite format 3\0';

/**
 * The `user_version` in a database file's header (bytes 60-63, big-endian; sqlite.org/fileformat2),
 * read with a plain file read so that nothing is written: opening a WAL-mode file with SQLite, even
 * read-only, creates its -wal and -shm. Null when there is no file or its header is not a sound
 * SQLite header (SQLite itself then says what is wrong when the file is opened).
 */
export function readHeaderVersion(path: string): number | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    if (readSync(fd, header, 0, HEADER_BYTES, 0) < HEADER_BYTES) return null;
    if (header.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
    // A damaged file may begin with the magic string and hold anything after it; these fields
    // have fixed or few legal values, so their check tells a real header from noise.
    const pageSize = header.readUInt16BE(16);
    const soundPageSize = pageSize === 1 || (pageSize >= 512 && (pageSize & (pageSize - 1)) === 0);
    const soundFormat = [1, 2].includes(header[18] ?? 0) && [1, 2].includes(header[19] ?? 0);
    const soundFractions = header[21] === 64 && header[22] === 32 && header[23] === 32;
    if (!soundPageSize || !soundFormat || !soundFractions) return null;
    return header.readUInt32BE(60);
  } finally {
    closeSync(fd);
  }
}

/** Refuses a file whose header says a newer CaseDesk wrote it, before SQLite has opened it. */
export function refuseNewerFile(path: string, schema: Schema): void {
  const version = readHeaderVersion(path);
  const latest = latestVersion(schema.migrations);
  if (version !== null && version > latest)
    throw new NewerDatabaseError({ label: schema.label, path, version, latest });
}

/**
 * Refuses an open database whose schema is newer than this CaseDesk knows. Reads only: it covers a
 * version bump still in the WAL (a newer CaseDesk that stopped before its checkpoint), which the
 * file's header cannot show.
 */
export function refuseNewerDatabase(db: Database.Database, schema: Schema): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  const latest = latestVersion(schema.migrations);
  if (version > latest)
    throw new NewerDatabaseError({ label: schema.label, path: db.name, version, latest });
}

/**
 * Looks at an existing database file without changing it: a newer one is refused (thrown), a
 * damaged or unreadable one is answered with the reason, a sound one (or none) with null. Read-only
 * on purpose: closing the last read-write connection checkpoints the WAL into the main file, which
 * would change a file that must be kept as it was found.
 */
export function inspectDatabase(
  path: string,
  schema: Schema,
  options: { checkIntegrity: boolean } = { checkIntegrity: true },
): string | null {
  if (!existsSync(path)) return null;
  refuseNewerFile(path, schema);
  // A read-only connection to a WAL file makes an empty -wal and -shm it cannot remove itself.
  const hadWal = existsSync(`${path}-wal`) || existsSync(`${path}-shm`);
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    refuseNewerDatabase(db, schema);
    if (!options.checkIntegrity) return null;
    const check = db.pragma('quick_check', { simple: true }) as string;
    return check === 'ok' ? null : `failed its integrity check (${check})`;
  } catch (error) {
    if (error instanceof NewerDatabaseError) throw error;
    return `could not be opened (${(error as Error).message})`;
  } finally {
    db?.close();
    if (!hadWal) removeEmptyWal(path);
  }
}

/** Takes away the -wal (only if empty: nothing in it) and -shm a read-only look left behind. */
function removeEmptyWal(path: string): void {
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return;
  rmSync(wal, { force: true });
  rmSync(`${path}-shm`, { force: true });
}

/**
 * Brings a database up to the latest schema: each migration it lacks, in order, in its own
 * transaction together with its `user_version` bump, so a failing one leaves the previous version
 * and none of its own changes. A newer database is refused before anything is written.
 */
export function migrate(db: Database.Database, schema: Schema): void {
  checkOrder(schema.migrations);
  refuseNewerDatabase(db, schema);
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of schema.migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}

/**
 * Opens a database at the latest schema: refuses a newer one (by its header, then by SQLite) before
 * anything touches it, optionally checks its integrity (read-only, see inspectDatabase), then `configure` (journal mode, pragmas)
 * and the migrations. On any failure the connection is closed and the error thrown.
 */
export function openMigrated(
  path: string,
  schema: Schema & {
    /** Run `quick_check` before anything is written, failing on a damaged file. */
    verify?: boolean;
    configure(db: Database.Database): void;
  },
): Database.Database {
  const problem = inspectDatabase(path, schema, { checkIntegrity: schema.verify === true });
  if (problem && schema.verify) throw new Error(problem);
  ensurePrivateDatabaseFile(path);
  const db = new Database(path);
  try {
    refuseNewerDatabase(db, schema);
    schema.configure(db);
    migrate(db, schema);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function checkOrder(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1]?.version ?? 0;
    if (!Number.isInteger(migration.version) || migration.version <= previous)
      throw new RangeError(
        `migration ${migration.version} (${migration.name}) is out of order: versions ascend from 1`,
      );
  });
}
