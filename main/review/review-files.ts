import { randomBytes } from 'node:crypto';
import { access, link, open, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { REVIEW_FILE_ENDING } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { syncFolder } from '../lib/atomic-write';
import { safeFileName } from '../lib/safe-file-name';

// Review files on disk: written into the investigator's folder under a name no other file has
// (never replacing one), and read back with a size no review file comes near.

/** A request lists at most 201 records; one this large is not a review file. */
export const MOST_REVIEW_FILE_BYTES = 64 * 1024 * 1024;

/** `<alert>-review-request.casedesk-review.json`, safe to create in any folder. */
export function reviewFileName(alertId: string, what: 'request' | 'answer'): string {
  const fallback = `review-${what}${REVIEW_FILE_ENDING}`;
  return safeFileName(`${alertId}-review-${what}${REVIEW_FILE_ENDING}`, fallback);
}

/** The name with ` (2)`, ` (3)`… before its ending. */
function numbered(name: string, count: number): string {
  const ending = name.endsWith(REVIEW_FILE_ENDING) ? REVIEW_FILE_ENDING : extname(name);
  return safeFileName(`${name.slice(0, name.length - ending.length)} (${count})${ending}`, name);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Gives the temporary file its name without replacing any file (a hard link fails on a taken name). */
async function claim(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    await rm(temp, { force: true });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV')
      throw error;
  }
  if (await exists(target)) return false;
  await rename(temp, target);
  return true;
}

/**
 * Writes `text` into `folder` as `name`, or `name (2)`… when it is taken, flushed to disk before
 * it gets its name; answers the path written. Readable by the user alone.
 */
export async function writeNewFile(folder: string, name: string, text: string): Promise<string> {
  const temp = join(folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    for (let count = 1; count < 10_000; count += 1) {
      const target = join(folder, count === 1 ? name : numbered(name, count));
      if (await claim(temp, target)) {
        await syncFolder(folder);
        return target;
      }
    }
    throw new Error(`Too many review files named like ${name} in this folder.`);
  } finally {
    await rm(temp, { force: true });
  }
}

/** A review file's text; refused when it is not a file or far too large to be one. */
export async function readReviewFile(path: string, fileName = basename(path)): Promise<string> {
  let size: number;
  try {
    const found = await stat(path);
    if (!found.isFile()) throw new AppError('invalid_input', `“${fileName}” is not a file.`);
    size = found.size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'not_found',
      `“${fileName}” could not be read: check that it still exists, then choose it again.`,
    );
  }
  if (size > MOST_REVIEW_FILE_BYTES)
    throw new AppError(
      'invalid_input',
      `“${fileName}” is not a review file: it is far larger than any CaseDesk writes.`,
    );
  const handle = await open(path, 'r');
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
