import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DocumentFacets,
  DocumentSearchPage,
  InspectedFile,
  OutboxItemView,
} from '../../../preload/contract';
import { startUploadsApp, type UploadsApp } from './app-fixture';

describe('filing documents through the bridge', () => {
  let app: UploadsApp;
  let files = '';
  let customer = '';
  const write = (name: string, bytes: Buffer | string) => {
    const path = join(files, name);
    writeFileSync(path, bytes);
    return path;
  };
  const copies = () => {
    const folder = app.workspace().outbox.filesDir;
    return existsSync(folder) ? readdirSync(folder) : [];
  };
  const search = (filter: Record<string, unknown>) =>
    app.call<DocumentSearchPage>('documents.search', { filter, limit: 200 });

  beforeAll(async () => {
    app = await startUploadsApp();
    files = join(app.temp.path, 'desktop');
    mkdirSync(files);
    customer = app.customerWithDocuments();
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  describe('uploads.inspect', () => {
    const refusal = async (path: string) => {
      const reply = await app.inspectDropped(path);
      if (reply.ok) throw new Error(`${path} was accepted`);
      return reply.error;
    };

    it('answers a readable file’s name and size, with the profile’s limit', async () => {
      const path = write('passport.pdf', '%PDF-1.7 passport');
      expect(
        await app.call<InspectedFile>('uploads.inspect', { source: await app.register(path) }),
      ).toEqual({ fileName: 'passport.pdf', size: 17, limitBytes: 100 * 1024 * 1024 });
    });

    it('takes a path only from the desktop app, and never files CaseDesk’s own files', async () => {
      const path = write('bank-statement.pdf', '%PDF-1.7 statement');
      const requestId = randomUUID();
      const fromBrowser = await app.attempt(
        'uploads.file',
        {
          requestId,
          customerExternalId: customer,
          displayName: 'Bank statement',
          source: { kind: 'path', path },
        },
        'browser',
      );
      expect(fromBrowser).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', message: expect.stringMatching(/desktop app/) as string },
      });
      const inspectFromBrowser = await app.attempt(
        'uploads.inspect',
        { source: { kind: 'path', path } },
        'browser',
      );
      expect(inspectFromBrowser.ok).toBe(false);
      // The profiles file sits in CaseDesk's data folder, with every profile's address.
      const own = join(app.dataDir, 'profiles.json');
      expect(await refusal(own)).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/CaseDesk's own files/) as string,
      });
      expect(app.workspace().outbox.get(requestId)).toBeNull();
    });

    it('refuses, saying what to do, a missing file, a folder, an empty file and a file that cannot be opened', async () => {
      expect(await refusal(join(files, 'moved-away.pdf'))).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/no file at .*moved-away\.pdf.*drop it again/) as string,
      });
      const folder = join(files, 'scans');
      mkdirSync(folder);
      expect(await refusal(folder)).toMatchObject({
        code: 'invalid_input',
        message: 'scans is a folder: drop the files inside it.',
      });
      expect(await refusal(write('empty.pdf', ''))).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/empty\.pdf is empty/) as string,
      });
      // Permissions cannot make a file unreadable here (tests run as root): a symbolic link that
      // points at itself exists, and opening it fails all the same.
      const loop = join(files, 'loop.pdf');
      symlinkSync(loop, loop);
      expect(await refusal(loop)).toMatchObject({
        code: 'invalid_input',
        message: expect.stringMatching(/could not open .*loop\.pdf.*symbolic links/) as string,
      });
      expect(await refusal('relative/statement.pdf')).toMatchObject({ code: 'invalid_input' });
    });

    it('refuses a file over the profile’s limit before anything is copied', async () => {
      await app.call('settings.save', { maxUploadMb: 1 });
      try {
        const path = write('large.bin', '');
        await truncate(path, 1024 * 1024 + 1);
        expect(await refusal(path)).toMatchObject({
          code: 'invalid_input',
          message: expect.stringMatching(
            /large\.bin is 1\.0 MB, over this profile's upload limit of 1\.0 MB: raise the limit in Settings/,
          ) as string,
        });
        const filed = await app.attempt('uploads.file', {
          requestId: randomUUID(),
          customerExternalId: customer,
          displayName: 'Too large',
          source: await app.register(path),
        });
        expect(filed).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
        expect(copies()).toEqual([]);
      } finally {
        await app.call('settings.save', { maxUploadMb: 100 });
      }
    });

    it('answers not_found for a staged file it does not hold', async () => {
      const reply = await app.attempt('uploads.inspect', {
        source: { kind: 'staged', token: 'a'.repeat(32) },
      });
      expect(reply).toMatchObject({ ok: false, error: { code: 'not_found' } });
    });
  });

  it('files a document: copied, sent, in the service and in the cache, its copy removed', async () => {
    const bytes = randomBytes(300_000);
    const path = write('statement.pdf', bytes);
    const requestId = randomUUID();
    const eventsBefore = app.events.length;
    const queued = await app.call<OutboxItemView>('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Bank statement',
      tagCodes: ['statement'],
      source: await app.register(path),
    });
    expect(queued).toMatchObject({ id: requestId, kind: 'document.upload' });
    expect(queued.summary).toContain('“Bank statement”');
    const done = await app.settle(requestId, 'done');
    expect(done.attempts).toBe(1);

    const filed = await app.serviceDocuments(customer, 'statement.pdf');
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ display_name: 'Bank statement', tags: ['statement'] });
    expect((await app.serviceBytes(filed[0]?.id ?? '')).equals(bytes)).toBe(true);
    const cached = await search({ customerExternalId: customer, fileName: 'statement.pdf' });
    expect(cached.rows).toEqual([
      expect.objectContaining({ id: filed[0]?.id, displayName: 'Bank statement', pending: null }),
    ]);
    expect(cached.pendingUploads).toEqual([]);
    expect(copies()).toEqual([]);
    // Screens hear of it: the badge on every change, the documents list when the cache has it.
    const heard = app.events.slice(eventsBefore);
    expect(heard.filter((event) => event.name === 'outbox.changed').length).toBeGreaterThanOrEqual(
      3,
    );
    expect(heard.filter((event) => event.name === 'outbox.changed').at(-1)?.payload).toEqual({
      pending: 0,
      failed: 0,
    });
    expect(heard).toContainEqual({ name: 'cache.changed', payload: { tables: ['documents'] } });

    const phases = app.progress
      .filter((progress) => progress.requestId === requestId)
      .map((progress) => progress.phase);
    expect(phases[0]).toBe('copying');
    expect(phases).toContain('queued');
    expect(phases).toContain('sending');
    expect(phases.at(-1)).toBe('done');
    expect(
      app.progress.find(
        (progress) => progress.requestId === requestId && progress.phase === 'done',
      ),
    ).toMatchObject({ done: bytes.length, total: bytes.length });

    // The same request again is the same upload: nothing more is filed.
    const again = await app.call<OutboxItemView>('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Bank statement',
      source: await app.register(path),
    });
    expect(again).toMatchObject({ id: requestId, state: 'done' });
    expect(await app.serviceDocuments(customer, 'statement.pdf')).toHaveLength(1);
  });

  it('files an external reference without bytes', async () => {
    const requestId = randomUUID();
    await app.call('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Registry extract',
      source: {
        kind: 'external',
        url: 'https://registry.example/extracts/extract-991.pdf',
        size: 4096,
      },
    });
    await app.settle(requestId, 'done');
    const filed = await app.serviceDocuments(customer, 'extract-991.pdf');
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ file_size: 4096, display_name: 'Registry extract' });
  });

  it('refuses a customer the cache does not hold', async () => {
    const reply = await app.attempt('uploads.file', {
      requestId: randomUUID(),
      customerExternalId: 'NO-SUCH-CUSTOMER',
      displayName: 'Passport',
      source: await app.register(write('orphan.pdf', 'x')),
    });
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: expect.stringMatching(/NO-SUCH-CUSTOMER/) as string },
    });
    expect(copies()).toEqual([]);
  });

  it('files offline: queued, shown pending, kept when the original goes, delivered once when the service is back', async () => {
    const bytes = randomBytes(120_000);
    const path = write('offline-passport.pdf', bytes);
    await app.stopService();
    const requestId = randomUUID();
    await app.call('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Passport (offline)',
      tagCodes: ['passport'],
      source: await app.register(path),
    });
    // The original may move or go: the copy is what will be sent.
    rmSync(path);
    await app.workspace().replayer.replay();
    const pending = await search({ customerExternalId: customer });
    expect(pending.pendingUploads).toEqual([
      expect.objectContaining({
        outboxId: requestId,
        displayName: 'Passport (offline)',
        fileName: 'offline-passport.pdf',
        fileSize: bytes.length,
        tags: ['passport'],
        external: false,
        state: 'queued',
      }),
    ]);
    expect(pending.pendingUploads[0]?.lastError).toBeTruthy();
    expect((await search({ customerExternalId: 'SOMEONE-ELSE' })).pendingUploads).toEqual([]);
    expect(copies()).toEqual([requestId]);

    await app.startService();
    const status = await app.sync();
    expect(status.lastError).toBeNull();
    await app.settle(requestId, 'done');
    const filed = await app.serviceDocuments(customer, 'offline-passport.pdf');
    expect(filed).toHaveLength(1);
    expect((await app.serviceBytes(filed[0]?.id ?? '')).equals(bytes)).toBe(true);
    const after = await search({ customerExternalId: customer, fileName: 'offline-passport.pdf' });
    expect(after.pendingUploads).toEqual([]);
    expect(after.rows.map((row) => row.id)).toEqual([filed[0]?.id]);
    expect(copies()).toEqual([]);
  });

  it('edits and deletes through the outbox: pending while offline, then in the service and the cache', async () => {
    const [first, second] = (await search({ customerExternalId: customer })).rows;
    if (!first || !second) throw new Error('the customer needs two documents');
    await app.stopService();
    const rename = await app.call<OutboxItemView>('documents.update', {
      id: first.id,
      displayName: 'Utility bill (renamed)',
      tagCodes: ['proof_of_address'],
    });
    expect(rename.summary).toBe(
      `Rename “${first.displayName}” to “Utility bill (renamed)”, with tags proof_of_address`,
    );
    const removal = await app.call<OutboxItemView>('documents.remove', { id: second.id });
    expect(removal.summary).toBe(`Delete “${second.displayName}”`);
    // Deleting twice is one deletion; editing what waits to be deleted is refused.
    expect((await app.call<OutboxItemView>('documents.remove', { id: second.id })).id).toBe(
      removal.id,
    );
    expect(
      await app.attempt('documents.update', { id: second.id, displayName: 'Too late' }),
    ).toMatchObject({ ok: false, error: { code: 'conflict' } });
    await app.workspace().replayer.replay();

    const offline = await search({ customerExternalId: customer });
    expect(offline.rows.find((row) => row.id === first.id)).toMatchObject({
      displayName: 'Utility bill (renamed)',
      tags: ['proof_of_address'],
      pending: { outboxId: rename.id, kind: 'update', state: 'queued' },
    });
    expect(offline.rows.find((row) => row.id === second.id)).toMatchObject({
      pending: { outboxId: removal.id, kind: 'delete' },
    });

    await app.startService();
    await app.settle(rename.id, 'done');
    await app.settle(removal.id, 'done');
    const service = app.service().db;
    expect(
      service.prepare('SELECT display_name FROM documents WHERE id = ?').get(first.id),
    ).toEqual({ display_name: 'Utility bill (renamed)' });
    expect(service.prepare('SELECT 1 FROM documents WHERE id = ?').get(second.id)).toBeUndefined();
    const online = await search({ customerExternalId: customer });
    expect(online.rows.find((row) => row.id === first.id)).toMatchObject({
      displayName: 'Utility bill (renamed)',
      tags: ['proof_of_address'],
      pending: null,
    });
    expect(online.rows.some((row) => row.id === second.id)).toBe(false);
    expect(online.total).toBe(offline.total - 1);
  });

  it('refuses to edit or delete a document the cache does not hold', async () => {
    expect(
      await app.attempt('documents.update', { id: 'no-such-document', displayName: 'x' }),
    ).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await app.attempt('documents.remove', { id: 'no-such-document' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('searches by whole UTC days and answers the tags and file types in use, most used first', async () => {
    const all = await search({ customerExternalId: customer });
    const newest = all.rows[0];
    if (!newest?.createdAt) throw new Error('no dated document');
    const day = newest.createdAt.slice(0, 10);
    const thatDay = await search({
      customerExternalId: customer,
      createdFrom: day,
      createdTo: day,
    });
    expect(thatDay.rows.map((row) => row.id)).toContain(newest.id);
    expect(thatDay.rows.every((row) => row.createdAt?.startsWith(day))).toBe(true);
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - 1000).toISOString().slice(0, 10);
    expect(
      (await search({ customerExternalId: customer, createdTo: before })).rows.map((row) => row.id),
    ).not.toContain(newest.id);

    const facets = await app.call<DocumentFacets>('documents.facets');
    expect(facets.tags.length).toBeGreaterThan(0);
    const counts = facets.tags.map((tag) => tag.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const [top] = facets.tags;
    const withTop = await app.call<DocumentSearchPage>('documents.search', {
      filter: { tags: [top?.value ?? ''] },
      limit: 1,
    });
    expect(withTop.total).toBe(top?.count);
    expect(facets.fileTypes.find((type) => type.value === 'pdf')?.count).toBeGreaterThan(0);
  });
});
