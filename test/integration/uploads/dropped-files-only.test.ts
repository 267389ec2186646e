import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectedFile } from '../../../preload/contract';
import { startUploadsApp, type UploadsApp } from './app-fixture';

// A script in the window (one that got past the mail sanitizer) must not make CaseDesk read any file
// it names and send it to the service: main files only what the investigator dropped or chose,
// which the preload registered and named by a handle.
describe('files from the window: only what was dropped or chosen', () => {
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

  it('refuses a path named by the window, even from the desktop app', async () => {
    const secret = join(files, 'id_ed25519');
    writeFileSync(secret, '-----BEGIN OPENSSH PRIVATE KEY-----');
    for (const path of ['/etc/passwd', secret]) {
      const inspected = await app.attempt('uploads.inspect', { source: { kind: 'path', path } });
      expect(inspected).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      const requestId = randomUUID();
      const filed = await app.attempt('uploads.file', {
        requestId,
        customerExternalId: customer,
        displayName: 'Not dropped',
        source: { kind: 'path', path },
      });
      expect(filed).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect(app.workspace().outbox.get(requestId)).toBeNull();
    }
  });

  it('files a registered file by its handle, and the handle names nothing else', async () => {
    const path = join(files, 'passport.pdf');
    writeFileSync(path, '%PDF-1.7 passport');
    const source = await app.register(path);
    expect(JSON.stringify(source)).not.toContain(files);
    expect(await app.call<InspectedFile>('uploads.inspect', { source })).toMatchObject({
      fileName: 'passport.pdf',
      size: 17,
    });
    // A made-up handle is no file.
    const guessed = await app.attempt('uploads.inspect', {
      source: { kind: 'staged', token: 'b'.repeat(32) },
    });
    expect(guessed).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses a file of the data folder by its device and inode, whatever the path says', async () => {
    // A hard link outside the data folder is the same file as profiles.json inside it.
    const linked = join(files, 'innocent.pdf');
    linkSync(join(app.dataDir, 'profiles.json'), linked);
    await expect(app.register(linked)).rejects.toThrow(/CaseDesk's own files/);
    // So is a symbolic link to it, and the data folder reached through a linked folder.
    const pointer = join(files, 'pointer.pdf');
    symlinkSync(join(app.dataDir, 'profiles.json'), pointer);
    await expect(app.register(pointer)).rejects.toThrow(/CaseDesk's own files/);
    const folder = join(files, 'linked-folder');
    symlinkSync(app.dataDir, folder);
    await expect(app.register(join(folder, 'profiles.json'))).rejects.toThrow(
      /CaseDesk's own files/,
    );
  });

  it('refuses a registered file swapped for another before it is read', async () => {
    const path = join(files, 'contract.pdf');
    writeFileSync(path, '%PDF-1.7 contract');
    const source = await app.register(path);
    // Another file now has the name: it is not what the investigator dropped.
    const other = join(files, 'other.pdf');
    writeFileSync(other, '%PDF-1.7 something else entirely');
    renameSync(other, path);
    const requestId = randomUUID();
    const filed = await app.attempt('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Contract',
      source,
    });
    expect(filed).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/changed since/) as string },
    });
    expect(app.workspace().outbox.get(requestId)).toBeNull();
  });
});
