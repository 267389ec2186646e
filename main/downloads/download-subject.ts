import type { DownloadWarning } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { numberOrNull, parseObject, text } from '../cache/json-fields';
import type { CacheDb } from '../cache/open-cache';
import { attachmentSafety } from '../cache/thread-view';
import { isExecutableName, safeFileName } from '../lib/safe-file-name';
import { prepared } from '../lib/sqlite/statements';

export interface DownloadTargetRef {
  kind: 'document' | 'attachment';
  id: string;
}

/** What the cache knows of a file before it is asked for: enough to warn and to name it. */
export interface DownloadSubject {
  target: DownloadTargetRef;
  /** The record's file name as the service sent it: shown, and made safe before it names a file. */
  name: string;
  /** Used when nothing of `name` is usable as a file name. */
  fallbackName: string;
  size: number | null;
  warnings: DownloadWarning[];
  /** The cache says the file is held outside the service: the service answers with its address. */
  external: boolean;
}

interface DocumentRecord {
  display_name: string;
  file_name: string;
  raw: string;
}

interface AttachmentRecord {
  file_name: string;
  file_size: number;
  not_dangerous: number | null;
}

/**
 * The cached document or attachment a download is for, with the reasons to think twice before
 * saving it. Warnings are read from the cache, so they are given offline and before any byte
 * arrives; a file the cache does not hold cannot be downloaded (its safety is unknown).
 */
export function downloadSubject(db: CacheDb, target: DownloadTargetRef): DownloadSubject {
  return target.kind === 'document' ? documentSubject(db, target) : attachmentSubject(db, target);
}

function documentSubject(db: CacheDb, target: DownloadTargetRef): DownloadSubject {
  const row = prepared(db, 'SELECT display_name, file_name, raw FROM documents WHERE id = ?').get(
    target.id,
  ) as DocumentRecord | undefined;
  if (!row)
    throw new AppError(
      'not_found',
      'This document is not in the offline cache; sync, then download it from the list.',
    );
  const raw = parseObject(row.raw) ?? {};
  const fallbackName = row.display_name || `document-${target.id}`;
  return {
    target,
    name: row.file_name,
    fallbackName,
    size: numberOrNull(raw.file_size),
    // Judged on the name the file will have on disk, which may come from the fallback.
    warnings: isExecutableName(safeFileName(row.file_name, fallbackName)) ? ['executable'] : [],
    external: text(raw.file_source).toLowerCase() === 'external',
  };
}

function attachmentSubject(db: CacheDb, target: DownloadTargetRef): DownloadSubject {
  const row = prepared(
    db,
    'SELECT file_name, file_size, not_dangerous FROM attachments WHERE id = ?',
  ).get(target.id) as AttachmentRecord | undefined;
  if (!row)
    throw new AppError(
      'not_found',
      'This attachment is not in the offline cache; sync, then download it from its thread.',
    );
  const warnings: DownloadWarning[] = [];
  const safety = attachmentSafety(row.not_dangerous);
  if (safety !== 'safe') warnings.push(safety);
  if (isExecutableName(safeFileName(row.file_name, `attachment-${target.id}`)))
    warnings.push('executable');
  return {
    target,
    name: row.file_name,
    fallbackName: `attachment-${target.id}`,
    size: row.file_size,
    warnings,
    external: false,
  };
}
