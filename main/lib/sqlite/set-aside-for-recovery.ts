import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { syncFolderSync, writeFileAtomicSync } from '../atomic-write';
import type { Logger } from '../logger';
import { asidePath, moveDatabaseAside } from '../move-aside';

/**
 * A damaged database holding what the service cannot send again (the outbox, the local store) is
 * moved aside and what can be read of it is recovered into a new file. Between the move and the
 * commit of the recovered rows a crash would leave them in the copy aside with nothing to read them
 * again; so a marker naming the copy is written (atomically) before the move and removed only once
 * the recovered rows are committed. While it exists, every open recovers from the copy again.
 */

/** A database kept aside whose rows are still to be recovered. */
export interface SetAside {
  /** Where the damaged copy is kept, with its -wal and -shm. */
  keptAt: string;
  /** What was wrong with it. */
  problem: string;
}

const markerPath = (path: string) => `${path}.recovering.json`;

// The marker sits in the profile's folder, which is the user's alone; even so it names a file
// beside the database only, never a path elsewhere.
const markerSchema = (path: string) =>
  z.object({
    keptAt: z
      .string()
      .refine(
        (name) => name.startsWith(`${basename(path)}.`) && !/[/\\]/.test(name),
        'not a copy beside the database',
      ),
    problem: z.string(),
  });

/**
 * Writes the marker, then moves the damaged database at `path` aside (see moveDatabaseAside).
 * Answers where it is kept.
 */
export function setAsideForRecovery(path: string, label: string, problem: string): SetAside {
  const keptAt = asidePath(path, label);
  writeFileAtomicSync(
    markerPath(path),
    `${JSON.stringify({ keptAt: basename(keptAt), problem }, null, 2)}\n`,
  );
  moveDatabaseAside(path, label, keptAt);
  syncFolderSync(dirname(path));
  return { keptAt, problem };
}

/**
 * The copy whose recovery an earlier run began and did not finish (it stopped between the move and
 * the commit), or null. A move cut short is finished first: the main file went first, so a -wal or
 * -shm still in place while the main file is gone belongs to the copy. A marker whose copy was
 * never moved (the run stopped before the move) is taken away: the damage will be found again.
 */
export function unfinishedRecovery(path: string, logger: Logger): SetAside | null {
  const marker = markerPath(path);
  if (!existsSync(marker)) return null;
  let read: { keptAt: string; problem: string };
  try {
    read = markerSchema(path).parse(JSON.parse(readFileSync(marker, 'utf8')));
  } catch (error) {
    const aside = `${marker}.damaged-${Date.now()}`;
    renameSync(marker, aside);
    logger.error(
      `${marker} could not be read (${(error as Error).message}); it was kept at ${aside}`,
    );
    return null;
  }
  const keptAt = join(dirname(path), read.keptAt);
  if (!existsSync(keptAt)) {
    rmSync(marker, { force: true });
    return null;
  }
  if (!existsSync(path))
    for (const suffix of ['-wal', '-shm'])
      if (existsSync(`${path}${suffix}`)) renameSync(`${path}${suffix}`, `${keptAt}${suffix}`);
  logger.error(`recovering again from ${keptAt}: an earlier run stopped before it was done`);
  return { keptAt, problem: read.problem };
}

/** The recovered rows are committed: nothing needs the marker any more. */
export function recoveryCommitted(path: string): void {
  rmSync(markerPath(path), { force: true });
  syncFolderSync(dirname(path));
}
