import { existsSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Migration } from './migrate';

/**
 * What SQLite's integrity check cannot see: a file with nothing in it (0 bytes, no journal beside
 * it), or one whose version says tables exist that are not there. Either would open as an empty
 * database with no word said. Null when the file is whole; read-only, nothing is changed.
 */
export function shapeProblem(path: string, migrations: readonly Migration[]): string | null {
  if (!existsSync(path)) return null;
  const wal = `${path}-wal`;
  const walBytes = existsSync(wal) ? statSync(wal).size : 0;
  if (statSync(path).size === 0 && walBytes === 0) return 'is empty (0 bytes)';
  const hadWal = existsSync(wal) || existsSync(`${path}-shm`);
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version === 0) return null;
    const present = new Set(namesIn(db));
    const missing = expectedNames(migrations, version).filter((name) => !present.has(name));
    return missing.length > 0
      ? `is missing tables or indexes its version ${version} has (${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''})`
      : null;
  } catch (error) {
    return `could not be opened (${(error as Error).message})`;
  } finally {
    db?.close();
    // A read-only look at a WAL file leaves an empty -wal and -shm it cannot remove itself.
    if (!hadWal && existsSync(wal) && statSync(wal).size === 0) {
      rmSync(wal, { force: true });
      rmSync(`${path}-shm`, { force: true });
    }
  }
}

/** Tables, indexes, views and triggers the migrations up to `version` make. */
function expectedNames(migrations: readonly Migration[], version: number): string[] {
  const model = new Database(':memory:');
  try {
    for (const migration of migrations) if (migration.version <= version) migration.up(model);
    return namesIn(model);
  } finally {
    model.close();
  }
}

function namesIn(db: Database.Database): string[] {
  return db
    .prepare("SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .pluck()
    .all() as string[];
}
