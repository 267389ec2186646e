import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseFileExportView, DownloadView } from '../../preload/contract';
import type { Core } from '../../main/core';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { syncToEnd } from '../support/sync-to-end';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

// A case file of an alert from a profile synced from the sandbox, as an investigator makes one:
// two of the customer's documents downloaded, a note with markup and a bidi override, a proposal
// citing a document the service then deletes. Exported once from the app's bridge (Chromium
// headless prints the PDF in the browser host) and twice with the built command line: the three
// bundles are the same bytes, their manifest checks out, the deleted document is kept with its
// hash, and the PDF's pages are rendered (pdftoppm) and read (pdftotext).

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const PROFILE = 'Case tenant';
const context = { transport: 'browser' } as const;
const NOTE = '<b>not bold</b> call back \u202Egnp.exe';
const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

interface Manifest {
  files: Array<{ name: string; size: number; sha256: string }>;
}
interface DocumentEntry {
  id: string;
  status: string;
  sha256: string | null;
  copy: string;
  entry: string | null;
}

describe('casefile export (built), on a profile synced from the sandbox', () => {
  let t: TestSandbox;
  const temp = makeTempDir('casedesk-cli-casefile-');
  const dataDir = join(temp.path, 'app');
  const downloadFolder = join(temp.path, 'Downloads');
  let alertId = '';
  let customerName = '';
  const documents = { kept: '', deleted: '' };
  const bytes = {
    kept: Buffer.from('%PDF-1.4 passport scan'),
    deleted: Buffer.from('proof of address, withdrawn'),
  };
  let fromApp: CaseFileExportView;

  const cli = (...args: string[]) =>
    run(
      process.execPath,
      ['out/main/cli.js', 'casefile', ...args, '--profile', PROFILE, '--data-dir', dataDir],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, CASEDESK_TOKEN: '' } },
    );

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 30 });
    mkdirSync(downloadFolder);
    const core: Core = await createTestCore(dataDir);
    const call = async <T>(method: string, input?: unknown): Promise<T> => {
      const reply = await core.dispatch(method, input, context);
      if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
      return reply.value as T;
    };
    const sync = async () => {
      const ended = await syncToEnd(core.events, () => call('sync.start', { full: true }));
      if (ended.lastError) throw new Error(`the sync failed: ${ended.lastError}`);
    };
    try {
      await call('profiles.save', {
        name: PROFILE,
        baseUrl: t.sandbox.baseUrl,
        token: t.sandbox.token,
        tokenStorage: 'weak',
      });
      await sync();
      // An alert whose customer's name is plain letters, to find it again in the PDF's text.
      const cache = core.workspaces.workspace()!.db;
      const found = (
        cache
          .prepare(
            'SELECT a.id, a.customer_external_id, c.name FROM alerts a JOIN customers c ON c.external_id = a.customer_external_id ORDER BY a.id',
          )
          .all() as Array<{ id: string; customer_external_id: string; name: string }>
      ).find((row) => /^[A-Za-z][A-Za-z .'-]{3,}$/.test(row.name));
      if (!found) throw new Error('no alert of a customer with a plain name');
      alertId = found.id;
      customerName = found.name;
      const upload = async (fileName: string, data: Buffer) => {
        const reply = await t.call('POST', '/api/v1/customer_documents/upload', {
          body: {
            customer_external_id: found.customer_external_id,
            display_name: fileName,
            file_name: fileName,
            internal: { file_data: data.toString('base64') },
          },
        });
        expect(reply.status).toBe(200);
        return reply.json<{ id: string }>().id;
      };
      documents.kept = await upload('passport.pdf', bytes.kept);
      documents.deleted = await upload('proof-of-address.pdf', bytes.deleted);
      await sync();

      await call('settings.save', { downloadFolder });
      for (const id of [documents.kept, documents.deleted]) {
        const started = await call<DownloadView>('downloads.start', {
          requestId: randomUUID(),
          target: { kind: 'document', id },
          acknowledged: true,
        });
        // Polled by hand: expect.poll belongs to tests, not to their setup.
        for (let tries = 0; ; tries += 1) {
          const view = (await call<DownloadView[]>('downloads.list')).find(
            (item) => item.id === started.id,
          );
          if (view?.state === 'saved') break;
          if ((view && view.state !== 'running') || tries > 300)
            throw new Error(
              `the download of ${id} ended ${view?.state ?? 'nowhere'}: ${view?.error}`,
            );
          await new Promise((done) => setTimeout(done, 50));
        }
      }
      await call('workbench.addNote', { target: { kind: 'alert', id: alertId }, text: NOTE });
      await call('workbench.propose', {
        alertId,
        state: 7,
        reason: 'Namesake: the listed person was born in another year.',
        evidence: [{ kind: 'document', id: documents.deleted, label: 'Proof of address' }],
      });
      // Deleted on the service since: the next sync drops it from the cache.
      expect(
        (await t.call('DELETE', `/api/v1/customer_documents/${documents.deleted}`)).status,
      ).toBe(204);
      await sync();
      expect(
        cache.prepare('SELECT count(*) FROM documents WHERE id = ?').pluck().get(documents.deleted),
      ).toBe(0);

      fromApp = await call<CaseFileExportView>('workbench.exportCaseFile', { alertId });
    } finally {
      await core.dispose();
    }
  }, 180_000);
  afterAll(async () => {
    await t.close();
    temp.remove();
  });

  it('writes the bundle and the PDF into a folder of their own in the download folder, from the app', () => {
    expect(fromApp).toMatchObject({
      folderName: expect.stringMatching(
        new RegExp(`^casefile-alert-${alertId}-\\d{4}-\\d{2}-\\d{2}$`),
      ) as unknown,
      files: [`casefile-alert-${alertId}.zip`, `casefile-alert-${alertId}.pdf`],
      pdf: true,
      pdfProblem: null,
    });
    const folder = join(downloadFolder, fromApp.folderName);
    expect(readdirSync(folder).sort()).toEqual([...fromApp.files].sort());
    expect(sha(readFileSync(join(folder, fromApp.files[0]!)))).toBe(fromApp.bundleSha256);
  });

  it('exports the same bundle, byte for byte, from the command line; its manifest checks out', async () => {
    const one = join(temp.path, 'one');
    const two = join(temp.path, 'two');
    const first = await cli('export', '--alert', alertId, '--out', one);
    const second = await cli('export', '--alert', alertId, '--out', two, '--json');
    const zip = readFileSync(join(one, `casefile-alert-${alertId}.zip`));
    expect(readFileSync(join(two, `casefile-alert-${alertId}.zip`)).equals(zip)).toBe(true);
    expect(first.stdout).toContain(`Bundle SHA-256: ${sha(zip)}\n`);
    expect(first.stdout).toContain(`casefile-alert-${alertId}.pdf  (dossier)`);
    expect((JSON.parse(second.stdout) as { bundleSha256: string }).bundleSha256).toBe(sha(zip));
    // The app's export was of the same record: its earlier export is not part of it.
    expect(fromApp.bundleSha256).toBe(sha(zip));

    const files = unzipSync(new Uint8Array(zip));
    const manifest = JSON.parse(strFromU8(files['manifest.json']!)) as Manifest;
    expect(manifest.files.map((file) => file.name)).toEqual(
      Object.keys(files).filter((name) => name !== 'manifest.json'),
    );
    for (const file of manifest.files) expect(sha(files[file.name]!)).toBe(file.sha256);

    const listed = JSON.parse(strFromU8(files['documents.json']!)) as DocumentEntry[];
    const kept = listed.find((document) => document.id === documents.kept);
    const deleted = listed.find((document) => document.id === documents.deleted);
    expect(kept).toMatchObject({ status: 'cached', sha256: sha(bytes.kept), copy: 'included' });
    expect(deleted).toMatchObject({
      status: 'deleted',
      sha256: sha(bytes.deleted),
      copy: 'included',
    });
    expect(Buffer.from(files[deleted!.entry!]!).equals(bytes.deleted)).toBe(true);
    const notes = JSON.parse(strFromU8(files['notes.json']!)) as Array<{ text: string }>;
    expect(notes.map((note) => note.text)).toContain(NOTE);
    const journal = JSON.parse(strFromU8(files['journal.json']!)) as Array<{ action: string }>;
    expect(journal.map((entry) => entry.action)).toEqual(['note.added', 'proposal.made']);
  });

  it('prints a dossier of several pages naming the customer, with every section', async () => {
    const out = join(temp.path, 'pdf');
    await cli('export', '--alert', alertId, '--out', out);
    const pdf = join(out, `casefile-alert-${alertId}.pdf`);
    await run('pdftoppm', ['-png', '-r', '40', pdf, join(out, 'page')]);
    const pages = readdirSync(out).filter((name) => /^page-\d+\.png$/.test(name));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages)
      expect(readFileSync(join(out, page)).subarray(1, 4).toString('latin1')).toBe('PNG');
    const text = (
      await run('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { maxBuffer: 16 * 1024 * 1024 })
    ).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(customerName.replace(/\s+/g, ' '));
    for (const heading of [
      'Case file',
      'Journal head at export',
      'Narrative',
      'Who',
      'What',
      'When',
      'Where',
      'Why',
      'How',
      'Customer',
      'Indicators and EDD',
      'Alert and revisions',
      'Customer and match',
      'Timeline',
      'Documents',
      'Deleted on the service since',
      'Threads',
      'Press reports',
      'KYT submissions',
      'Relations',
      'Notes',
      'Proposed decisions',
      'Second reviews',
      'Journal',
    ])
      expect(text).toContain(heading);
    // The note's markup and its bidi override are printed as text (the override's code is boxed:
    // pdftotext may read a space after the box).
    expect(text).toMatch(/<b>not bold<\/b> call back \[U\+202E\] ?gnp\.exe/);
  });

  it('records every export in the journal, which stays intact', async () => {
    const { stdout } = await run(
      process.execPath,
      ['out/main/cli.js', 'journal', 'export', '--profile', PROFILE, '--data-dir', dataDir],
      { cwd: ROOT },
    );
    const entries = stdout
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as { action: string; subject: string; body: { bundleSha256?: string } },
      );
    const exports = entries.filter((entry) => entry.action === 'casefile.exported');
    expect(exports.length).toBe(4);
    expect(exports.every((entry) => entry.subject === `alert:${alertId}`)).toBe(true);
    expect(new Set(exports.map((entry) => entry.body.bundleSha256))).toEqual(
      new Set([fromApp.bundleSha256]),
    );
    const verified = await run(
      process.execPath,
      ['out/main/cli.js', 'journal', 'verify', '--profile', PROFILE, '--data-dir', dataDir],
      { cwd: ROOT },
    );
    expect(verified.stdout).toMatch(/^The journal is intact: \d+ entries/);
  });

  it('refuses an alert the cache does not hold, and a command line without --out', async () => {
    const missing = await cli(
      'export',
      '--alert',
      'no-such-alert',
      '--out',
      join(temp.path, 'none'),
    ).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing?.code).toBe(1);
    expect(missing?.stderr).toMatch(/Alert no-such-alert is not in the offline cache/);
    const usage = await cli('export', '--alert', alertId).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(usage?.code).toBe(2);
    expect(usage?.stderr).toMatch(/needs --out DIR/);
  });
});
