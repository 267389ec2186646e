import { z } from 'zod';
import { parseObject, text } from '../cache/json-fields';
import type { CacheDb } from '../cache/open-cache';
import { prepared } from '../lib/sqlite/statements';
import type { LocalRecords } from '../local/local-records';
import type { DownloadTargetRef } from './download-subject';

// CaseDesk keeps no copy of a document's bytes: a download is saved in the investigator's own
// folder. What it keeps, in the profile's local store, is a record of each download: where the
// file was saved, its size and SHA-256 (hashed as it was written), and what the cache said of the
// document then. A case file lists a document with that hash, includes the saved file when it is
// still there unchanged, and still knows the document after the service deleted it.

export const DOWNLOADED_FILE_KIND = 'download.file';
const DIGEST_VERSION = 1;

export const DownloadedFile = z.object({
  v: z.literal(1),
  target: z.object({ kind: z.enum(['document', 'attachment']), id: z.string().min(1) }),
  /** The document's customer, or the attachment's thread, as the cache named them. */
  customerExternalId: z.string().nullable(),
  threadId: z.string().nullable(),
  displayName: z.string(),
  fileName: z.string(),
  fileMime: z.string(),
  /** The document's revision as the cache knew it (last_revision_id); empty for an attachment. */
  revisionId: z.string(),
  /** The saved file: its path on this computer and its name there. */
  path: z.string().min(1),
  savedName: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  savedAtMs: z.number().int().nonnegative(),
});
export type DownloadedFile = z.infer<typeof DownloadedFile>;

/** The record's id: one per document or attachment, the latest download's. */
export const downloadedFileId = (target: DownloadTargetRef): string =>
  `${target.kind}:${target.id}`;

/** What the record is listed under: the document's customer, or the attachment's thread. */
const subjectOf = (file: DownloadedFile): string | null =>
  file.target.kind === 'document'
    ? file.customerExternalId === null
      ? null
      : `customer:${file.customerExternalId}`
    : file.threadId === null
      ? null
      : `thread:${file.threadId}`;

/** What the cache says of a downloaded file now, kept beside its hash. */
export function cachedFileFacts(
  db: CacheDb,
  target: DownloadTargetRef,
): Pick<
  DownloadedFile,
  'customerExternalId' | 'threadId' | 'displayName' | 'fileName' | 'fileMime' | 'revisionId'
> {
  if (target.kind === 'document') {
    const row = prepared(
      db,
      'SELECT customer_external_id, display_name, file_name, raw FROM documents WHERE id = ?',
    ).get(target.id) as
      | { customer_external_id: string; display_name: string; file_name: string; raw: string }
      | undefined;
    const raw = parseObject(row?.raw ?? null) ?? {};
    return {
      customerExternalId: row?.customer_external_id || null,
      threadId: null,
      displayName: row?.display_name ?? '',
      fileName: row?.file_name ?? '',
      fileMime: text(raw.file_mime),
      revisionId: text(raw.last_revision_id),
    };
  }
  const row = prepared(
    db,
    'SELECT thread_id, file_name, file_mime FROM attachments WHERE id = ?',
  ).get(target.id) as { thread_id: string; file_name: string; file_mime: string } | undefined;
  return {
    customerExternalId: null,
    threadId: row?.thread_id ?? null,
    displayName: '',
    fileName: row?.file_name ?? '',
    fileMime: row?.file_mime ?? '',
    revisionId: '',
  };
}

export interface DownloadedFiles {
  /** Keeps the record of a download, replacing the one of an earlier download of the same file. */
  keep(file: DownloadedFile): void;
  /** The latest download of a document or attachment; null when none is recorded (or readable). */
  get(target: DownloadTargetRef): DownloadedFile | null;
  /** Documents downloaded for a customer (listed under it), oldest first. */
  ofCustomer(customerExternalId: string): DownloadedFile[];
}

export function createDownloadedFiles(records: LocalRecords): DownloadedFiles {
  const read = (body: unknown): DownloadedFile | null => {
    const parsed = DownloadedFile.safeParse(body);
    return parsed.success ? parsed.data : null;
  };
  return {
    keep(file) {
      records.put(DOWNLOADED_FILE_KIND, downloadedFileId(file.target), file, {
        subject: subjectOf(file),
        digest: { v: DIGEST_VERSION },
        searchText: '',
      });
    },
    get(target) {
      const record = records.get(DOWNLOADED_FILE_KIND, downloadedFileId(target));
      return record ? read(record.body) : null;
    },
    ofCustomer(customerExternalId) {
      return records
        .listOf(DOWNLOADED_FILE_KIND, `customer:${customerExternalId}`)
        .flatMap((record) => {
          const file = read(record.body);
          return file?.target.kind === 'document' ? [file] : [];
        });
    },
  };
}
