import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SANDBOX_SCHEMA, SANDBOX_SCHEMA_VERSION } from './schema';

export type SandboxDb = Database.Database;

/**
 * Opens (or creates) the sandbox's database in its data folder. `reset` starts from nothing.
 * A file from another schema version is replaced: the sandbox tenant can always be generated again.
 */
export function openSandboxDb(dataDir: string, options: { reset?: boolean } = {}): SandboxDb {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'sandbox.db');
  if (options.reset) removeDatabase(path);
  let db = new Database(path);
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version !== 0 && version !== SANDBOX_SCHEMA_VERSION) {
    db.close();
    removeDatabase(path);
    db = new Database(path);
  }
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  if ((db.pragma('user_version', { simple: true }) as number) === 0) {
    db.transaction(() => {
      db.exec(SANDBOX_SCHEMA);
      db.pragma(`user_version = ${SANDBOX_SCHEMA_VERSION}`);
    })();
  }
  return db;
}

function removeDatabase(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
}

export function readMeta(db: SandboxDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: SandboxDb, key: string, value: string): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}
