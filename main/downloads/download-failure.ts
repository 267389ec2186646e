import { basename } from 'node:path';
import { isServiceError, type ServiceError } from '../api';
import { DownloadSaveError } from './safe-download';

/** Where a failed download was going, to name it in the message. */
export interface FailedDownload {
  kind: 'document' | 'attachment';
  folder: string | null;
  /** Bytes received before the failure: a connection lost midway reads differently. */
  received: number;
}

/**
 * A sentence the investigator can act on for a download that failed, from whatever failed: the
 * service call, the connection while the bytes arrived, or the disk. Nothing of a failed download is
 * kept, so every message can say "download again" without worrying about leftovers.
 */
export function downloadFailureMessage(error: unknown, download: FailedDownload): string {
  const service = findInCauses(error, isServiceError);
  if (service) return serviceFailure(service, download);
  const code = errnoCode(error);
  // The window shows this: the folder is named as the investigator knows it, not by its path.
  const folder = download.folder
    ? `the download folder “${basename(download.folder) || download.folder}”`
    : 'the download folder';
  switch (code) {
    case 'ENOSPC':
      return `The disk holding ${folder} is full; nothing was saved. Free some space, then download again.`;
    case 'EDQUOT':
      return `Your disk quota for ${folder} is used up; nothing was saved. Free some space, then download again.`;
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return `CaseDesk may not write into ${folder}; nothing was saved. Choose another download folder in settings, then download again.`;
    case 'ENOENT':
    case 'ENOTDIR':
      return `${capitalised(folder)} is gone; nothing was saved. Choose another download folder in settings, then download again.`;
    default: {
      // A save's own refusals name no folder; anything else is summed up by its code.
      const detail =
        error instanceof DownloadSaveError
          ? error.message
          : `Saving failed (${code ?? (error instanceof Error ? error.message : String(error))})`;
      return `${detail.replace(/\.?$/, '.')} Nothing was saved; check the download folder in settings, then download again.`;
    }
  }
}

function serviceFailure(error: ServiceError, download: FailedDownload): string {
  const what = download.kind === 'document' ? 'document' : 'attachment';
  switch (error.kind) {
    case 'network':
      return download.received > 0
        ? 'The connection to the service was lost during the download; nothing was saved. Download again when online.'
        : 'CaseDesk cannot reach the service; try again when online.';
    case 'timeout':
      return 'The service stopped answering during the download; nothing was saved. Download again in a moment.';
    case 'auth':
      return error.message;
    case 'http':
      if (error.status === 404 || error.status === 410)
        return `The service no longer has this ${what}; sync to bring the list up to date.`;
      return `${error.message} Nothing was saved; download again in a moment.`;
    case 'malformed':
    case 'cancelled':
      return `${error.message} Nothing was saved; download again.`;
  }
}

/** The first error in the chain of causes that passes `test` (saving wraps what went wrong). */
function findInCauses<T>(error: unknown, test: (value: unknown) => value is T): T | null {
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth += 1) {
    if (test(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

function errnoCode(error: unknown): string | null {
  const found = findInCauses(
    error,
    (value): value is NodeJS.ErrnoException =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { code?: unknown }).code === 'string',
  );
  return typeof found?.code === 'string' ? found.code : null;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
