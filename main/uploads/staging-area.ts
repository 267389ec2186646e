import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BridgeErrorCode, StagedFile } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { formatSize } from './upload-source';
import { syncFile } from '../lib/atomic-write';

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

export interface StagedEntry extends StagedFile {
  path: string;
  sha256: string;
  stagedAt: number;
}

const TOKEN = /^[a-f0-9]{32}$/;

/**
 * Where the browser host keeps dropped files it received (`<dataDir>/staging/<token>`) until
 * uploads.file takes them into the outbox: the browser cannot hand main a path, so it streams the
 * file here first. Files are written as they arrive, never held whole; what is left from an earlier
 * run is removed when the host starts (`clear`).
 */
export function createStagingArea(options: {
  folder: string;
  /** The active profile's upload limit; throws (AppError) when there is no active profile. */
  limitBytes: () => Promise<number>;
  logger: Logger;
  keepForMs?: number;
  now?: () => number;
}) {
  const { folder, logger } = options;
  const keepForMs = options.keepForMs ?? STAGED_FOR_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, StagedEntry>();

  const forget = async (entry: StagedEntry) => {
    entries.delete(entry.token);
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
      await removeExpired();
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
      const entry: StagedEntry = {
        token,
        fileName: input.fileName,
        size: received,
        path,
        sha256: hash.digest('hex'),
        stagedAt: now(),
      };
      entries.set(token, entry);
      return { token, fileName: entry.fileName, size: entry.size };
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
}

export type StagingArea = ReturnType<typeof createStagingArea>;

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() ?? false;
}
