import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a file so that a crash leaves either the old content or the new, never half of it:
 * a temporary file beside the target, flushed to disk, then renamed over it.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // What CaseDesk writes is the user's alone unless a caller says otherwise.
  const handle = await open(temp, 'wx', options.mode ?? 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncFolder(dirname(path));
}

/**
 * Makes a rename in `folder` durable: until the folder itself is flushed, a power cut may leave
 * the file under its old name or not at all. Best effort: Windows cannot open a folder for this
 * (and its file system does not need it).
 */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Not supported here; the rename stands as the file system keeps it.
  }
}

/** Flushes a file written through a stream that has closed its own handle. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * writeFileAtomic for the few writes that must be done before a synchronous step goes on (a
 * marker written before a database is moved aside).
 */
export function writeFileAtomicSync(
  path: string,
  data: string | Uint8Array,
  options: { mode?: number } = {},
): void {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = openSync(temp, 'wx', options.mode ?? 0o600);
  try {
    writeFileSync(fd, data);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolderSync(dirname(path));
}

/** syncFolder, synchronously. */
export function syncFolderSync(folder: string): void {
  try {
    const fd = openSync(folder, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Not supported here; the rename stands as the file system keeps it.
  }
}
