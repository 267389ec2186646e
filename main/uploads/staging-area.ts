import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BridgeErrorCode, StagedFile } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { formatSize, openUploadFile, type OpenedUpload } from './upload-source';
import { syncFile } from '../lib/atomic-write';
import { safeFileName } from '../lib/safe-file-name';
import { refuseOwnFile, sameFile, type FileIdentity } from './own-files';

/** How long a staged file waits for uploads.file: a form left open over lunch, not for days. */
export const STAGED_FOR_MS = 12 * 60 * 60 * 1000;

/** A refusal of a staged upload, with the HTTP status the browser host answers it with. */
export class StagingRefused extends AppError {
  constructor(
    readonly status: number,
    code: BridgeErrorCode,
    message: string,
  ) {
    super(code, message);
    this.name = 'StagingRefused';
  }
}

/** Bytes the browser host received, kept in the staging folder. */
export interface StagedCopy extends StagedFile {
  kind: 'copy';
  path: string;
  sha256: string;
  stagedAt: number;
}

/** A file the investigator dropped or chose in the desktop app: it stays where it is. */
export interface RegisteredFile extends StagedFile {
  kind: 'original';
  path: string;
  /** The file that was dropped: another one given its name since is not filed. */
  identity: FileIdentity;
  stagedAt: number;
}

export type StagedEntry = StagedCopy | RegisteredFile;

/** Staged bytes are capped at this many times the upload limit, all files together. */
export const STAGING_QUOTA_FACTOR = 4;

const TOKEN = /^[a-f0-9]{32}$/;

/**
 * A staged file's name is shown in the form and sent to the service as its file name: made safe as
 * a download's (no bidirectional or other invisible characters, separators, `..`).
 */
const stagedName = (name: string) => safeFileName(name, 'document');

/**
 * The one way a file reaches uploads.inspect and uploads.file: by a token this area gave for it.
 * The browser host keeps dropped files it received here (`<dataDir>/staging/<token>`): the browser
 * cannot hand main a path, so it streams the file here first, written as it arrives, never held
 * whole; what is left from an earlier run is removed when the host starts (`clear`). The desktop
 * app's preload registers each file the investigator dropped or chose (`register`), which stays
 * where it is: the window never names a path, so a script in it cannot have any file read.
 */
export function createStagingArea(options: {
  folder: string;
  /** CaseDesk's data folder, whose files are never filed; by default the staging folder's parent. */
  dataDir?: string;
  /** The active profile's upload limit; throws (AppError) when there is no active profile. */
  limitBytes: () => Promise<number>;
  logger: Logger;
  keepForMs?: number;
  now?: () => number;
}) {
  const { folder, logger } = options;
  const dataDir = options.dataDir ?? dirname(folder);
  const keepForMs = options.keepForMs ?? STAGED_FOR_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, StagedEntry>();
  /** Bytes of bodies still arriving, counted against the quota before they are written. */
  let arriving = 0;

  const forget = async (entry: StagedEntry) => {
    entries.delete(entry.token);
    // A registered file is the investigator's own: it is only let go of, never removed.
    if (entry.kind === 'original') return;
    await rm(entry.path, { force: true }).catch((error: unknown) =>
      logger.warn(`could not remove the staged file ${entry.path}`, error),
    );
  };
  const removeExpired = async () => {
    const oldest = now() - keepForMs;
    for (const entry of [...entries.values()]) if (entry.stagedAt < oldest) await forget(entry);
  };

  /** A staged file still held, or a not_found error that says to drop it again. */
  const find = async (token: string): Promise<StagedEntry> => {
    // Every look-up sweeps: files dropped and never filed do not wait for the next drop to go.
    await removeExpired();
    const entry = TOKEN.test(token) ? entries.get(token) : undefined;
    const present = entry && now() - entry.stagedAt <= keepForMs && (await isFile(entry.path));
    if (entry && !present && entry.kind === 'original' && now() - entry.stagedAt <= keepForMs) {
      // The investigator's own file, gone from where it was dropped: named, its folder only logged.
      logger.info(`the dropped file ${entry.path} is gone`);
      await forget(entry);
      throw new AppError(
        'not_found',
        `There is no file at the place ${entry.fileName} was dropped from: it may have been moved, renamed or deleted. Find it and drop it again.`,
      );
    }
    if (!entry || !present) {
      if (entry) await forget(entry);
      throw new AppError(
        'not_found',
        'The dropped file is no longer held by CaseDesk (it was filed already, or waited too long): drop it again.',
      );
    }
    return entry;
  };

  return {
    folder,
    limitBytes: options.limitBytes,

    /** Empties the folder: nothing staged by an earlier run is waited for. */
    async clear(): Promise<void> {
      entries.clear();
      await rm(folder, { recursive: true, force: true });
      await mkdir(folder, { recursive: true, mode: 0o700 });
    },

    /**
     * Writes a body of exactly `length` bytes to a new staged file. More bytes than declared, or
     * fewer (the connection dropped), keep nothing.
     */
    async receive(input: {
      fileName: string;
      length: number;
      body: Readable;
    }): Promise<StagedFile> {
      // The body may break off before the pipeline below listens: that is noticed there all the same.
      input.body.on('error', () => undefined);
      const fileName = stagedName(input.fileName);
      await removeExpired();
      // The folder is on the user's disk: files dropped and never filed must not fill it.
      const quota = STAGING_QUOTA_FACTOR * (await options.limitBytes());
      let held = arriving;
      for (const entry of entries.values()) if (entry.kind === 'copy') held += entry.size;
      if (held + input.length > quota)
        throw new StagingRefused(
          413,
          'invalid_input',
          `CaseDesk already holds ${formatSize(held)} of dropped files waiting to be filed; ${fileName} (${formatSize(input.length)}) would take that over ${formatSize(quota)}, four times this profile's upload limit. File the documents waiting in the forms first (or wait until they are let go of), then drop it again.`,
        );
      arriving += input.length;
      try {
        return await write({ ...input, fileName });
      } finally {
        arriving -= input.length;
      }
    },

    /**
     * Registers a file the investigator dropped or chose in the desktop app, named by its path by
     * the preload (never by the window): it is opened and checked (a readable regular file, not one
     * of CaseDesk's own) and its identity kept, so the same file, and only it, is filed later.
     */
    async register(path: string): Promise<StagedFile> {
      await removeExpired();
      const opened = await openUploadFile(path, Number.MAX_SAFE_INTEGER).catch((error: unknown) => {
        // The window hears the file's name; where it is goes to the log only.
        logger.info(`a dropped file was not taken: ${path}`, error);
        throw error;
      });
      try {
        const fileName = stagedName(opened.fileName);
        const identity = await refuseOwnFile(opened.handle, dataDir, fileName);
        const entry: RegisteredFile = {
          kind: 'original',
          token: randomBytes(16).toString('hex'),
          fileName,
          size: opened.size,
          path,
          identity,
          stagedAt: now(),
        };
        entries.set(entry.token, entry);
        return { token: entry.token, fileName: entry.fileName, size: entry.size };
      } finally {
        await opened.handle.close();
      }
    },

    /**
     * Opens a registered file for reading (the caller closes it), checked on the descriptor: the
     * file that was registered, still not one of CaseDesk's own, within the limit.
     */
    async open(entry: RegisteredFile, limitBytes: number): Promise<OpenedUpload> {
      const opened = await openUploadFile(entry.path, limitBytes, entry.fileName).catch(
        (error: unknown) => {
          logger.info(`the dropped file ${entry.path} could not be opened`, error);
          throw error;
        },
      );
      try {
        const identity = await refuseOwnFile(opened.handle, dataDir, entry.fileName);
        if (!sameFile(identity, entry.identity))
          throw new AppError(
            'invalid_input',
            `${entry.fileName} has changed since it was dropped (another file has its name now): drop it again.`,
          );
        return opened;
      } catch (error) {
        await opened.handle.close();
        throw error;
      }
    },

    find,

    /** Hands a staged file over (its file is the caller's to move); a second take finds nothing. */
    async take(token: string): Promise<StagedEntry> {
      const entry = await find(token);
      entries.delete(token);
      return entry;
    },

    /** A taken file that could not be filed after all, held again if it is still there. */
    async putBack(entry: StagedEntry): Promise<void> {
      if (await isFile(entry.path)) entries.set(entry.token, entry);
    },
  };

  /** Writes a body of exactly `length` bytes to a new staged file. */
  async function write(input: {
    fileName: string;
    length: number;
    body: Readable;
  }): Promise<StagedFile> {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const token = randomBytes(16).toString('hex');
    const path = join(folder, token);
    const hash = createHash('sha256');
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > input.length) {
          callback(
            new StagingRefused(
              413,
              'invalid_input',
              `More of ${input.fileName} arrived than its declared ${formatSize(input.length)}: drop it again.`,
            ),
          );
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const handle = await open(path, 'wx', 0o600);
    try {
      await pipeline(input.body, counted, handle.createWriteStream());
      // On disk before the investigator is told it arrived: it may be the only copy soon.
      await syncFile(path);
      if (received !== input.length)
        throw new StagingRefused(
          400,
          'invalid_input',
          `Only part of ${input.fileName} arrived (${received} of ${input.length} bytes): drop it again.`,
        );
    } catch (error) {
      await handle.close().catch(() => undefined);
      await rm(path, { force: true });
      if (error instanceof StagingRefused) throw error;
      throw new StagingRefused(
        400,
        'invalid_input',
        `${input.fileName} did not arrive whole (the transfer was interrupted): drop it again.`,
      );
    }
    const entry: StagedCopy = {
      kind: 'copy',
      token,
      fileName: input.fileName,
      size: received,
      path,
      sha256: hash.digest('hex'),
      stagedAt: now(),
    };
    entries.set(token, entry);
    const staged: StagedFile = { token, fileName: entry.fileName, size: entry.size };
    return staged;
  }
}

export type StagingArea = ReturnType<typeof createStagingArea>;

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}
