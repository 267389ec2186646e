import type { EvidenceKind, EvidenceLink } from '../../preload/contract';
import type { CacheDb } from '../cache/open-cache';
import {
  DOWNLOADED_FILE_KIND,
  DownloadedFile,
  downloadedFileId,
} from '../downloads/downloaded-files';
import { fileSize, hashFile } from '../lib/hash-file';
import { prepared } from '../lib/sqlite/statements';
import type { LocalRecords } from '../local/local-records';
import { KYT_SUBMISSION_KIND } from '../kyt/kyt-record';
import { PRESS_REPORT_KIND } from '../press/kept-report';
import { sha256Json, type BundleItem } from './review-bundle';

// What this installation holds of each piece of a proposal's evidence, as the record it keeps,
// hashed: both sides of a review take the same snapshot, so equal hashes mean both hold the same.
// A record is what the service sent, never what only this computer added to it (a press report's
// sources marked read, when it was kept): those would differ between two installations holding
// the same report.

type Records = Pick<LocalRecords, 'get'>;

const cachedRaw = (cache: CacheDb, table: 'alerts' | 'documents' | 'messages', id: string) => {
  const raw = prepared(cache, `SELECT raw FROM ${table} WHERE id = ?`, 'pluck').get(id) as
    string | undefined;
  if (raw === undefined) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

/** The record one piece of evidence names, as this installation holds it; null when it holds none. */
export function evidenceContent(
  deps: { cache: CacheDb; local: Records },
  kind: EvidenceKind,
  id: string,
): unknown {
  switch (kind) {
    case 'alert':
      // The alert with its last revision, as the service sends it. Earlier revisions are left out:
      // a cache holds those it saw being replaced, which depends on when it synced, not on the alert.
      return cachedRaw(deps.cache, 'alerts', id);
    case 'document':
      return cachedRaw(deps.cache, 'documents', id);
    case 'message':
      return cachedRaw(deps.cache, 'messages', id);
    case 'press': {
      const body = deps.local.get(PRESS_REPORT_KIND, id)?.body as { wire?: unknown } | undefined;
      return body?.wire ?? null;
    }
    case 'kyt': {
      // The submission as CaseDesk keeps it (the service cannot be asked for it again).
      const body = deps.local.get(KYT_SUBMISSION_KIND, id)?.body as
        Record<string, unknown> | undefined;
      if (!body) return null;
      const { batch: _batch, ...kept } = body;
      return kept;
    }
  }
}

/**
 * A document's downloaded file as it is on disk now, when the downloads kept a record of one
 * (read leniently: a store without such records lists documents by their metadata alone); null
 * when it is not a readable file any more.
 */
async function downloadedFile(local: Records, documentId: string) {
  const record = DownloadedFile.safeParse(
    local.get(DOWNLOADED_FILE_KIND, downloadedFileId({ kind: 'document', id: documentId }))?.body,
  );
  if (!record.success || (await fileSize(record.data.path)) === null) return null;
  try {
    const { sha256, size } = await hashFile(record.data.path);
    return { sha256, bytes: size };
  } catch {
    return null;
  }
}

/** The items a request lists: the alert itself first, then each piece of evidence once. */
export function reviewedItems(alertId: string, evidence: readonly EvidenceLink[]): EvidenceLink[] {
  const seen = new Set<string>();
  return [{ kind: 'alert' as const, id: alertId, label: 'The alert under review' }, ...evidence]
    .filter((item) => {
      const key = `${item.kind}:${item.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ kind, id, label }) => ({ kind, id, label }));
}

/** This installation's snapshot of every item: the record it holds and its hash. */
export async function snapshotItems(
  deps: { cache: CacheDb; local: Records },
  items: readonly EvidenceLink[],
): Promise<BundleItem[]> {
  const snapshots: BundleItem[] = [];
  for (const item of items) {
    const found = evidenceContent(deps, item.kind, item.id);
    // A value JSON cannot carry (none is expected from a parsed record) is read as JSON gives it.
    const content =
      found === null ? null : (JSON.parse(JSON.stringify(found)) as BundleItem['content']);
    snapshots.push({
      kind: item.kind,
      id: item.id,
      label: item.label,
      state: content === null ? 'missing' : 'present',
      sha256: sha256Json(content),
      content,
      file: item.kind === 'document' ? await downloadedFile(deps.local, item.id) : null,
    });
  }
  return snapshots;
}
