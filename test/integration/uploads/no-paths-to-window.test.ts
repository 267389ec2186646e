import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItemView } from '../../../preload/contract';
import { startUploadsApp, type UploadsApp } from './app-fixture';

// What the window hears of a file that could not be taken, copied or sent names the file as the
// investigator knows it, never where it lies on disk: a script in the window learns no folder
// names (the user's, CaseDesk's data folder, its outbox copies) from an error.
describe('messages about files reach the window without paths', () => {
  let app: UploadsApp;
  let files = '';
  let customer = '';

  beforeAll(async () => {
    app = await startUploadsApp();
    files = join(app.temp.path, 'desktop');
    mkdirSync(files);
    customer = app.customerWithDocuments();
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  const expectNoPath = (message: string | null | undefined, name: string) => {
    expect(message).toEqual(expect.any(String));
    for (const folder of [app.temp.path, app.dataDir, files, homedir()])
      expect(message).not.toContain(folder);
    expect(message).not.toMatch(/(^|[\s(“"'])\/(tmp|home|root|etc|var)\b/);
    expect(message).toContain(name);
  };

  it('a file that vanished after it was registered', async () => {
    const path = join(files, 'vanished-statement.pdf');
    writeFileSync(path, '%PDF-1.7 statement');
    const source = await app.register(path);
    rmSync(path);
    const inspected = await app.attempt('uploads.inspect', { source });
    expect(inspected.ok).toBe(false);
    if (!inspected.ok) expectNoPath(inspected.error.message, 'vanished-statement.pdf');
  });

  it('a file that cannot be opened, dropped or registered', async () => {
    // A symbolic link that leads to itself cannot be opened, by anyone.
    const loop = join(files, 'looping-scan.pdf');
    symlinkSync(loop, loop);
    const dropped = await app.inspectDropped(loop);
    expect(dropped.ok).toBe(false);
    if (!dropped.ok) expectNoPath(dropped.error.message, 'looping-scan.pdf');
    const missing = await app.inspectDropped(join(files, 'never-there.pdf'));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expectNoPath(missing.error.message, 'never-there.pdf');
  });

  it('a file inside the data folder, by any name', async () => {
    for (const name of ['profiles.json', 'not-there.pdf']) {
      const refused = await app.inspectDropped(join(app.dataDir, name));
      expect(refused.ok).toBe(false);
      if (!refused.ok) expectNoPath(refused.error.message, name);
    }
  });

  it('a copy for sending that could not be kept', async () => {
    const path = join(files, 'kept-contract.pdf');
    writeFileSync(path, '%PDF-1.7 contract');
    const source = await app.register(path);
    // The outbox's folder of copies cannot be made: a file has its name.
    const filesDir = app.workspace().outbox.filesDir;
    rmSync(filesDir, { recursive: true, force: true });
    writeFileSync(filesDir, 'in the way');
    try {
      const filed = await app.attempt('uploads.file', {
        requestId: randomUUID(),
        customerExternalId: customer,
        displayName: 'Contract',
        source,
      });
      expect(filed.ok).toBe(false);
      if (!filed.ok) expectNoPath(filed.error.message, 'kept-contract.pdf');
      const failed = app.progress.filter((event) => event.phase === 'failed').at(-1);
      expectNoPath(failed?.error, 'kept-contract.pdf');
    } finally {
      rmSync(filesDir, { force: true });
      mkdirSync(filesDir, { recursive: true });
    }
  });

  it('a copy for sending gone before it was sent', async () => {
    const path = join(files, 'lost-invoice.pdf');
    writeFileSync(path, '%PDF-1.7 invoice');
    const source = await app.register(path);
    await app.stopService();
    const requestId = randomUUID();
    try {
      await app.call('uploads.file', {
        requestId,
        customerExternalId: customer,
        displayName: 'Invoice',
        source,
      });
      const item = app.workspace().outbox.get(requestId);
      const payload = item?.payload as { source: { path: string } };
      rmSync(payload.source.path);
    } finally {
      await app.startService();
    }
    const failed = await app.settle(requestId, 'failed');
    expectNoPath(failed.lastError, 'Invoice');
    const listed = await app.call<OutboxItemView[]>('outbox.list');
    expectNoPath(listed.find((entry) => entry.id === requestId)?.lastError, 'Invoice');
  });

  it('any message naming the data folder reaches the window without it', async () => {
    // A folder the investigator types is echoed back; inside the data folder, it is not named.
    const refused = await app.attempt('settings.save', {
      downloadFolder: join(app.dataDir, 'no-such-folder'),
    });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expectNoPath(refused.error.message, 'no-such-folder');
  });
});
