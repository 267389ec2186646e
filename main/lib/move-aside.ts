import { existsSync, renameSync } from 'node:fs';

/** Where moveDatabaseAside puts a database: beside it, under a name that says why and when. */
export function asidePath(path: string, label: string): string {
  return `${path}.${label}-${Date.now()}`;
}

/**
 * Moves an SQLite file that cannot be used out of the way, kept for inspection (never deleted),
 * with its -wal and -shm beside it: the WAL may hold the newest committed writes, and a stale one
 * left behind must not meet the new file. Returns where the database now is. The main file goes
 * first: once it is gone, a -wal or -shm still in place is known to belong to the copy aside.
 */
export function moveDatabaseAside(
  path: string,
  label: string,
  aside: string = asidePath(path, label),
): string {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${aside}${suffix}`);
  }
  return aside;
}
