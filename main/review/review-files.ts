import { randomBytes } from 'node:crypto';
import { open, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { REVIEW_FILE_ENDING } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { claimFreeName } from '../lib/claim-name';
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
    const ending = name.endsWith(REVIEW_FILE_ENDING) ? REVIEW_FILE_ENDING : extname(name);
    return await claimFreeName(temp, folder, name, 'review files', ending);
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
