import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DocumentSearchPage,
  InspectedFile,
  OutboxItemView,
  Result,
  StagedFile,
} from '../../preload/contract';
import { startBrowserHost, type BrowserHost } from '../../main/host/browser-host';
import { silentLogger } from '../../main/lib/logger';
import { PAGE_SECRET_HEADER, rawRequest, signIn } from '../support/raw-http';
import { startUploadsApp, type UploadsApp } from './uploads/app-fixture';

/** POST /files as the renderer sends it (XMLHttpRequest), with whatever headers a test wants. */
function postFile(options: {
  port: number;
  headers: Record<string, string>;
  chunks: Buffer[];
}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: '/files',
        method: 'POST',
        headers: { host: `127.0.0.1:${options.port}`, ...options.headers },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    for (const chunk of options.chunks) req.write(chunk);
    req.end();
  });
}

describe('browser host: dropped files streamed to the staging folder', () => {
  let app: UploadsApp;
  let host: BrowserHost;
  let cookie = '';
  let page = '';
  const staging = () => join(app.dataDir, 'staging');
  const staged = () => (existsSync(staging()) ? readdirSync(staging()) : []);
  const fileHeaders = (name: string, length: number, extra: Record<string, string> = {}) => ({
    cookie,
    [PAGE_SECRET_HEADER]: page,
    origin: host.origin,
    'content-type': 'application/octet-stream',
    'x-casedesk-file-name': encodeURIComponent(name),
    'content-length': String(length),
    ...extra,
  });
  const bridge = async <T>(method: string, input: unknown): Promise<Result<T>> => {
    const response = await rawRequest({
      port: host.port,
      path: `/bridge/${method}`,
      method: 'POST',
      headers: {
        cookie,
        [PAGE_SECRET_HEADER]: page,
        origin: host.origin,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ input }),
    });
    return JSON.parse(response.body) as Result<T>;
  };
  /** The staging folder once it holds `count` files, or as it is after a few seconds. */
  const stagedCount = async (count: number) => {
    for (let round = 0; round < 250 && staged().length !== count; round += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return staged();
  };

  beforeAll(async () => {
    app = await startUploadsApp({ seed: 31 });
    // Left by an earlier run: nothing waits for it now.
    mkdirSync(staging(), { recursive: true });
    writeFileSync(join(staging(), 'f'.repeat(32)), 'left over');
    const rendererDir = join(app.temp.path, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>CaseDesk</title>');
    host = await startBrowserHost({
      rendererDir,
      dispatch: app.core.dispatch,
      events: app.core.events,
      logger: silentLogger,
      staging: app.core.staging,
    });
    ({ cookie, page } = await signIn(host.url));
  }, 60_000);
  afterAll(async () => {
    await host.close();
    await app.close();
  });

  it('removes what an earlier run left in the staging folder when it starts', () => {
    expect(staged()).toEqual([]);
  });

  it('streams a file to disk with its bytes, then files it from there (moved, not copied)', async () => {
    const bytes = randomBytes(2 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: 8 }, (_, index) =>
      bytes.subarray(
        Math.floor((index * bytes.length) / 8),
        Math.floor(((index + 1) * bytes.length) / 8),
      ),
    );
    const response = await postFile({
      port: host.port,
      headers: fileHeaders('Relevé bancaire #3.pdf', bytes.length),
      chunks,
    });
    expect(response.status).toBe(200);
    const answer = JSON.parse(response.body) as Result<StagedFile>;
    if (!answer.ok) throw new Error(answer.error.message);
    expect(answer.value).toEqual({
      token: expect.stringMatching(/^[a-f0-9]{32}$/) as string,
      fileName: 'Relevé bancaire #3.pdf',
      size: bytes.length,
    });
    const path = join(staging(), answer.value.token);
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);

    const source = { kind: 'staged', token: answer.value.token };
    expect(await bridge<InspectedFile>('uploads.inspect', { source })).toEqual({
      ok: true,
      value: {
        fileName: 'Relevé bancaire #3.pdf',
        size: bytes.length,
        limitBytes: 100 * 1024 * 1024,
      },
    });
    const customer = app.customerWithDocuments();
    const requestId = randomUUID();
    const filed = await bridge<OutboxItemView>('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Bank statement',
      source,
    });
    expect(filed).toMatchObject({ ok: true, value: { id: requestId } });
    expect(staged()).toEqual([]);
    // Taken once: the token names nothing now.
    expect(await bridge('uploads.inspect', { source })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    await app.settle(requestId, 'done');
    const [document] = await app.serviceDocuments(customer, 'Relevé bancaire #3.pdf');
    expect(document?.file_size).toBe(bytes.length);
    expect(
      createHash('sha256')
        .update(await app.serviceBytes(document?.id ?? ''))
        .digest('hex'),
    ).toBe(createHash('sha256').update(bytes).digest('hex'));
    const cached = await bridge<DocumentSearchPage>('documents.search', {
      filter: { customerExternalId: customer, fileName: 'Relevé bancaire' },
    });
    expect(cached).toMatchObject({ ok: true, value: { total: 1 } });
  });

  it('refuses a file over the profile’s limit with 413 before reading it', async () => {
    await app.call('settings.save', { maxUploadMb: 1 });
    try {
      // Declared over the limit, and only a little sent: the answer does not wait for the rest.
      const response = await postFile({
        port: host.port,
        headers: fileHeaders('scan.tiff', 2 * 1024 * 1024),
        chunks: [Buffer.alloc(1024)],
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.body)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: expect.stringMatching(
            /scan\.tiff is 2\.0 MB, over this profile's upload limit of 1\.0 MB/,
          ) as string,
        },
      });
      expect(staged()).toEqual([]);
    } finally {
      await app.call('settings.save', { maxUploadMb: 100 });
    }
  });

  it('refuses a file sent without its length with 411', async () => {
    const headers: Record<string, string> = fileHeaders('notes.txt', 5, {
      'transfer-encoding': 'chunked',
    });
    delete headers['content-length'];
    const response = await postFile({ port: host.port, headers, chunks: [Buffer.from('notes')] });
    expect(response.status).toBe(411);
    expect(JSON.parse(response.body)).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(staged()).toEqual([]);
  });

  it('keeps nothing of a file whose body ends short', async () => {
    const socket = connect(host.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        'POST /files HTTP/1.1',
        `Host: 127.0.0.1:${host.port}`,
        `Origin: ${host.origin}`,
        `Cookie: ${cookie}`,
        `X-CaseDesk-Page: ${page}`,
        'Content-Type: application/octet-stream',
        'X-CaseDesk-File-Name: half.pdf',
        'Content-Length: 100000',
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(Buffer.alloc(40_000, 1));
    // Written as it arrives: the file is there before its body ends.
    expect(await stagedCount(1)).toHaveLength(1);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.end();
    expect(await stagedCount(0)).toEqual([]);
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('refuses files without a session, from another origin, or of another type', async () => {
    const body = [Buffer.from('evidence')];
    const noSession = await postFile({
      port: host.port,
      headers: fileHeaders('a.txt', 8, { cookie: '' }),
      chunks: body,
    });
    expect(noSession.status).toBe(401);
    const foreign = await postFile({
      port: host.port,
      headers: fileHeaders('a.txt', 8, { origin: 'http://evil.example' }),
      chunks: body,
    });
    expect(foreign.status).toBe(403);
    const noOrigin: Record<string, string> = fileHeaders('a.txt', 8);
    delete noOrigin.origin;
    expect((await postFile({ port: host.port, headers: noOrigin, chunks: body })).status).toBe(403);
    const form = await postFile({
      port: host.port,
      headers: fileHeaders('a.txt', 8, { 'content-type': 'multipart/form-data; boundary=x' }),
      chunks: body,
    });
    expect(form.status).toBe(415);
    const unnamed = await postFile({
      port: host.port,
      headers: fileHeaders('', 8),
      chunks: body,
    });
    expect(unnamed.status).toBe(400);
    const empty = await postFile({
      port: host.port,
      headers: fileHeaders('empty.txt', 0),
      chunks: [],
    });
    expect(empty.status).toBe(400);
    expect(staged()).toEqual([]);
  });

  it('holds at most four times the upload limit of dropped files, and refuses more with a reason', async () => {
    await app.call('settings.save', { maxUploadMb: 1 });
    try {
      const MB = 1024 * 1024;
      for (const name of ['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']) {
        const accepted = await postFile({
          port: host.port,
          headers: fileHeaders(name, MB),
          chunks: [randomBytes(MB)],
        });
        expect(accepted.status).toBe(200);
      }
      const refused = await postFile({
        port: host.port,
        headers: fileHeaders('one-more.pdf', 1024),
        chunks: [Buffer.alloc(1024)],
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toMatchObject({
        ok: false,
        error: {
          code: 'invalid_input',
          message: expect.stringMatching(
            /already holds 4\.0 MB of dropped files waiting to be filed; one-more\.pdf .* four times this profile's upload limit/,
          ) as string,
        },
      });
      expect(await stagedCount(4)).toHaveLength(4);
    } finally {
      await app.core.staging.clear();
      await app.call('settings.save', { maxUploadMb: 100 });
    }
  });
});
