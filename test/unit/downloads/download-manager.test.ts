import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadView, ProfileSettings } from '../../../preload/contract';
import type { DownloadResult } from '../../../main/api';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import {
  createDownloadManager,
  type DownloadManagerDeps,
  type DownloadWorkspace,
} from '../../../main/downloads/download-manager';
import { createDownloadedFiles } from '../../../main/downloads/downloaded-files';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore } from '../../../main/local/local-store';
import { makeTempDir } from '../../support/temp-dir';

// The download manager over a real cache and folder, with the service's answers played by the test:
// what it reports, when, and what it leaves on disk.

describe('download manager', () => {
  const temp = makeTempDir('casedesk-download-manager-');
  let db: CacheDb;
  let folder = '';
  let count = 0;
  let downloadFolder: string | null = null;
  let answer: () => DownloadResult = () => {
    throw new Error('no answer set');
  };
  const fetch = vi.fn(() => Promise.resolve(answer()));

  const workspace = (): DownloadWorkspace => ({
    db,
    folder: temp.path,
    client: { documents: { download: fetch }, attachments: { download: fetch } },
  });
  const settings = {
    get: (): Promise<ProfileSettings> =>
      Promise.resolve({ downloadFolder, suggestedDownloadFolder: temp.path, maxUploadMb: 100 }),
  };
  const manager = (options: Partial<DownloadManagerDeps> = {}) => {
    const events: DownloadView[] = [];
    const downloads = createDownloadManager({
      workspace: () => Promise.resolve(workspace()),
      settings,
      emit: (view) => events.push(view),
      markSaved: () => Promise.resolve(true),
      ...options,
    });
    return { downloads, events };
  };
  const content = (body: PassThrough, size: number | null = null): DownloadResult => ({
    kind: 'content',
    mime: 'application/pdf',
    fileName: null,
    size,
    body,
  });
  const request = (id: string, kind: 'document' | 'attachment' = 'document') => ({
    requestId: randomUUID(),
    target: { kind, id },
    acknowledged: false,
  });
  const settledView = async (
    downloads: ReturnType<typeof manager>['downloads'],
    id: string,
  ): Promise<DownloadView | null> => {
    await expect.poll(() => downloads.find(id)?.state).not.toBe('running');
    return downloads.find(id);
  };

  beforeAll(() => {
    db = openCache(join(temp.path, 'cache.db'), silentLogger).db;
    const document = db.prepare(
      `INSERT INTO documents (id, customer_external_id, display_name, file_name, file_type, created_at, raw)
       VALUES (?, 'C-1', ?, ?, ?, 1700000000, ?)`,
    );
    document.run(
      'doc-1',
      'Statement',
      'statement.pdf',
      'pdf',
      JSON.stringify({ file_size: 9, file_source: 'internal' }),
    );
    document.run(
      'doc-ext',
      'Register',
      'register.pdf',
      'pdf',
      JSON.stringify({ file_size: 10, file_source: 'external' }),
    );
  });
  beforeEach(() => {
    count += 1;
    folder = join(temp.path, `downloads-${count}`);
    mkdirSync(folder);
    downloadFolder = folder;
    fetch.mockClear();
  });
  afterAll(() => {
    db.close();
    temp.remove();
  });

  it('reports a started download, then its progress as often as asked, then the saved file', async () => {
    const run = async (progressEveryMs: number) => {
      const body = new PassThrough();
      answer = () => content(body, 9);
      const { downloads, events } = manager({ progressEveryMs });
      const started = await downloads.start(request('doc-1'));
      // One chunk at a time: chunks waiting together would be read as one.
      for (const [index, part] of ['abc', 'def', 'ghi'].entries()) {
        body.write(part);
        await expect.poll(() => downloads.find(started.id)?.received).toBe(3 * (index + 1));
      }
      body.end();
      const saved = await settledView(downloads, started.id);
      return { events, saved };
    };

    const every = await run(0);
    expect(every.events.map((view) => view.received)).toEqual([0, 0, 3, 6, 9, 9]);
    expect(every.events.at(-1)).toEqual(every.saved);
    expect(every.saved).toMatchObject({ state: 'saved', received: 9, total: 9 });
    expect(readFileSync(every.saved?.path ?? '', 'utf8')).toBe('abcdefghi');

    const throttled = await run(60_000);
    expect(throttled.events.map((view) => [view.state, view.received])).toEqual([
      ['running', 0],
      ['running', 0],
      ['saved', 9],
    ]);
  });

  it('cancels while the bytes arrive and leaves nothing in the folder', async () => {
    const body = new PassThrough();
    answer = () => content(body);
    const { downloads } = manager();
    const started = await downloads.start(request('doc-1'));
    await expect.poll(() => fetch.mock.calls.length).toBe(1);
    body.write('first part of the file');
    await expect.poll(() => downloads.find(started.id)?.received).toBeGreaterThan(0);
    expect(readdirSync(folder)).toHaveLength(1);

    const cancelled = await downloads.cancel(started.id);
    expect(cancelled).toMatchObject({ state: 'cancelled', path: null, error: null });
    expect(readdirSync(folder)).toEqual([]);
    expect(body.destroyed).toBe(true);
    // Cancelling what has ended changes nothing.
    await expect(downloads.cancel(started.id)).resolves.toMatchObject({ state: 'cancelled' });
    await expect(downloads.cancel(randomUUID())).rejects.toMatchObject({ code: 'not_found' });
  });

  it('needs no folder for a document held outside the service, and reports its address', async () => {
    downloadFolder = null;
    answer = () => ({ kind: 'redirect', status: 302, location: 'https://files.example/x.pdf' });
    const { downloads } = manager();
    const started = await downloads.start(request('doc-ext'));
    expect(started.state).toBe('running');
    const view = await settledView(downloads, started.id);
    expect(view).toMatchObject({ state: 'external', externalUrl: 'https://files.example/x.pdf' });

    const internal = await downloads.start(request('doc-1'));
    expect(internal.state).toBe('needs_folder');
  });

  it('fails, saving nothing, when a document said to be external sends content and no folder is set', async () => {
    downloadFolder = null;
    const body = new PassThrough();
    answer = () => content(body, 10);
    const { downloads } = manager();
    const started = await downloads.start(request('doc-ext'));
    const view = await settledView(downloads, started.id);
    expect(view?.state).toBe('failed');
    expect(view?.error).toMatch(/choose a folder for downloads in settings/);
    expect(body.destroyed).toBe(true);
  });

  it('keeps a saved file saved when the downloaded mark cannot be written', async () => {
    const body = new PassThrough();
    answer = () => content(body);
    const marked: string[] = [];
    const { downloads } = manager({
      markSaved: (path) => {
        marked.push(path);
        return Promise.reject(new Error('no extended attributes here'));
      },
    });
    const started = await downloads.start(request('doc-1'));
    body.end('content');
    const view = await settledView(downloads, started.id);
    expect(view?.state).toBe('saved');
    expect(marked).toEqual([view?.path]);
  });

  it('records a saved document with its SHA-256 and what the cache said of it, for case files', async () => {
    const opening = openLocalStore(join(temp.path, `local-${count}.db`), silentLogger);
    if (opening.state !== 'open') throw new Error(opening.reason);
    const body = new PassThrough();
    answer = () => content(body, 9);
    const downloads = createDownloadManager({
      workspace: () => Promise.resolve({ ...workspace(), localStore: opening }),
      settings,
      emit: () => undefined,
      markSaved: () => Promise.resolve(true),
    });
    const started = await downloads.start(request('doc-1'));
    body.end('statement');
    const view = await settledView(downloads, started.id);
    expect(view?.state).toBe('saved');
    const kept = createDownloadedFiles(opening.store);
    expect(kept.get({ kind: 'document', id: 'doc-1' })).toMatchObject({
      target: { kind: 'document', id: 'doc-1' },
      customerExternalId: 'C-1',
      displayName: 'Statement',
      fileName: 'statement.pdf',
      path: view?.path,
      savedName: 'statement.pdf',
      bytes: 9,
      sha256: createHash('sha256').update('statement').digest('hex'),
    });
    expect(kept.ofCustomer('C-1').map((file) => file.target.id)).toEqual(['doc-1']);
    opening.store.close();
  });
});
