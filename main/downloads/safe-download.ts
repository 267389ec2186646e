import { createHash, randomBytes } from 'node:crypto';
import { link, open, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { safeFileName, uniqueTargetPath } from '../lib/safe-file-name';
import { messageWithoutFolders } from '../lib/path-free-message';

/**
 * A web ReadableStream of bytes, described by what is used of it so that Node's and the DOM's
 * declarations both fit.
 */
export interface ByteStream {
  getReader(): {
    read(): Promise<{ done: false; value: Uint8Array } | { done: true; value?: undefined }>;
    cancel(reason?: unknown): Promise<void>;
    releaseLock(): void;
  };
}

export type DownloadBody = AsyncIterable<Uint8Array> | ByteStream;

export interface SaveDownloadRequest {
  /** The folder the user picked; absolute. */
  folder: string;
  /** The file name the service supplied; untrusted. */
  serverName: string;
  /** Used when nothing of the server's name is usable, e.g. the document's title or id. */
  fallbackName: string;
  body: DownloadBody;
  /** Called with the total bytes written so far, after each chunk. */
  onProgress?: (bytesWritten: number) => void;
}

export interface SavedDownload {
  /** The real path of the saved file, directly inside the real path of the chosen folder. */
  path: string;
  bytes: number;
  /** SHA-256 of the bytes written, hex: what a case file lists the document with. */
  sha256: string;
}

export class DownloadSaveError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DownloadSaveError';
  }
}

/** How many times a name may be taken by someone else between choosing it and claiming it. */
const MAX_NAME_RACES = 100;

/**
 * Saves a downloaded document or attachment into the chosen folder under a safe, unused name: the
 * bytes go to a temporary file beside it (so an interrupted download never looks like a whole
 * file), are flushed, then the file takes its final name without replacing anything that exists.
 * The saved file is never opened here. On failure nothing of it is left behind.
 */
export async function saveDownload(request: SaveDownloadRequest): Promise<SavedDownload> {
  const name = safeFileName(request.serverName, request.fallbackName);
  const folder = await resolveFolder(request.folder);
  // Dot-prefixed and ending in .part: hidden on Linux and macOS, and never mistaken for the file.
  const temp = join(folder, `.casedesk-${randomBytes(8).toString('hex')}.part`);
  try {
    const { bytes, sha256 } = await writeBody(temp, request.body, request.onProgress);
    const placed = await placeWithoutReplacing(temp, folder, name);
    return { path: await confirmDirectlyInside(folder, placed), bytes, sha256 };
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof DownloadSaveError) throw error;
    // Shown in the window: the cause (with its paths) stays in the error's chain, for the log.
    throw new DownloadSaveError(
      `Could not save "${name}" in the download folder: ${messageWithoutFolders(error)}`,
      { cause: error },
    );
  }
}

/**
 * The chosen folder's real path. A folder reached through a symbolic link is fine; from here on
 * everything is checked against where it really is.
 */
async function resolveFolder(folder: string): Promise<string> {
  if (!isAbsolute(folder)) {
    throw new DownloadSaveError('The folder to save in must be an absolute path.');
  }
  let real: string;
  try {
    real = await realpath(folder);
  } catch (error) {
    throw new DownloadSaveError(
      `The download folder cannot be used: ${messageWithoutFolders(error)}`,
      {
        cause: error,
      },
    );
  }
  if (!(await stat(real)).isDirectory()) {
    throw new DownloadSaveError('The chosen download folder is not a folder.');
  }
  return real;
}

async function writeBody(
  temp: string,
  body: DownloadBody,
  onProgress: ((bytesWritten: number) => void) | undefined,
): Promise<{ bytes: number; sha256: string }> {
  // Exclusive create: never write into a file that someone else put at this name. Readable by the
  // user only: these are confidential case documents; the user can share them deliberately.
  const handle = await open(temp, 'wx', 0o600);
  // Hashed as the bytes go by: the file is never read back for it.
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const chunk of chunksOf(body)) {
      if (!(chunk instanceof Uint8Array)) {
        throw new TypeError('The download yielded something other than bytes.');
      }
      let offset = 0;
      while (offset < chunk.byteLength) {
        const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
        offset += bytesWritten;
      }
      hash.update(chunk);
      bytes += chunk.byteLength;
      onProgress?.(bytes);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The body's chunks; a stream left early (an error while writing) is cancelled, not left open. */
async function* chunksOf(body: DownloadBody): AsyncGenerator<Uint8Array> {
  if (!('getReader' in body)) {
    yield* body;
    return;
  }
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const result = await reader.read();
      if (result.done) {
        finished = true;
        return;
      }
      yield result.value;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * Gives the temporary file the first free name like `name`. Another program (or another save) may
 * take that name meanwhile, so claiming it must fail rather than replace: then the next one is tried.
 */
async function placeWithoutReplacing(temp: string, folder: string, name: string): Promise<string> {
  for (let attempt = 0; attempt < MAX_NAME_RACES; attempt += 1) {
    const target = await uniqueTargetPath(folder, name);
    // The name is safe by construction; this guards that construction.
    if (dirname(target) !== folder) {
      throw new DownloadSaveError(`Refused to save "${name}" outside the download folder.`);
    }
    try {
      await claimName(temp, target);
      return target;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new DownloadSaveError(
    `Every name tried for "${name}" in the download folder was taken meanwhile.`,
  );
}

/**
 * Moves `temp` to `target` only if `target` does not exist (EEXIST otherwise). rename() would
 * replace an existing file, link() refuses to. Where the file system has no hard links (FAT and
 * exFAT drives, some network shares) the name is claimed by an exclusive create instead, and the
 * temporary file renamed over that empty claim.
 */
async function claimName(temp: string, target: string): Promise<void> {
  try {
    await link(temp, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
    await claimByExclusiveCreate(temp, target);
    return;
  }
  await rm(temp, { force: true });
}

async function claimByExclusiveCreate(temp: string, target: string): Promise<void> {
  const claim = await open(target, 'wx', 0o600);
  await claim.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(target, { force: true });
    throw error;
  }
}

/**
 * The saved file's real path, checked to be directly inside the chosen folder's real path: if the
 * entry was swapped for a symbolic link leading elsewhere, the save is reported as failed.
 */
export async function confirmDirectlyInside(realFolder: string, path: string): Promise<string> {
  const real = await realpath(path);
  if (dirname(real) !== realFolder) {
    throw new DownloadSaveError(
      `The saved file "${basename(path)}" leads outside the download folder (a link was put in its place).`,
    );
  }
  return real;
}
