import { lstat, readdir, readlink, realpath } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { AppError } from '../lib/app-error';

// CaseDesk's own files (tokens, caches, outbox copies) are never filed, whatever name they are
// reached by. A path says little: a symbolic link, a hard link or a bind mount reaches the same
// file under another name, and a name can be pointed elsewhere between a check and the open. So
// the check is made on the descriptor the bytes are read from: its device and inode must be none
// of the data folder's, and where the system names what a descriptor is open on (/proc/self/fd
// on Linux) that name must not be inside the data folder either.

/** A file's identity: the same device and inode is the same file, by any name. */
export interface FileIdentity {
  dev: bigint;
  ino: bigint;
}

const key = (id: FileIdentity) => `${id.dev}:${id.ino}`;

/** The data folder holds a few hundred entries at most; past this the walk stops looking. */
const MAX_ENTRIES = 100_000;

/** Every file and folder in the data folder, by identity (links are not followed). */
async function identitiesIn(dataDir: string): Promise<Set<string>> {
  const seen = new Set<string>();
  const folders = [dataDir];
  while (folders.length > 0 && seen.size < MAX_ENTRIES) {
    const folder = folders.pop() as string;
    const info = await lstat(folder, { bigint: true }).catch(() => null);
    if (!info) continue;
    seen.add(key(info));
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) folders.push(path);
      else {
        const file = await lstat(path, { bigint: true }).catch(() => null);
        if (file) seen.add(key(file));
      }
    }
  }
  return seen;
}

/** What the descriptor is open on, as the system names it; null where it cannot say. */
async function openedPath(handle: FileHandle): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  return readlink(`/proc/self/fd/${handle.fd}`).catch(() => null);
}

const isInside = (path: string, root: string) => path === root || path.startsWith(`${root}${sep}`);

/**
 * The identity of an opened file, after refusing one of CaseDesk's own. `name` is how the
 * investigator knows the file, for the message.
 */
export async function refuseOwnFile(
  handle: FileHandle,
  dataDir: string,
  name: string,
): Promise<FileIdentity> {
  const opened = await handle.stat({ bigint: true });
  const identity = { dev: opened.dev, ino: opened.ino };
  const root = await realpath(dataDir).catch(() => dataDir);
  const where = await openedPath(handle);
  if ((where !== null && isInside(where, root)) || (await identitiesIn(root)).has(key(identity)))
    throw new AppError(
      'invalid_input',
      `${name} is one of CaseDesk's own files, which are never filed. File a document from elsewhere.`,
    );
  return identity;
}

export const sameFile = (a: FileIdentity, b: FileIdentity): boolean =>
  a.dev === b.dev && a.ino === b.ino;
