import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DownloadStartInput,
  type DownloadTargetInput,
  type DownloadView,
} from '../../../preload/contract';
import { createDownloadsHandlers } from '../../../main/bridge/downloads';
import type { DomainHandlers } from '../../../main/bridge/handlers';
import type { Core } from '../../../main/core';
import { silentLogger } from '../../../main/lib/logger';
import { createProfileSettings } from '../../../main/settings/profile-settings';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';
import { syncToEnd } from '../../support/sync-to-end';
import { createTestCore } from '../../support/test-core';

// Downloads of cached documents and attachments from a real sandbox service, through the bridge
// handlers, into a real folder.

const context = { transport: 'browser' } as const;

interface Uploaded {
  id: string;
  file_name: string;
}

describe('downloads of documents and attachments', () => {
  const temp = makeTempDir('casedesk-downloads-');
  const folder = join(temp.path, 'Downloads');
  let t: TestSandbox;
  let core: Core;
  let downloads: DomainHandlers<'downloads'>;
  let recorder: Server;
  let serviceStopped = false;
  const externalHits: string[] = [];
  let recorderUrl = '';
  const uploaded: Record<'report' | 'program' | 'external' | 'doomed', Uploaded> = {
    report: { id: '', file_name: '' },
    program: { id: '', file_name: '' },
    external: { id: '', file_name: '' },
    doomed: { id: '', file_name: '' },
  };
  const reportBytes = randomBytes(1_500_000);

  const call = async <T>(method: string, input?: unknown): Promise<T> => {
    const reply = await core.dispatch(method, input, context);
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
    return reply.value as T;
  };
  const start = (target: DownloadTargetInput, acknowledged = false) =>
    downloads.start(
      DownloadStartInput.parse({ requestId: randomUUID(), target, acknowledged }),
      context,
    );
  /** The download once it is no longer running. */
  const settled = async (view: DownloadView): Promise<DownloadView> => {
    let current = view;
    await expect
      .poll(
        async () => {
          const all = await downloads.list(undefined, context);
          current = all.find((item) => item.id === view.id) ?? current;
          return current.state;
        },
        { timeout: 15_000, interval: 20 },
      )
      .not.toBe('running');
    return current;
  };
  const serviceBytes = async (path: string) => Buffer.from((await t.call('GET', path)).bytes);
  const entries = () => readdirSync(folder).sort();
  const clearFolder = () => {
    for (const name of readdirSync(folder)) rmSync(join(folder, name), { force: true });
  };
  const upload = async (body: Record<string, unknown>): Promise<Uploaded> => {
    const reply = await t.call('POST', '/api/v1/customer_documents/upload', { body });
    expect(reply.status).toBe(200);
    return reply.json<Uploaded>();
  };
  const cachedAttachment = (where: string): { id: string; file_name: string } => {
    const row = core.workspaces
      .workspace()
      ?.db.prepare(`SELECT id, file_name FROM attachments WHERE ${where} ORDER BY id LIMIT 1`)
      .get() as { id: string; file_name: string } | undefined;
    if (!row) throw new Error(`no cached attachment where ${where}`);
    return row;
  };

  beforeAll(async () => {
    recorder = createServer((request, response) => {
      externalHits.push(request.url ?? '');
      response.end('should never be fetched');
    });
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
    recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;

    t = await startTestSandbox({ scale: 40 });
    const customer = (
      t.sandbox.db.prepare('SELECT customer_external_id FROM alerts ORDER BY id LIMIT 1').get() as {
        customer_external_id: string;
      }
    ).customer_external_id;
    const internal = (fileName: string, bytes: Buffer) =>
      upload({
        customer_external_id: customer,
        display_name: fileName,
        file_name: fileName,
        internal: { file_data: bytes.toString('base64') },
      });
    uploaded.report = await internal('Kontoauszug März.pdf', reportBytes);
    uploaded.program = await internal('setup.exe', Buffer.from('MZ not really a program'));
    uploaded.doomed = await internal('withdrawn.pdf', Buffer.from('%PDF-1.7 withdrawn'));
    uploaded.external = await upload({
      customer_external_id: customer,
      display_name: 'Register extract',
      file_name: 'register.pdf',
      external: { file_size: 1234, file_url: `${recorderUrl}/files/register.pdf` },
    });

    core = await createTestCore(join(temp.path, 'app'));
    downloads = createDownloadsHandlers(
      core.workspaces,
      createProfileSettings({ logger: silentLogger, home: temp.path }),
      { chooseFolder: null, showInFolder: null },
      core.events,
    );
    await call('profiles.save', {
      name: 'Sandbox under test',
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      tokenStorage: 'weak',
    });
    expect((await syncToEnd(core.events, () => call('sync.start'))).lastError).toBeNull();
  }, 60_000);

  afterAll(async () => {
    await core.dispose();
    if (serviceStopped) rmSync(t.dataDir, { recursive: true, force: true });
    else await t.close();
    await new Promise<void>((resolve) => recorder.close(() => resolve()));
    temp.remove();
  });

  it('asks for a folder first, and refuses folders that cannot be used, saying why', async () => {
    const first = await start({ kind: 'document', id: uploaded.report.id });
    expect(first).toMatchObject({ state: 'needs_folder', name: 'Kontoauszug März.pdf' });
    expect(first.error).toMatch(/choose a folder for downloads in settings/i);
    expect(await downloads.list(undefined, context)).toEqual([]);

    const refused = async (downloadFolder: string) => {
      const reply = await core.dispatch('settings.save', { downloadFolder }, context);
      if (reply.ok) throw new Error(`${downloadFolder} was accepted`);
      return reply.error;
    };
    expect(await refused('relative/Downloads')).toMatchObject({
      code: 'invalid_input',
      fields: { downloadFolder: 'Give the full path of the folder, e.g. /home/you/Downloads.' },
    });
    expect(await refused(folder)).toMatchObject({
      code: 'invalid_input',
      fields: { downloadFolder: 'This folder does not exist.' },
    });
    const file = join(temp.path, 'a-file.txt');
    writeFileSync(file, 'x');
    expect(await refused(file)).toMatchObject({
      code: 'invalid_input',
      fields: { downloadFolder: 'This is a file, not a folder.' },
    });

    mkdirSync(folder);
    await call('settings.save', { downloadFolder: folder });
  });

  it('saves a document with the bytes the service holds, under a fresh name each time', async () => {
    const events: DownloadView[] = [];
    const stop = core.events.subscribe((name, payload) => {
      if (name === 'downloads.changed') events.push(payload as DownloadView);
    });
    const started = await start({ kind: 'document', id: uploaded.report.id });
    expect(started).toMatchObject({ state: 'running', warnings: [], path: null });
    const first = await settled(started);
    stop();
    expect(first).toMatchObject({
      state: 'saved',
      path: join(realpathSync(folder), 'Kontoauszug März.pdf'),
      received: reportBytes.length,
      total: reportBytes.length,
      error: null,
    });
    const held = await serviceBytes(`/api/v1/customer_documents/${uploaded.report.id}/download`);
    expect(held.equals(reportBytes)).toBe(true);
    expect(readFileSync(first.path ?? '').equals(held)).toBe(true);
    expect(events.at(-1)).toEqual(first);
    expect(events.every((event) => event.id === started.id)).toBe(true);

    const second = await settled(await start({ kind: 'document', id: uploaded.report.id }));
    expect(basename(second.path ?? '')).toBe('Kontoauszug März (2).pdf');
    expect(readFileSync(second.path ?? '').equals(held)).toBe(true);
    expect(entries()).toEqual(['Kontoauszug März (2).pdf', 'Kontoauszug März.pdf']);

    const listed = await downloads.list(undefined, context);
    expect(listed.map((item) => item.id).slice(0, 2)).toEqual([second.id, first.id]);
    await expect(downloads.showInFolder({ id: first.id }, context)).resolves.toEqual({
      handled: false,
      path: first.path,
    });
    clearFolder();
  });

  it('gives the existing download for a request id it has seen, never a second one', async () => {
    const input = DownloadStartInput.parse({
      requestId: randomUUID(),
      target: { kind: 'document', id: uploaded.doomed.id },
    });
    const [a, b] = await Promise.all([
      downloads.start(input, context),
      downloads.start(input, context),
    ]);
    expect(a.id).toBe(b.id);
    await settled(a);
    const again = await downloads.start(input, context);
    expect(again).toMatchObject({ id: a.id, state: 'saved' });
    expect(entries()).toEqual(['withdrawn.pdf']);
    expect((await downloads.list(undefined, context)).filter((d) => d.id === a.id)).toHaveLength(1);
    clearFolder();
  });

  it('warns before saving a dangerous, an unverified or an executable file; a safe one just saves', async () => {
    const dangerous = cachedAttachment('not_dangerous = 0');
    const unverified = cachedAttachment('not_dangerous IS NULL');
    const safe = cachedAttachment(
      "not_dangerous = 1 AND (file_name LIKE '%.pdf' OR file_name LIKE '%.docx')",
    );

    const flagged = await start({ kind: 'attachment', id: dangerous.id });
    expect(flagged.state).toBe('needs_confirmation');
    expect(flagged.warnings).toContain('dangerous');
    const unknown = await start({ kind: 'attachment', id: unverified.id });
    expect(unknown.state).toBe('needs_confirmation');
    expect(unknown.warnings).toContain('unverified');
    const program = await start({ kind: 'document', id: uploaded.program.id });
    expect(program).toMatchObject({ state: 'needs_confirmation', warnings: ['executable'] });
    const listed = await downloads.list(undefined, context);
    expect(listed.map((item) => item.id)).not.toContain(flagged.id);
    expect(listed.map((item) => item.id)).not.toContain(program.id);
    expect(entries()).toEqual([]);

    const acknowledged = await settled(await start({ kind: 'attachment', id: dangerous.id }, true));
    expect(acknowledged.state).toBe('saved');
    const plain = await start({ kind: 'attachment', id: safe.id });
    expect(plain.warnings).toEqual([]);
    const saved = await settled(plain);
    expect(saved.state).toBe('saved');
    const held = await serviceBytes(`/api/v1/chat/attachment/${encodeURIComponent(safe.id)}`);
    expect(readFileSync(saved.path ?? '').equals(held)).toBe(true);
    clearFolder();
  });

  it('shows an external document’s address without following it or saving anything', async () => {
    const view = await settled(await start({ kind: 'document', id: uploaded.external.id }));
    expect(view).toMatchObject({
      state: 'external',
      path: null,
      error: null,
      externalUrl: `${recorderUrl}/files/register.pdf`,
    });
    expect(externalHits).toEqual([]);
    expect(entries()).toEqual([]);
    await expect(downloads.showInFolder({ id: view.id }, context)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('fails clearly and leaves nothing when the connection drops midway', async () => {
    t.sandbox.faults.set({ dropRate: 1 });
    try {
      const view = await settled(await start({ kind: 'document', id: uploaded.report.id }));
      expect(view.state).toBe('failed');
      expect(view.path).toBeNull();
      expect(view.error).toMatch(/connection to the service was lost.*nothing was saved/i);
    } finally {
      t.sandbox.faults.reset();
    }
    expect(entries()).toEqual([]);
  });

  it('cancels a running download, leaving nothing on disk', async () => {
    t.sandbox.faults.set({ latencyMs: 2_000 });
    try {
      const started = await start({ kind: 'document', id: uploaded.report.id });
      expect(started.state).toBe('running');
      const cancelled = await downloads.cancel({ id: started.id }, context);
      expect(cancelled).toMatchObject({ id: started.id, state: 'cancelled', path: null });
      expect(entries()).toEqual([]);
      expect((await downloads.list(undefined, context))[0]).toMatchObject({
        id: started.id,
        state: 'cancelled',
      });
    } finally {
      t.sandbox.faults.reset();
    }
    await expect(downloads.cancel({ id: randomUUID() }, context)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('says when the service no longer has a document', async () => {
    expect(
      (await t.call('DELETE', `/api/v1/customer_documents/${uploaded.doomed.id}`)).status,
    ).toBe(204);
    const view = await settled(await start({ kind: 'document', id: uploaded.doomed.id }));
    expect(view).toMatchObject({ state: 'failed', path: null });
    expect(view.error).toMatch(/service no longer has this document/);
    expect(entries()).toEqual([]);
  });

  it('refuses a file the cache does not hold', async () => {
    await expect(start({ kind: 'attachment', id: 'no-such-attachment' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('asks for a folder again when the chosen one is gone', async () => {
    const gone = join(temp.path, 'Removed later');
    mkdirSync(gone);
    await call('settings.save', { downloadFolder: gone });
    rmSync(gone, { recursive: true });
    const view = await start({ kind: 'document', id: uploaded.report.id });
    expect(view.state).toBe('needs_folder');
    expect(view.error).toMatch(/There is no folder at .*Removed later/);
    await call('settings.save', { downloadFolder: folder });
  });

  it('names the folder, never its path, when saving fails or a saved file is gone', async () => {
    const vanishing = join(temp.path, 'Vanishing folder');
    mkdirSync(vanishing);
    await call('settings.save', { downloadFolder: vanishing });
    try {
      const started = await start({ kind: 'document', id: uploaded.report.id });
      // Gone after the check at start, before the bytes arrive (they need the service to answer).
      rmSync(vanishing, { recursive: true });
      const view = await settled(started);
      expect(view.state).toBe('failed');
      expect(view.error).toContain('Vanishing folder');
      expect(view.error).not.toContain(temp.path);
    } finally {
      await call('settings.save', { downloadFolder: folder });
    }
    const saved = await settled(await start({ kind: 'document', id: uploaded.report.id }));
    expect(saved.state).toBe('saved');
    clearFolder();
    const reply = await Promise.resolve()
      .then(() => downloads.showInFolder({ id: saved.id }, context))
      .then(() => null)
      .catch((error: unknown) => (error as Error).message);
    expect(reply).toContain('Kontoauszug März.pdf');
    expect(reply).not.toContain(temp.path);
  });

  it('says to try again when online when the service cannot be reached', async () => {
    await t.sandbox.close();
    serviceStopped = true;
    const view = await settled(await start({ kind: 'document', id: uploaded.report.id }));
    expect(view.state).toBe('failed');
    expect(view.error).toBe('CaseDesk cannot reach the service; try again when online.');
    expect(entries()).toEqual([]);
  });
});
