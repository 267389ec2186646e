import type { DocumentView, EvidenceLink } from '../../preload/contract';
import type { DownloadedFile } from '../downloads/downloaded-files';
import { safeFileName } from '../lib/safe-file-name';
import type { CaseDocument } from './case-record';
import type { CaseFileSources } from './case-sources';
import { fileSize, hashFile } from '../lib/hash-file';
import { pacer } from './pace';

// The case's documents: those the cache lists for the customer, and those the case still knows of
// that the service no longer lists (downloaded here, or cited by a proposal): deleted since, kept
// with what is known of them. The bytes are never fetched: a document is included as the file its
// download saved, when that file is still there with the bytes that were downloaded (hashed again
// here, streamed).

/** A file the bundle carries: read again when the zip is written, and checked against its hash. */
export interface BundledFile {
  entry: string;
  path: string;
  size: number;
  sha256: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Where the saved file of a download stands now: included, missing or changed. */
async function copyOf(file: DownloadedFile): Promise<'included' | 'missing' | 'changed'> {
  const size = await fileSize(file.path);
  if (size === null) return 'missing';
  if (size !== file.bytes) return 'changed';
  const now = await hashFile(file.path).catch(() => null);
  if (now === null) return 'missing';
  return now.sha256 === file.sha256 && now.size === file.bytes ? 'included' : 'changed';
}

function fromCache(view: DocumentView): CaseDocument {
  return {
    id: view.id,
    status: 'cached',
    customerExternalId: view.customerExternalId,
    displayName: view.displayName,
    fileName: view.fileName,
    fileType: view.fileType,
    fileMime: view.fileMime,
    fileSize: view.fileSize,
    source: view.source,
    createdAt: view.createdAt,
    tags: view.tags,
    sha256: null,
    bytes: null,
    downloadedAt: null,
    copy: 'not-downloaded',
    entry: null,
    knownFrom: [],
  };
}

function deleted(
  id: string,
  customerExternalId: string,
  download: DownloadedFile | null,
  cited: EvidenceLink | undefined,
): CaseDocument {
  return {
    id,
    status: 'deleted',
    customerExternalId: download?.customerExternalId ?? customerExternalId,
    displayName: download?.displayName || cited?.label || '',
    fileName: download?.fileName ?? '',
    fileType: '',
    fileMime: download?.fileMime ?? '',
    fileSize: download?.bytes ?? null,
    source: '',
    createdAt: null,
    tags: [],
    sha256: null,
    bytes: null,
    downloadedAt: null,
    copy: 'not-downloaded',
    entry: null,
    knownFrom: [...(download ? ['download'] : []), ...(cited ? ['proposal evidence'] : [])],
  };
}

/** `documents/<id>/<name>`, each part a safe file name, one folder per document. */
function entryName(document: CaseDocument, file: DownloadedFile, taken: Set<string>): string {
  const base = safeFileName(document.id, 'document');
  let folder = base;
  for (let count = 2; taken.has(folder); count += 1) folder = `${base}~${count}`;
  taken.add(folder);
  return `documents/${folder}/${safeFileName(file.savedName || file.fileName, 'document')}`;
}

export async function gatherDocuments(
  sources: Pick<CaseFileSources, 'downloads'>,
  customerExternalId: string,
  cached: readonly DocumentView[],
  evidence: readonly EvidenceLink[],
): Promise<{ documents: CaseDocument[]; files: BundledFile[] }> {
  const { downloads } = sources;
  const listed = new Set(cached.map((view) => view.id));
  const cited = new Map(
    evidence.filter((link) => link.kind === 'document').map((link) => [link.id, link]),
  );
  const downloaded = downloads ? downloads.ofCustomer(customerExternalId) : [];
  const gone = new Set([
    ...downloaded.map((file) => file.target.id).filter((id) => !listed.has(id)),
    ...[...cited.keys()].filter((id) => !listed.has(id)),
  ]);
  const documents = [
    ...cached.map(fromCache),
    ...[...gone]
      .sort()
      .map((id) =>
        deleted(
          id,
          customerExternalId,
          downloads?.get({ kind: 'document', id }) ?? null,
          cited.get(id),
        ),
      ),
  ];
  const files: BundledFile[] = [];
  const folders = new Set<string>();
  const pace = pacer();
  for (const document of documents) {
    await pace();
    const file = downloads?.get({ kind: 'document', id: document.id }) ?? null;
    if (!file) continue;
    document.sha256 = file.sha256;
    document.bytes = file.bytes;
    document.downloadedAt = iso(file.savedAtMs);
    document.copy = await copyOf(file);
    if (document.copy !== 'included') continue;
    document.entry = entryName(document, file, folders);
    files.push({ entry: document.entry, path: file.path, size: file.bytes, sha256: file.sha256 });
  }
  return { documents, files };
}
