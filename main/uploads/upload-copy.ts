import { createHash } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { syncFolder } from '../lib/atomic-write';
import { dirname } from 'node:path';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { partialCopyPath } from '../outbox/outbox-files';
import { formatSize } from './upload-source';

const CHUNK_BYTES = 1024 * 1024;

export interface KeptCopy {
  size: number;
  sha256: string;
}

const codeOf = (error: unknown): string =>
  typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';

/**
 * The profile folder refused the copy: say what to do, not just the system's code. The message
 * reaches the window, so the folder is described, never named by its path (that goes to the log).
 */
function cannotKeep(fileName: string, target: string, error: unknown, logger?: Logger): AppError {
  if (error instanceof AppError) return error;
  logger?.warn(`could not keep a copy of ${fileName} at ${target}`, error);
  const code = codeOf(error);
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new AppError(
      'unavailable',
      `There is no room left to keep a copy of ${fileName} for sending in CaseDesk's data folder: free some disk space, then file it again.`,
    );
  return new AppError(
    'unavailable',
    `CaseDesk could not keep a copy of ${fileName} for sending in its data folder (${code || 'an unexpected error'}): check that folder (the log names it), then file it again.`,
  );
}

/**
 * Copies an opened file to `target`, a chunk at a time (memory stays the same whatever the size),
 * computing its SHA-256 on the way. Written as `<target>.partial`, flushed, then renamed: `target`
 * exists only whole. A file growing past the limit while copied is refused, nothing kept.
 */
export async function copyForUpload(options: {
  source: FileHandle;
  fileName: string;
  /** The size when checked: progress is reported against it. */
  expectedSize: number;
  limitBytes: number;
  target: string;
  onProgress?: (copied: number, total: number) => void;
  logger?: Logger;
}): Promise<KeptCopy> {
  const { source, fileName, target } = options;
  const partial = partialCopyPath(target);
  let output: FileHandle | null = null;
  let created = false;
  try {
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
    output = await open(partial, 'wx', 0o600);
    created = true;
    const hash = createHash('sha256');
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let copied = 0;
    for (;;) {
      const { bytesRead } = await source
        .read(buffer, 0, buffer.length, copied)
        .catch((error: unknown) => {
          throw new AppError(
            'invalid_input',
            `CaseDesk could not read ${fileName} (${codeOf(error) || String(error)}) while keeping a copy: check the file, then file it again.`,
          );
        });
      if (bytesRead === 0) break;
      copied += bytesRead;
      if (copied > options.limitBytes)
        throw new AppError(
          'invalid_input',
          `${fileName} grew past this profile's upload limit of ${formatSize(options.limitBytes)} while being copied: file it again once it is complete.`,
        );
      const chunk = buffer.subarray(0, bytesRead);
      hash.update(chunk);
      for (let written = 0; written < chunk.length;) {
        written += (await output.write(chunk, written, chunk.length - written)).bytesWritten;
      }
      options.onProgress?.(copied, Math.max(options.expectedSize, copied));
    }
    if (copied === 0)
      throw new AppError(
        'invalid_input',
        `${fileName} is empty: there is nothing in it to file. Check that it is the file you meant.`,
      );
    await output.sync();
    await output.close();
    output = null;
    await rename(partial, target);
    await syncFolder(dirname(target));
    return { size: copied, sha256: hash.digest('hex') };
  } catch (error) {
    await output?.close().catch(() => undefined);
    // Only a copy this call began is removed: another one under that name is not ours.
    if (created) await rm(partial, { force: true }).catch(() => undefined);
    throw cannotKeep(fileName, target, error, options.logger);
  }
}

/**
 * Moves a file CaseDesk already holds (a staged upload) to `target`; across file systems, copies
 * it then removes it.
 */
export async function moveForUpload(options: {
  from: string;
  fileName: string;
  size: number;
  limitBytes: number;
  target: string;
  logger?: Logger;
}): Promise<void> {
  try {
    await mkdir(dirname(options.target), { recursive: true, mode: 0o700 });
    await rename(options.from, options.target);
    await syncFolder(dirname(options.target));
    return;
  } catch (error) {
    if (codeOf(error) !== 'EXDEV')
      throw cannotKeep(options.fileName, options.target, error, options.logger);
  }
  const source = await open(options.from, 'r');
  try {
    await copyForUpload({
      source,
      fileName: options.fileName,
      expectedSize: options.size,
      limitBytes: options.limitBytes,
      target: options.target,
      ...(options.logger ? { logger: options.logger } : {}),
    });
  } finally {
    await source.close();
  }
  await rm(options.from, { force: true });
}
