import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { AppError } from '../lib/app-error';

// Checks a file dropped for filing before anything is copied or sent: there, a file (not a folder
// or a device), really readable, not empty, within the profile's upload limit. Every refusal says
// what to do about it.

const MB = 1024 * 1024;

/** A size as the investigator reads it (binary units, like the limit in settings). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0)} MB`;
  return `${(bytes / (1024 * MB)).toFixed(1)} GB`;
}

/** Refuses an empty file, or one over the limit, naming it. */
export function checkUploadSize(fileName: string, size: number, limitBytes: number): void {
  if (size === 0)
    throw new AppError(
      'invalid_input',
      `${fileName} is empty: there is nothing in it to file. Check that it is the file you meant.`,
    );
  if (size > limitBytes)
    throw new AppError(
      'invalid_input',
      `${fileName} is ${formatSize(size)}, over this profile's upload limit of ${formatSize(limitBytes)}: raise the limit in Settings, or file a smaller file.`,
    );
}

const codeOf = (error: unknown): string =>
  typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';

// Messages name the file as the investigator knows it, never its folder: they reach the window.
function cannotOpen(name: string, error: unknown): AppError {
  const code = codeOf(error);
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new AppError(
      'invalid_input',
      `There is no file at the place ${name} was dropped from: it may have been moved, renamed or deleted. Find it and drop it again.`,
    );
  if (code === 'EISDIR')
    return new AppError('invalid_input', `${name} is a folder: drop the files inside it.`);
  if (code === 'EACCES' || code === 'EPERM')
    return new AppError(
      'invalid_input',
      `CaseDesk may not read ${name}: give yourself read access to it, or file a copy you can read.`,
    );
  const why = code === 'ELOOP' ? 'it is a loop of symbolic links' : code || 'an unexpected error';
  return new AppError(
    'invalid_input',
    `CaseDesk could not open ${name} (${why}): check the file, then drop it again.`,
  );
}

export interface OpenedUpload {
  handle: FileHandle;
  fileName: string;
  size: number;
}

/**
 * Opens a dropped file for reading, after checking it as inspect does. The caller closes the
 * handle. `fileName` is how refusals name it (by default the path's last part). Checks are made on the opened file itself, so it cannot be swapped for another between
 * the check and the copy.
 */
export async function openUploadFile(
  path: string,
  limitBytes: number,
  fileName: string = basename(path),
): Promise<OpenedUpload> {
  if (!isAbsolute(path))
    throw new AppError(
      'invalid_input',
      // Not a full path, so it names no folder on this computer.
      `${path} is not a full path: drop the file itself, or give its full path.`,
    );
  const info = await stat(path).catch((error: unknown) => {
    throw cannotOpen(fileName, error);
  });
  if (info.isDirectory())
    throw new AppError('invalid_input', `${fileName} is a folder: drop the files inside it.`);
  if (!info.isFile())
    throw new AppError(
      'invalid_input',
      `${fileName} is not a regular file (a device, pipe or socket): only files can be filed.`,
    );
  // Non-blocking, so a file swapped for a pipe since the check cannot hang the open.
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0)).catch(
    (error: unknown) => {
      throw cannotOpen(fileName, error);
    },
  );
  try {
    const opened = await handle.stat();
    if (!opened.isFile())
      throw new AppError(
        'invalid_input',
        `${fileName} is not a regular file (a device, pipe or socket): only files can be filed.`,
      );
    checkUploadSize(fileName, opened.size, limitBytes);
    // Readable in fact, not only by its permissions: read its first byte.
    await handle.read(Buffer.alloc(1), 0, 1, 0).catch((error: unknown) => {
      throw new AppError(
        'invalid_input',
        `CaseDesk could not read ${fileName} (${codeOf(error) || 'an unexpected error'}): check the file, then drop it again.`,
      );
    });
    return { handle, fileName, size: opened.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
