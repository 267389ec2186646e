import { canonicalJson } from '../lib/canonical-json';
import { safeFileName } from '../lib/safe-file-name';
import type { CaseRecord } from './case-record';
import type { BundledFile } from './gather-documents';
import { sha256Of } from '../lib/hash-file';
import { breathe, pacer } from './pace';
import type { ZipEntry } from './zip-writer';

// The machine-readable bundle: one JSON file per part of the record (canonical JSON: members sorted,
// no spaces, so the same record is the same bytes), the saved document files, and manifest.json
// listing every other file with its size and SHA-256. No time of export is in it: what it says is
// as of the record's own latest time (`asOf` in case.json); who exported it and when is in the
// journal's `casefile.exported` entry and on the dossier's cover, never in the bundle, so two
// exports of the same record are the same bytes.

export const BUNDLE_FORMAT = 'casedesk.casefile';
export const MANIFEST_NAME = 'manifest.json';
export const BUNDLE_VERSION = 1;

export interface ManifestFile {
  name: string;
  size: number;
  sha256: string;
}

export interface BundleContents {
  entries: ZipEntry[];
  manifest: ManifestFile[];
  /** SHA-256 of manifest.json's bytes: the one value that names every file of the bundle. */
  manifestSha256: string;
}

const json = (value: unknown) => Buffer.from(`${canonicalJson(value)}\n`, 'utf8');

/**
 * As `json`, a list written an item at a time with the event loop let go between slices (a
 * customer's thousand notes or journal entries): the same bytes, since canonical JSON writes a
 * list as its items' canonical JSON between brackets, joined by commas, with no space.
 */
async function pacedJson(value: unknown): Promise<Buffer> {
  if (!Array.isArray(value)) return json(value);
  const pace = pacer();
  const items: string[] = [];
  for (const item of value as unknown[]) {
    items.push(canonicalJson(item));
    await pace();
  }
  return Buffer.from(`[${items.join(',')}]\n`, 'utf8');
}

/**
 * One file per alert (`alerts/<id>.json`): a customer's hundreds of alerts with their revisions are
 * written as many small steps, never as one long one.
 */
function alertFiles(record: CaseRecord): Array<[string, unknown]> {
  const taken = new Set<string>();
  return record.alerts.map((alert) => {
    const base = safeFileName(alert.id, 'alert');
    let name = base;
    for (let count = 2; taken.has(name); count += 1) name = `${base}~${count}`;
    taken.add(name);
    return [`alerts/${name}.json`, alert];
  });
}

/** The record's parts, each its own file. */
function parts(record: CaseRecord): Array<[string, unknown]> {
  return [
    [
      'case.json',
      {
        format: BUNDLE_FORMAT,
        version: BUNDLE_VERSION,
        subject: record.subject,
        service: record.service,
        customerExternalId: record.customerExternalId,
        asOf: record.asOf,
        gaps: record.gaps,
        counts: {
          alerts: record.alerts.length,
          otherAlerts: record.otherAlerts.length,
          timeline: record.timeline.length,
          documents: record.documents.length,
          documentsDeleted: record.documents.filter((d) => d.status === 'deleted').length,
          documentsIncluded: record.documents.filter((d) => d.copy === 'included').length,
          threads: record.threads.length,
          pressReports: record.press.reports.length,
          kytSubmissions: record.kyt.length,
          notes: record.notes.length,
          proposals: record.proposals.length,
          reviews: record.reviews.length,
          journalEntries: record.journal.length,
        },
      },
    ],
    ['customer.json', record.customer],
    ...alertFiles(record),
    ['other-alerts.json', record.otherAlerts],
    ['timeline.json', { events: record.timeline, mayBeCut: record.timelineMayBeCut }],
    ['documents.json', record.documents],
    ['threads.json', record.threads],
    ['press.json', record.press],
    ['kyt.json', record.kyt],
    ['relations.json', record.relations],
    ['notes.json', record.notes],
    ['proposals.json', record.proposals],
    ['reviews.json', record.reviews],
    ['journal.json', record.journal],
    ['narrative.json', record.narrative],
  ];
}

/** Every file of the bundle and its manifest; the JSON is made a part at a time. */
export async function bundleContents(
  record: CaseRecord,
  files: readonly BundledFile[],
): Promise<BundleContents> {
  const entries: ZipEntry[] = [];
  const manifest: ManifestFile[] = [];
  for (const [name, value] of parts(record)) {
    const data = await pacedJson(value);
    entries.push({ name, data });
    manifest.push({ name, size: data.byteLength, sha256: sha256Of(data) });
    await breathe();
  }
  for (const file of files) {
    entries.push({
      name: file.entry,
      file: { path: file.path, size: file.size, sha256: file.sha256 },
    });
    manifest.push({ name: file.entry, size: file.size, sha256: file.sha256 });
  }
  manifest.sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
  const manifestData = json({
    format: `${BUNDLE_FORMAT}.manifest`,
    version: BUNDLE_VERSION,
    algorithm: 'sha256',
    files: manifest,
  });
  entries.push({ name: MANIFEST_NAME, data: manifestData });
  return { entries, manifest, manifestSha256: sha256Of(manifestData) };
}
