import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** What CaseDesk keeps is for the user alone, whatever the process umask or the parent folder. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Creates `folder` and any missing parent readable by the user only; leaves existing ones be. */
export function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Like makePrivateFolder, and tightens `folder` itself if it already existed: for folders that
 * are CaseDesk's own (a profile's), which an earlier CaseDesk made readable by everyone.
 */
export function ensurePrivateFolder(folder: string): void {
  makePrivateFolder(folder);
  chmodPrivate(folder, PRIVATE_FOLDER_MODE);
}

/**
 * Makes the database file at `path` exist with mode 0600 before SQLite opens it: SQLite creates
 * a new file 0644, and gives its -wal and -shm the mode of the database file. Created with its
 * mode rather than changed afterwards, so no one can open it in between. Existing files (and
 * their -wal/-shm) are tightened; their bytes are not touched.
 */
export function ensurePrivateDatabaseFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`])
    if (existsSync(file)) chmodPrivate(file, PRIVATE_FILE_MODE);
}

function chmodPrivate(path: string, mode: number): void {
  // Windows keeps access in ACLs, not mode bits: nothing to do there.
  if (process.platform === 'win32') return;
  chmodSync(path, mode);
}
