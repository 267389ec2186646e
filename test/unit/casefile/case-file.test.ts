import { createCacheWriter } from '../../../main/cache/repositories';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CacheDb } from '../../../main/cache/open-cache';
import type { CaseFileSources } from '../../../main/casefile/case-sources';
import { dossierHtml } from '../../../main/casefile/dossier-html';
import { exportCaseFile, type CaseFileExportDeps } from '../../../main/casefile/export-case-file';
import { gatherCaseRecord } from '../../../main/casefile/gather-record';
import { PrintUnavailableError } from '../../../main/casefile/pdf-printer';
import {
  createDownloadedFiles,
  type DownloadedFile,
  type DownloadedFiles,
} from '../../../main/downloads/downloaded-files';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { createWorkbench, type Workbench } from '../../../main/workbench/workbench';
import { makeTempDir } from '../../support/temp-dir';
import {
  alert,
  customer,
  detail,
  document,
  event,
  message,
  openTestCache,
  thread,
} from '../cache/review-records';

// A case file of an alert and of a customer, from a real local store beside a cache the sync
// wrote: the bundle is the same bytes for the same record whatever else changes (the export
// time, the journal's later entries, the order files were downloaded in), its manifest checks
// out, service and investigator text is printed as text, and a document deleted on the service
// is kept with its hash.

const NOW = Date.parse('2026-05-04T08:00:00Z');
const NAME = '<b>Anne</b> \u202Efdp.exe';
const sha = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

describe('case files', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let cache: CacheDb;
  let bench: Workbench;
  let downloads: DownloadedFiles;
  let clock = NOW;
  const now = () => (clock += 1000);

  /** A file saved by a download, recorded as the download manager records it. */
  const downloaded = (id: string, bytes: string, fields: Partial<DownloadedFile> = {}) => {
    const folder = join(temp.path, 'downloads');
    mkdirSync(folder, { recursive: true });
    const path = join(folder, `${id}.pdf`);
    writeFileSync(path, bytes);
    downloads.keep({
      v: 1,
      target: { kind: 'document', id },
      customerExternalId: 'C1',
      threadId: null,
      displayName: `Passport ${id}`,
      fileName: `${id}.pdf`,
      fileMime: 'application/pdf',
      revisionId: `${id}-rev`,
      path,
      savedName: `${id}.pdf`,
      bytes: Buffer.byteLength(bytes),
      sha256: sha(bytes),
      savedAtMs: NOW,
      ...fields,
    });
    return path;
  };

  beforeEach(() => {
    temp = makeTempDir('casedesk-casefile-');
    clock = NOW;
    const opening = openLocalStore(join(temp.path, 'local.db'), silentLogger, now);
    if (opening.state !== 'open') throw new Error(opening.reason);
    local = opening.store;
    let writer;
    ({ db: cache, writer } = openTestCache());
    const anne = customer('C1', { first_name: NAME, last_name: '' });
    writer.putAlerts(
      [
        alert('A1', 'C1', { comment: 'Listed <i>person</i>' }),
        alert('A2', 'C1', { state: 7, top_category: 'SIP' }),
      ],
      NOW,
    );
    writer.putThreads(
      [
        thread('T1', {
          customers: [anne],
          last_message: message('M1', {
            content:
              '<p>Please find my passport.</p><script>alert(1)</script><p>Regards &amp; thanks</p>',
          }),
        }),
      ],
      NOW,
    );
    writer.putCustomerDetail({
      customer: anne,
      detail: detail(anne),
      stats: { alerts: 2, last_scan_date: '2024-03-05T02:00:00Z' },
      events: [event('E1', 'C1', '2024-03-01T10:00:00Z')],
      documents: [document('D1', 'C1'), document('D2', 'C1')],
      nowMs: NOW,
    });
    bench = createWorkbench({ local, cache, logger: silentLogger, now });
    downloads = createDownloadedFiles(local);
  });
  afterEach(() => {
    local.close();
    cache.close();
    temp.remove();
  });

  const sources = (): CaseFileSources => ({
    cache,
    service: 'https://screening.example/api/v1',
    journal: local.journal,
    workbench: bench,
    press: {
      list: () => ({ reports: [], total: 0, categories: [] }),
      get: () => null,
      compare: () => {
        throw new Error('no report to compare');
      },
    },
    kyt: {
      list: () => ({ submissions: [], total: 0, inDoubt: 0, states: [], currencies: [] }),
      get: () => null,
    },
    keptRelations: () => [],
    downloads,
  });
  const deps = (
    printed: CaseFileExportDeps['printToPdf'] = () => Promise.resolve(Buffer.from('%PDF-1.4 test')),
  ): CaseFileExportDeps => ({
    sources: sources(),
    journal: local.journal,
    printToPdf: printed,
    actor: 'Ana Ruiz',
    logger: silentLogger,
    now,
  });
  const folder = (name: string) => {
    const path = join(temp.path, name);
    mkdirSync(path);
    return path;
  };
  const unzip = (path: string) => unzipSync(new Uint8Array(readFileSync(path)));

  it('writes the same bundle, byte for byte, for the same record; another once a note changes', async () => {
    const note = bench.addNote(
      { kind: 'alert', id: 'A1' },
      'Namesake? see document:D1',
      'Ana Ruiz',
    );
    downloaded('D1', 'passport bytes');
    const first = await exportCaseFile(deps(), { kind: 'alert', id: 'A1' }, folder('one'));
    // Later journal entries (this export's own among them), a later clock and another time zone
    // change nothing.
    bench.addNote({ kind: 'customer', id: 'OTHER' }, 'Elsewhere', 'Bo Chen');
    const zone = process.env.TZ;
    process.env.TZ = 'Pacific/Chatham';
    let second;
    try {
      second = await exportCaseFile(deps(), { kind: 'alert', id: 'A1' }, folder('two'));
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(first.files).toEqual(['casefile-alert-A1.zip', 'casefile-alert-A1.pdf']);
    const one = readFileSync(join(temp.path, 'one', first.bundleName));
    const two = readFileSync(join(temp.path, 'two', second.bundleName));
    expect(two.equals(one)).toBe(true);
    expect(second.bundleSha256).toBe(first.bundleSha256);
    expect(sha(one)).toBe(first.bundleSha256);

    bench.editNote(note.id, 'Namesake: another date of birth', 'Ana Ruiz');
    const third = await exportCaseFile(deps(), { kind: 'alert', id: 'A1' }, folder('three'));
    expect(third.bundleSha256).not.toBe(first.bundleSha256);
    const notes = JSON.parse(
      strFromU8(unzip(join(temp.path, 'three', third.bundleName))['notes.json']!),
    ) as Array<{ text: string }>;
    expect(notes.map((n) => n.text)).toEqual(['Namesake: another date of birth']);
  });

  it('lists every file in the manifest with a hash that checks out, and records the export in the journal', async () => {
    downloaded('D1', 'passport bytes');
    const head = local.journal.head();
    const done = await exportCaseFile(deps(), { kind: 'customer', id: 'C1' }, folder('out'));
    const files = unzip(join(temp.path, 'out', done.bundleName));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as {
      files: Array<{ name: string; size: number; sha256: string }>;
    };
    expect(sha(files['manifest.json']!)).toBe(done.manifestSha256);
    expect(manifest.files.map((file) => file.name).sort()).toEqual(
      Object.keys(files)
        .filter((name) => name !== 'manifest.json')
        .sort(),
    );
    for (const file of manifest.files) {
      expect(files[file.name]!.byteLength).toBe(file.size);
      expect(sha(files[file.name]!)).toBe(file.sha256);
    }
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['alerts/A1.json', 'alerts/A2.json', 'documents/D1/D1.pdf']),
    );
    expect(strFromU8(files['documents/D1/D1.pdf']!)).toBe('passport bytes');
    // Entries in byte order of their names, each dated the zip format's first day.
    const names = Object.keys(files);
    expect(names).toEqual(
      [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
    );

    const [entry] = local.journal.recent(1);
    expect(entry).toMatchObject({
      seq: head.seq + 1,
      actor: 'Ana Ruiz',
      action: 'casefile.exported',
      subject: 'customer:C1',
      body: {
        bundleSha256: done.bundleSha256,
        manifestSha256: done.manifestSha256,
        journalHead: { seq: head.seq, hash: head.hash },
        pdfSha256: sha('%PDF-1.4 test'),
        files: done.files,
      },
    });
    expect(local.journal.verify().state).toBe('intact');
  });

  it('holds every alert of a customer, past the 500 the customer screen is given', async () => {
    const many = Array.from({ length: 520 }, (_, n) =>
      alert(`B${String(n).padStart(3, '0')}`, 'C1'),
    );
    createCacheWriter(cache).putAlerts(many, NOW);
    const done = await exportCaseFile(deps(), { kind: 'customer', id: 'C1' }, folder('many'));
    const files = unzip(join(temp.path, 'many', done.bundleName));
    expect(Object.keys(files).filter((name) => name.startsWith('alerts/'))).toHaveLength(522);
  });

  it('keeps a document deleted on the service since with its hash, marked deleted', async () => {
    downloaded('D1', 'passport bytes');
    downloaded('D9', 'proof of address');
    // D1's saved copy edited after the download: listed with its hash, not included.
    writeFileSync(join(temp.path, 'downloads', 'D1.pdf'), 'passport bytes, edited');
    const { record, files } = await gatherCaseRecord(sources(), { kind: 'customer', id: 'C1' });
    const byId = new Map(record.documents.map((d) => [d.id, d]));
    expect(byId.get('D9')).toMatchObject({
      status: 'deleted',
      displayName: 'Passport D9',
      sha256: sha('proof of address'),
      copy: 'included',
      entry: 'documents/D9/D9.pdf',
      knownFrom: ['download'],
    });
    expect(byId.get('D1')).toMatchObject({
      status: 'cached',
      sha256: sha('passport bytes'),
      copy: 'changed',
      entry: null,
    });
    expect(byId.get('D2')).toMatchObject({
      status: 'cached',
      sha256: null,
      copy: 'not-downloaded',
    });
    expect(files.map((file) => file.entry)).toEqual(['documents/D9/D9.pdf']);
    const html = await dossierHtml(record, {
      exportedAt: new Date(NOW).toISOString(),
      exportedBy: 'Ana Ruiz',
      journalHead: null,
      bundleSha256: 'a'.repeat(64),
      manifestSha256: 'b'.repeat(64),
    });
    expect(html).toContain('Deleted on the service since');
    expect(html).toContain(sha('proof of address'));
  });

  it('prints service and investigator text as text: markup escaped, bidi controls shown, not obeyed', async () => {
    bench.addNote(
      { kind: 'customer', id: 'C1' },
      '<img src=x onerror=alert(1)> call \u2067back\u2069',
      'Bo <Chen>',
    );
    const { record } = await gatherCaseRecord(sources(), { kind: 'alert', id: 'A1' });
    const html = await dossierHtml(record, {
      exportedAt: new Date(NOW).toISOString(),
      exportedBy: '<script>x</script>',
      journalHead: local.journal.head(),
      bundleSha256: 'a'.repeat(64),
      manifestSha256: 'b'.repeat(64),
    });
    expect(html).toContain('&lt;b&gt;Anne&lt;/b&gt; <span class="ctl">[U+202E]</span>fdp.exe');
    expect(html).toContain(
      '&lt;img src=x onerror=alert(1)&gt; call <span class="ctl">[U+2067]</span>back',
    );
    expect(html).toContain('Bo &lt;Chen&gt;');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('Listed &lt;i&gt;person&lt;/i&gt;');
    // The message's HTML is read as text: its script dropped, its entities read, then escaped.
    expect(html).toContain('Please find my passport.\nRegards &amp; thanks');
    expect(html).not.toMatch(/<(script|img|i)\b/);
    expect(html).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    for (const heading of [
      'Narrative',
      'Customer',
      'Indicators and EDD',
      'Alert and revisions',
      'Customer and match',
      'Timeline',
      'Documents',
      'Threads',
      'Press reports',
      'KYT submissions',
      'Relations',
      'Notes',
      'Proposed decisions',
      'Second reviews',
      'Journal',
    ])
      expect(html).toContain(`<h2>${heading}</h2>`);
    for (const part of ['Who', 'What', 'When', 'Where', 'Why', 'How'])
      expect(html).toContain(`<h3>${part}</h3>`);
  });

  it('writes the bundle and says why when no PDF can be printed', async () => {
    const done = await exportCaseFile(
      deps(() =>
        Promise.reject(new PrintUnavailableError('No Chromium was found to print the PDF.')),
      ),
      { kind: 'alert', id: 'A2' },
      folder('out'),
    );
    expect(done.pdfName).toBeNull();
    expect(done.pdfProblem).toBe(
      'The PDF could not be made: No Chromium was found to print the PDF.',
    );
    expect(readdirSync(join(temp.path, 'out'))).toEqual(['casefile-alert-A2.zip']);
    expect(local.journal.recent(1)[0]?.body).toMatchObject({
      pdfSha256: null,
      files: ['casefile-alert-A2.zip'],
    });
  });

  it('numbers a second export into the same folder rather than replace the first', async () => {
    const out = folder('out');
    await exportCaseFile(deps(), { kind: 'alert', id: 'A1' }, out);
    const again = await exportCaseFile(deps(), { kind: 'alert', id: 'A1' }, out);
    expect(again.files).toEqual(['casefile-alert-A1 (2).zip', 'casefile-alert-A1 (2).pdf']);
    expect(readdirSync(out).sort()).toEqual([
      'casefile-alert-A1 (2).pdf',
      'casefile-alert-A1 (2).zip',
      'casefile-alert-A1.pdf',
      'casefile-alert-A1.zip',
    ]);
  });

  it('refuses an alert the cache does not hold', async () => {
    await expect(
      exportCaseFile(deps(), { kind: 'alert', id: 'NOPE' }, folder('out')),
    ).rejects.toThrow(/Alert NOPE is not in the offline cache/);
    expect(readdirSync(join(temp.path, 'out'))).toEqual([]);
  });
});
