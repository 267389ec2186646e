import { existsSync, renameSync } from 'node:fs';

/**
 * Moves an SQLite file that cannot be used out of the way, kept for inspection (never deleted),
 * with its -wal and -shm beside it: the WAL may hold the newest committed writes, and a stale one
 * left behind must not meet the new file. Returns where the database now is.
 */
export function moveDatabaseAside(path: string, label: string): string {
  const aside = `${path}.${label}-${Date.now()}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${aside}${suffix}`);
  }
  return aside;
}
