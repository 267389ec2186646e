import { existsSync, readdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import Database from 'better-sqlite3';
import { expect } from 'vitest';

/** A database file as a newer CaseDesk leaves it: in WAL mode, its schema version past ours. */
export function writeNewerDatabase(path: string, version: number): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(
    "CREATE TABLE from_the_future (x TEXT) STRICT; INSERT INTO from_the_future VALUES ('kept')",
  );
  db.pragma(`user_version = ${version}`);
  db.close();
}

/** Bytes that begin like an SQLite file and are noise after it. */
export function garbageDatabaseBytes(): Buffer {
  return Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4096, 0x42)]);
}

/** The file's bytes and every file beside it that shares its name (-wal, -shm, moved-aside copies). */
export function snapshotFile(path: string): { bytes: Buffer; siblings: string[] } {
  const name = basename(path);
  return {
    bytes: readFileSync(path),
    siblings: readdirSync(dirname(path))
      .filter((entry) => entry.startsWith(name))
      .sort(),
  };
}

/** The file is still there, byte for byte, and nothing was created or moved beside it. */
export function expectUnchanged(path: string, before: { bytes: Buffer; siblings: string[] }): void {
  expect(existsSync(path)).toBe(true);
  const after = snapshotFile(path);
  expect(after.siblings).toEqual(before.siblings);
  expect(after.bytes.equals(before.bytes)).toBe(true);
}

/**
 * The names of the files in `folder` that were created, written, renamed or removed while `work`
 * ran, even for a moment (a -shm made and removed again). inotify on Linux: reads are not seen.
 */
export async function filesTouchedDuring<T>(
  folder: string,
  work: () => T,
): Promise<{ touched: string[]; result: T }> {
  const touched = new Set<string>();
  const watcher = watch(folder, (_event, name) => {
    if (name) touched.add(name);
  });
  try {
    const result = work();
    // Events arrive on the event loop, after the synchronous work.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { touched: [...touched].sort(), result };
  } finally {
    watcher.close();
  }
}

/** Overwrites whole pages (numbered from 1) of an SQLite file with noise, as a bad disk would. */
export function corruptPages(path: string, pages: readonly number[]): void {
  const bytes = readFileSync(path);
  const pageSize = bytes.readUInt16BE(16) === 1 ? 65536 : bytes.readUInt16BE(16);
  for (const page of pages) bytes.fill(0x42, (page - 1) * pageSize, page * pageSize);
  writeFileSync(path, bytes);
}

/** The first page of a table or index, as the file's schema says. */
/** The pages holding rows of one table or index (SQLite's dbstat), in page order. */
export function pagesOf(
  path: string,
  name: string,
  pagetype: 'leaf' | 'internal' | 'overflow',
): number[] {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db
        .prepare('SELECT pageno FROM dbstat WHERE name = ? AND pagetype = ? ORDER BY pageno')
        .all(name, pagetype) as Array<{ pageno: number }>
    ).map((row) => row.pageno);
  } finally {
    db.close();
  }
}

export function rootPageOf(path: string, name: string): number {
  const db = new Database(path, { readonly: true });
  try {
    return (
      db.prepare('SELECT rootpage FROM sqlite_master WHERE name = ?').get(name) as {
        rootpage: number;
      }
    ).rootpage;
  } finally {
    db.close();
  }
}
