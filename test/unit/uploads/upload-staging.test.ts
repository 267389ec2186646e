import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/lib/app-error';
import { createStagingArea, StagingRefused } from '../../../main/uploads/staging-area';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';

describe('the staging folder of the browser host', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let clock = 0;
  const folder = () => join(temp.path, 'staging');
  const area = () =>
    createStagingArea({
      folder: folder(),
      limitBytes: () => Promise.resolve(1024 * 1024),
      logger: silentLogger,
      keepForMs: 60_000,
      now: () => clock,
    });
  const files = () => (existsSync(folder()) ? readdirSync(folder()) : []);
  beforeEach(() => {
    temp = makeTempDir();
    clock = 1_000_000;
  });
  afterEach(() => temp.remove());

  it('writes a body as it arrives, and hands the staged file over once', async () => {
    const staging = area();
    const bytes = randomBytes(100_000);
    const staged = await staging.receive({
      fileName: 'statement.pdf',
      length: bytes.length,
      body: Readable.from([bytes.subarray(0, 30_000), bytes.subarray(30_000)]),
    });
    expect(staged).toMatchObject({ fileName: 'statement.pdf', size: bytes.length });
    expect(staged.token).toMatch(/^[a-f0-9]{32}$/);
    expect(readFileSync(join(folder(), staged.token)).equals(bytes)).toBe(true);
    const taken = await staging.take(staged.token);
    expect(taken.path).toBe(join(folder(), staged.token));
    await expect(staging.take(staged.token)).rejects.toMatchObject({ code: 'not_found' });
    await staging.putBack(taken);
    expect((await staging.find(staged.token)).size).toBe(bytes.length);
  });

  it('lets go of files dropped and never filed once they have waited too long', async () => {
    const staging = area();
    const body = () => Readable.from([Buffer.alloc(100, 7)]);
    const forgotten = await staging.receive({ fileName: 'a.pdf', length: 100, body: body() });
    clock += 30_000;
    const recent = await staging.receive({ fileName: 'b.pdf', length: 100, body: body() });
    clock += 40_000;
    // The first waited 70 s (over the 60 s kept), the second 40 s: any look-up sweeps the first.
    expect((await staging.find(recent.token)).fileName).toBe('b.pdf');
    expect(files()).toEqual([recent.token]);
    await expect(staging.find(forgotten.token)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps nothing of a body longer than declared', async () => {
    const staging = area();
    const refused = staging.receive({
      fileName: 'a.pdf',
      length: 10,
      body: Readable.from([Buffer.alloc(8), Buffer.alloc(8)]),
    });
    await expect(refused).rejects.toBeInstanceOf(StagingRefused);
    await expect(refused).rejects.toMatchObject({ status: 413, code: 'invalid_input' });
    expect(files()).toEqual([]);
  });

  it('keeps nothing of a body that stops short or breaks off', async () => {
    const staging = area();
    await expect(
      staging.receive({ fileName: 'a.pdf', length: 100, body: Readable.from([Buffer.alloc(40)]) }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/Only part of a\.pdf/) as string,
    });
    const broken = new Readable({ read() {} });
    const receiving = staging.receive({ fileName: 'b.pdf', length: 100, body: broken });
    broken.push(Buffer.alloc(40));
    broken.destroy(new Error('connection reset'));
    await expect(receiving).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/b\.pdf did not arrive whole/) as string,
    });
    expect(files()).toEqual([]);
  });

  it('forgets a staged file after a while, and answers not_found for any unknown token', async () => {
    const staging = area();
    const staged = await staging.receive({
      fileName: 'old.pdf',
      length: 3,
      body: Readable.from([Buffer.from('old')]),
    });
    clock += 60_001;
    await expect(staging.find(staged.token)).rejects.toBeInstanceOf(AppError);
    await expect(staging.find(staged.token)).rejects.toMatchObject({ code: 'not_found' });
    expect(files()).toEqual([]);
    await expect(staging.find('not-a-token')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('starts empty: what an earlier run left is removed', async () => {
    const first = area();
    const staged = await first.receive({
      fileName: 'left.pdf',
      length: 4,
      body: Readable.from([Buffer.from('left')]),
    });
    writeFileSync(join(folder(), 'stray'), 'x');
    const second = area();
    await second.clear();
    expect(files()).toEqual([]);
    await expect(second.find(staged.token)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('holds at most four times the upload limit of dropped files, and says so when full', async () => {
    // The limit is 1 MB: three files of 1 MB and one of 900 KB fit, the next does not.
    const staging = area();
    const MB = 1024 * 1024;
    const body = (size: number) => Readable.from([Buffer.alloc(size, 1)]);
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf'])
      await staging.receive({ fileName: name, length: MB, body: body(MB) });
    const fourth = await staging.receive({
      fileName: 'd.pdf',
      length: 900 * 1024,
      body: body(900 * 1024),
    });
    const refused = staging.receive({
      fileName: 'e.pdf',
      length: 200 * 1024,
      body: body(200 * 1024),
    });
    await expect(refused).rejects.toBeInstanceOf(StagingRefused);
    await expect(refused).rejects.toMatchObject({
      status: 413,
      code: 'invalid_input',
      message: expect.stringMatching(
        /already holds 3\.9 MB of dropped files waiting to be filed; e\.pdf \(200 KB\) would take that over 4\.0 MB, four times this profile's upload limit\. File the documents waiting/,
      ) as string,
    });
    expect(files()).toHaveLength(4);
    // Taking one into the outbox frees its room.
    await staging.take(fourth.token);
    await expect(
      staging.receive({ fileName: 'e.pdf', length: 200 * 1024, body: body(200 * 1024) }),
    ).resolves.toMatchObject({ fileName: 'e.pdf' });
  });

  it('counts files still arriving against the quota', async () => {
    const staging = area();
    const MB = 1024 * 1024;
    const slow = new Readable({ read() {} });
    const arriving = staging.receive({ fileName: 'big.pdf', length: 3.5 * MB, body: slow });
    await expect(
      staging.receive({
        fileName: 'next.pdf',
        length: MB,
        body: Readable.from([Buffer.alloc(MB)]),
      }),
    ).rejects.toMatchObject({ status: 413 });
    slow.push(Buffer.alloc(3.5 * MB));
    slow.push(null);
    await expect(arriving).resolves.toMatchObject({ fileName: 'big.pdf' });
  });

  it('names a staged or registered file safely: no bidirectional characters, no parent folder', async () => {
    const staging = area();
    const body = () => Readable.from([Buffer.from('x')]);
    const named = async (fileName: string) =>
      (await staging.receive({ fileName, length: 1, body: body() })).fileName;
    expect(await named('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(await named('..')).toBe('document');
    expect(await named('Relevé bancaire #3.pdf')).toBe('Relevé bancaire #3.pdf');
    // Outside the data folder (the staging folder's parent), which is never filed from.
    const desktop = makeTempDir();
    try {
      const onDisk = join(desktop.path, 'scan\u202Efdp.exe');
      writeFileSync(onDisk, 'x');
      const registered = await staging.register(onDisk);
      expect(registered.fileName).toBe('scanfdp.exe');
      expect((await staging.find(registered.token)).fileName).toBe('scanfdp.exe');
    } finally {
      desktop.remove();
    }
  });
});
