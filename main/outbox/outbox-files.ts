import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Logger } from '../lib/logger';

/**
 * The copies of files waiting to be uploaded, beside the outbox file: `<profile>/outbox-files/<id>`,
 * one per outbox item, so moving or changing the original after filing loses nothing. A copy being
 * written is `<id>.partial` until it is whole.
 */
export function outboxFilesDir(outboxPath: string): string {
  return join(dirname(outboxPath), 'outbox-files');
}

export function outboxCopyPath(filesDir: string, id: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(id)) throw new RangeError(`not an outbox item id: ${id}`);
  return join(filesDir, id);
}

export const partialCopyPath = (copyPath: string): string => `${copyPath}.partial`;

/** True for a path that is one of the outbox's own copies (never the investigator's original). */
export function isOutboxCopy(filesDir: string, path: string): boolean {
  return dirname(resolve(path)) === resolve(filesDir);
}

/** Removes one of the outbox's own copies; anything else is left alone. */
export function removeOutboxCopy(filesDir: string, path: string, logger: Logger): void {
  if (!isOutboxCopy(filesDir, path)) return;
  try {
    rmSync(path, { force: true });
  } catch (error) {
    logger.warn(`could not remove the sent copy ${path}: ${(error as Error).message}`);
  }
}

/** The names in the copies folder; none when it is not there (nothing was ever filed). */
function copiesIn(filesDir: string): string[] {
  try {
    return readdirSync(filesDir);
  } catch {
    return [];
  }
}

/**
 * Removes copies no item waits for: half-written ones left by a crash, and whole ones whose item
 * was never queued (a crash between the copy and the queue) or is already delivered.
 */
export function removeOrphanCopies(
  filesDir: string,
  isWaited: (id: string) => boolean,
  logger: Logger,
): number {
  let removed = 0;
  for (const name of copiesIn(filesDir)) {
    if (!name.endsWith('.partial') && isWaited(name)) continue;
    try {
      rmSync(join(filesDir, name), { force: true, recursive: true });
      removed += 1;
    } catch (error) {
      logger.warn(`could not remove the orphan copy ${name}: ${(error as Error).message}`);
    }
  }
  if (removed > 0) logger.info(`removed ${removed} outbox file copies no change waits for`);
  return removed;
}

/**
 * Moves the whole copies no item claims into `to` (made if need be), out of removeOrphanCopies's
 * reach: after a damaged outbox, a copy may belong to a change that could not be read back, and may
 * be the only one left. Returns how many were moved.
 */
export function keepUnclaimedCopies(
  filesDir: string,
  to: string,
  isClaimed: (id: string) => boolean,
): number {
  let kept = 0;
  for (const name of copiesIn(filesDir)) {
    if (name.endsWith('.partial') || isClaimed(name)) continue;
    mkdirSync(to, { recursive: true, mode: 0o700 });
    renameSync(join(filesDir, name), join(to, name));
    kept += 1;
  }
  return kept;
}
