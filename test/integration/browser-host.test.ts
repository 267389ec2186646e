import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, type MethodName } from '../../preload/contract';
import { createCore, type Core } from '../../main/core';
import { startBrowserHost, type BrowserHost } from '../../main/host/browser-host';
import { silentLogger } from '../../main/lib/logger';
import { startFakeService, type FakeService } from '../support/fake-service';
import { PAGE_SECRET_HEADER, navigation, rawRequest, readEventStream } from '../support/raw-http';
import { makeTempDir } from '../support/temp-dir';

describe('browser host', () => {
  const temp = makeTempDir();
  const rendererDir = join(temp.path, 'renderer');
  let core: Core;
  let host: BrowserHost;
  let service: FakeService;
  let cookie = '';
  let page = '';

  const secret = () => new URL(host.url).searchParams.get('secret') ?? '';
  const bridge = (method: string, input: unknown, headers: Record<string, string> = {}) =>
    rawRequest({
      port: host.port,
      path: `/bridge/${method}`,
      method: 'POST',
      headers: {
        cookie,
        [PAGE_SECRET_HEADER]: page,
        origin: host.origin,
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify({ input }),
    });

  beforeAll(async () => {
    mkdirSync(join(rendererDir, 'assets'), { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>CaseDesk</title>');
    writeFileSync(join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(temp.path, 'tokens.json'), '{"not":"served"}');
    service = await startFakeService();
    core = await createCore({
      dataDir: join(temp.path, 'data'),
      version: 'test',
      logger: silentLogger,
      cipher: null,
      openExternal: null,
      sandbox: null,
    });
    host = await startBrowserHost({
      rendererDir,
      dispatch: core.dispatch,
      events: core.events,
      logger: silentLogger,
    });
  });
  afterAll(async () => {
    await host.close();
    await core.dispose();
    await service.close();
    temp.remove();
  });

  it('listens on 127.0.0.1 only, with a one-time secret in the URL', () => {
    expect(host.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]{30,}$/);
  });

  it('refuses everything without a session', async () => {
    expect((await rawRequest({ port: host.port, path: '/' })).status).toBe(401);
    expect((await rawRequest({ port: host.port, path: '/assets/app.js' })).status).toBe(401);
    const call = await rawRequest({
      port: host.port,
      path: '/bridge/profiles.list',
      method: 'POST',
      headers: { origin: host.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(call.status).toBe(401);
    expect(call.body).not.toContain('"ok":true');
  });

  it('refuses a wrong secret', async () => {
    const response = await rawRequest({ port: host.port, path: '/?secret=not-the-secret' });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign Host, even with the right secret (DNS rebinding)', async () => {
    const response = await rawRequest({
      port: host.port,
      path: `/?secret=${secret()}`,
      headers: { host: `rebind.attacker.example:${host.port}` },
    });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a foreign Origin, even with the right secret', async () => {
    const response = await rawRequest({
      port: host.port,
      path: `/?secret=${secret()}`,
      headers: { origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('exchanges the right secret once for an HttpOnly, SameSite=Strict cookie', async () => {
    const response = await rawRequest({ port: host.port, path: `/?secret=${secret()}` });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe('/');
    const setCookie = response.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    cookie = setCookie.split(';')[0] ?? '';
    expect((await rawRequest({ port: host.port, path: `/?secret=${secret()}` })).status).toBe(403);
  });

  const pageOf = (body: string) =>
    /<meta name="casedesk-page" content="([\w-]{30,})">/.exec(body)?.[1] ?? '';
  const profilesList = (pageSecret: string) =>
    bridge('profiles.list', undefined, { [PAGE_SECRET_HEADER]: pageSecret });

  it('gives no secret to a page another port of 127.0.0.1, another site or a frame asks for', async () => {
    const asked = [
      {},
      navigation('same-site'),
      navigation('cross-site'),
      { ...navigation('same-origin'), 'sec-fetch-dest': 'iframe' },
      { ...navigation('same-origin'), 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' },
    ];
    for (const headers of asked) {
      const served = await rawRequest({
        port: host.port,
        path: '/',
        headers: { cookie, ...headers },
      });
      expect(served.status).toBe(200);
      expect(served.body).not.toContain('casedesk-page');
    }
  });

  it('gives the page opened with the link the secret, once: those asks did not use it up', async () => {
    const first = await rawRequest({
      port: host.port,
      path: '/',
      headers: { cookie, ...navigation('none') },
    });
    page = pageOf(first.body);
    expect(page).not.toBe('');
    expect(first.body).toContain('<title>CaseDesk</title>');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(JSON.parse((await profilesList(page)).body)).toMatchObject({ ok: true });
  });

  it('never hands the secret out again, even to a request that says it is a page of this origin', async () => {
    // A process outside the browser holding the cookie (it is sent to every port of 127.0.0.1) can
    // send any Fetch Metadata it likes; a reload of the tab gets its secret from the page it
    // replaces, not from the host.
    for (const site of ['none', 'same-origin'] as const) {
      const again = await rawRequest({
        port: host.port,
        path: '/',
        headers: { cookie, ...navigation(site) },
      });
      expect(again.status).toBe(200);
      expect(again.body).not.toContain(page);
      expect(again.body).not.toContain('casedesk-page');
    }
    // The page that has it keeps working.
    expect(JSON.parse((await profilesList(page)).body)).toMatchObject({ ok: true });
  });

  it('refuses the cookie alone: bridge calls, files and events need the page secret', async () => {
    for (const secret of [undefined, 'not-the-page-secret', '']) {
      const headers: Record<string, string> = {
        cookie,
        origin: host.origin,
        'content-type': 'application/json',
      };
      if (secret !== undefined) headers[PAGE_SECRET_HEADER] = secret;
      const call = await rawRequest({
        port: host.port,
        path: '/bridge/profiles.list',
        method: 'POST',
        headers,
        body: '{}',
      });
      expect(call.status).toBe(403);
      expect(call.body).not.toContain('"ok":true');
      const file = await rawRequest({
        port: host.port,
        path: '/files',
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/octet-stream',
          'x-casedesk-file-name': 'a.txt',
        },
        body: 'abc',
      });
      expect(file.status).toBe(403);
      const events = await readEventStream({
        port: host.port,
        cookie,
        ...(secret === undefined ? {} : { page: secret }),
        until: () => true,
        timeoutMs: 1_000,
      });
      expect(events.status).toBe(403);
      expect(events.text).not.toContain(': connected');
    }
    // With it, the same call is answered.
    expect(JSON.parse((await bridge('profiles.list', undefined)).body)).toMatchObject({ ok: true });
  });

  it('serves the renderer with a strict content security policy, and nothing outside it', async () => {
    const page = await rawRequest({ port: host.port, path: '/', headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>CaseDesk</title>');
    expect(page.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(page.headers['content-security-policy']).toMatch(/connect-src 'self'/);
    for (const path of [
      '/../tokens.json',
      '/%2e%2e/tokens.json',
      '/..%2ftokens.json',
      '/assets/../../tokens.json',
    ]) {
      const response = await rawRequest({ port: host.port, path, headers: { cookie } });
      expect(response.body).not.toContain('not');
      expect([404, 401, 403]).toContain(response.status);
    }
  });

  it('refuses bridge calls from another origin or with no origin, even with the cookie', async () => {
    expect(
      (await bridge('profiles.list', undefined, { origin: 'http://evil.example' })).status,
    ).toBe(403);
    expect(
      (await bridge('profiles.list', undefined, { origin: `http://127.0.0.1:${host.port + 1}` }))
        .status,
    ).toBe(403);
    const noOrigin = await rawRequest({
      port: host.port,
      path: '/bridge/profiles.list',
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noOrigin.status).toBe(403);
  });

  it('refuses unknown methods, malformed bodies and other content types with a clear code', async () => {
    const unknown = JSON.parse((await bridge('profiles.dropDatabase', {})).body) as unknown;
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    const notJson = await rawRequest({
      port: host.port,
      path: '/bridge/profiles.list',
      method: 'POST',
      headers: {
        cookie,
        [PAGE_SECRET_HEADER]: page,
        origin: host.origin,
        'content-type': 'application/json',
      },
      body: '{"input": ',
    });
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const form = await rawRequest({
      port: host.port,
      path: '/bridge/profiles.list',
      method: 'POST',
      headers: {
        cookie,
        [PAGE_SECRET_HEADER]: page,
        origin: host.origin,
        'content-type': 'text/plain',
      },
      body: '{}',
    });
    expect(form.status).toBe(415);
    const huge = await bridge('profiles.save', { name: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
  });

  it('answers a malformed % escape in a bridge path with 400, not a failure', async () => {
    for (const method of ['%E0%A4%A', 'profiles.%', '%zz']) {
      const response = await bridge(method, undefined);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
  });

  it('answers every contract method with a Result, and never lets the token out', async () => {
    const token = service.token;
    const seen: string[] = [];
    const called = new Set<string>();
    const events = readEventStream({
      port: host.port,
      cookie,
      page,
      until: (text) => (text.match(/profiles\.changed/g) ?? []).length >= 4,
      onOpen: () => undefined,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const record = async (method: MethodName, input: unknown) => {
      const response = await bridge(method, input);
      called.add(method);
      seen.push(response.body);
      return JSON.parse(response.body) as {
        ok: boolean;
        value?: { id?: string };
        error?: { code: string };
      };
    };
    const saved = await record('profiles.save', {
      name: 'Sandbox',
      baseUrl: service.baseUrl,
      token,
      tokenStorage: 'weak',
    });
    expect(saved.ok).toBe(true);
    const id = saved.value?.id ?? '';
    expect((await record('profiles.testConnection', { id, baseUrl: service.baseUrl })).ok).toBe(
      true,
    );
    expect((await record('profiles.testConnection', { baseUrl: service.baseUrl, token })).ok).toBe(
      true,
    );
    expect((await record('profiles.list', undefined)).ok).toBe(true);
    expect((await record('profiles.activate', { id })).ok).toBe(true);
    expect(
      (
        await record('profiles.save', {
          id,
          name: 'Sandbox 2',
          baseUrl: service.baseUrl,
          tokenStorage: 'memory',
        })
      ).ok,
    ).toBe(true);
    expect((await record('app.info', undefined)).ok).toBe(true);
    expect((await record('app.openExternal', { url: 'https://example.com/' })).value).toMatchObject(
      { handled: false },
    );
    expect((await record('sync.status', undefined)).ok).toBe(true);
    expect((await record('sync.start', { full: true })).ok).toBe(true);
    expect((await record('sync.cancel', undefined)).ok).toBe(true);
    expect((await record('outbox.list', undefined)).value).toEqual([]);
    const unknownItem = { id: '9b2f8a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b' };
    expect((await record('outbox.retry', unknownItem)).error?.code).toBe('not_found');
    expect((await record('outbox.discard', unknownItem)).error?.code).toBe('not_found');
    expect((await record('cache.counts', undefined)).ok).toBe(true);
    expect((await record('queue.window', { limit: 10 })).ok).toBe(true);
    expect((await record('search.query', { text: 'sandbox' })).ok).toBe(true);
    expect(
      (
        await record('queue.window', {
          filter: { states: [2] },
          sort: { column: 'customerName', direction: 'asc' },
        })
      ).value,
    ).toMatchObject({ total: 0, rows: [], focusIndex: null });
    expect((await record('queue.facets', undefined)).ok).toBe(true);
    expect((await record('dashboard.summary', undefined)).ok).toBe(true);
    expect((await record('views.list', undefined)).value).toEqual([]);
    const view = await record('views.save', {
      name: 'Open PEP',
      filter: { categories: ['pep'] },
      sort: { column: 'score', direction: 'desc' },
    });
    expect((await record('views.remove', { id: view.value?.id ?? '' })).value).toEqual([]);
    expect((await record('alerts.get', { id: 'no-such-alert' })).value).toBeNull();
    expect((await record('customers.get', { externalId: 'no-such-customer' })).value).toBeNull();
    expect((await record('customers.draft', { externalId: 'no-such-customer' })).value).toBeNull();
    for (const method of ['customers.verify', 'customers.save'] as const)
      expect(
        (await record(method, { customers: [{ external_id: ' ' }] })).error?.code,
        method,
      ).toBe('invalid_input');
    expect((await record('relations.list', { externalId: 'no-such-customer' })).value).toEqual([]);
    expect(
      (await record('relations.graph', { externalId: 'no-such-customer' })).value,
    ).toMatchObject({ center: 'no-such-customer', edges: [] });
    expect((await record('relations.save', { relation: {} })).error?.code).toBe('invalid_input');
    expect((await record('relations.types', undefined)).value).toEqual([]);
    expect(
      (await record('relations.setTypes', { types: [{ value: 1, label: 'Owner' }] })).value,
    ).toEqual([{ value: 1, label: 'Owner' }]);
    expect((await record('threads.list', { filter: { status: 1 }, limit: 5 })).ok).toBe(true);
    expect((await record('threads.get', { id: 'no-such-thread' })).value).toBeNull();
    expect((await record('threads.facets', undefined)).ok).toBe(true);
    expect(
      (await record('documents.search', { filter: { customerExternalId: 'no-such-customer' } }))
        .value,
    ).toEqual({ total: 0, offset: 0, rows: [], pendingUploads: [] });
    expect((await record('documents.facets', undefined)).ok).toBe(true);
    expect(
      (await record('documents.update', { id: 'no-such-document', displayName: 'Passport' })).error
        ?.code,
    ).toBe('not_found');
    expect((await record('documents.remove', { id: 'no-such-document' })).error?.code).toBe(
      'not_found',
    );
    expect((await record('press.list', { filter: {} })).value).toMatchObject({
      reports: [],
      total: 0,
    });
    expect((await record('press.get', { id: 'no-such-report' })).value).toBeNull();
    expect((await record('press.generate', { subject: { name: ' ' } })).error?.code).toBe(
      'invalid_input',
    );
    expect((await record('press.open', { id: 'no such report' })).error?.code).toBe(
      'invalid_input',
    );
    expect(
      (await record('press.compare', { a: 'no-such-report', b: 'nor-this' })).error?.code,
    ).toBe('not_found');
    expect(
      (
        await record('press.markSourceRead', {
          reportId: 'no-such-report',
          sourceKey: 'https://example.com/',
          read: true,
        })
      ).error?.code,
    ).toBe('not_found');
    expect((await record('press.force', { customerExternalId: '' })).error?.code).toBe(
      'invalid_input',
    );
    const unknownStaged = { kind: 'staged', token: '0'.repeat(32) };
    expect((await record('kyt.list', { filter: {} })).value).toMatchObject({
      submissions: [],
      total: 0,
      inDoubt: 0,
    });
    expect((await record('kyt.get', { id: 'no-such-transaction' })).value).toBeNull();
    expect(
      (await record('kyt.submit', { transaction: { amount: 'ten', currency: 'EUR' } })).error?.code,
    ).toBe('invalid_input');
    expect((await record('kyt.compare', { a: 'no-such', b: 'nor-this' })).error?.code).toBe(
      'not_found',
    );
    expect((await record('kyt.decide', { id: 'no-such', decision: 'mark-sent' })).error?.code).toBe(
      'not_found',
    );
    expect((await record('kyt.participants', { text: 'zz-no-such-customer-zz' })).value).toEqual(
      [],
    );
    expect((await record('kyt.previewImport', { file: unknownStaged })).error?.code).toBe(
      'not_found',
    );
    expect((await record('kyt.import', { file: unknownStaged })).error?.code).toBe('not_found');
    expect((await record('kyt.batches', undefined)).ok).toBe(true);
    const unknownBatch = { id: 'no-such-batch' };
    for (const method of [
      'kyt.batchLines',
      'kyt.resumeBatch',
      'kyt.pauseBatch',
      'kyt.cancelBatch',
    ] as const)
      expect((await record(method, unknownBatch)).ok, method).toBe(false);
    expect((await record('kyt.saveBatchResult', unknownBatch)).error?.code).toBe('invalid_input');
    for (const method of ['customerImport.preview', 'customerImport.start'] as const)
      expect((await record(method, { file: unknownStaged })).error?.code, method).toBe('not_found');
    expect((await record('customerImport.list', undefined)).value).toEqual([]);
    expect((await record('customerImport.get', unknownBatch)).value).toBeNull();
    expect((await record('customerImport.editLine', { ...unknownBatch, line: 1 })).ok).toBe(false);
    for (const method of [
      'customerImport.lines',
      'customerImport.verify',
      'customerImport.save',
      'customerImport.pause',
      'customerImport.cancel',
    ] as const)
      expect((await record(method, unknownBatch)).error?.code, method).toBe('not_found');
    expect((await record('customerImport.saveResult', unknownBatch)).error?.code).toBe(
      'invalid_input',
    );
    expect((await record('uploads.inspect', { source: unknownStaged })).error?.code).toBe(
      'not_found',
    );
    expect(
      (
        await record('uploads.file', {
          requestId: '5d0c6f8e-2b1a-4c3d-9e8f-7a6b5c4d3e2f',
          customerExternalId: 'no-such-customer',
          displayName: 'Passport',
          source: unknownStaged,
        })
      ).error?.code,
    ).toBe('not_found');
    expect((await record('downloads.list', undefined)).value).toEqual([]);
    expect(
      (
        await record('downloads.start', {
          requestId: '6e1d7a9f-3c2b-4d4e-8f9a-8b7c6d5e4f3a',
          target: { kind: 'document', id: 'no-such-document' },
        })
      ).error?.code,
    ).toBe('not_found');
    expect((await record('downloads.cancel', unknownItem)).error?.code).toBe('not_found');
    expect((await record('downloads.showInFolder', unknownItem)).error?.code).toBe('not_found');
    expect((await record('downloads.chooseFolder', undefined)).value).toEqual({
      handled: false,
      folder: null,
    });
    expect((await record('settings.get', undefined)).ok).toBe(true);
    expect((await record('settings.save', { maxUploadMb: 50 })).value).toMatchObject({
      maxUploadMb: 50,
    });
    expect((await record('settings.saveAppearance', { theme: 'dark' })).value).toEqual({
      theme: 'dark',
    });
    expect((await record('settings.appearance', undefined)).value).toEqual({ theme: 'dark' });
    expect((await record('unreadable.list', undefined)).value).toEqual({ records: [], total: 0 });
    expect((await record('unreadable.export', { format: 'ndjson' })).ok).toBe(true);
    const noteOn = { kind: 'customer', id: 'no-such-customer' };
    expect((await record('workbench.notes', { target: noteOn })).value).toEqual({
      notes: [],
      total: 0,
      more: false,
    });
    const note = await record('workbench.addNote', {
      target: noteOn,
      text: 'Checked the register.',
    });
    expect(note.ok).toBe(true);
    expect(
      (await record('workbench.editNote', { id: note.value?.id ?? '', text: ' ' })).error?.code,
    ).toBe('invalid_input');
    const draftKey = 'new:customer:no-such-customer';
    expect((await record('workbench.saveDraft', { key: draftKey, text: 'half' })).ok).toBe(true);
    expect((await record('workbench.draft', { key: draftKey })).value).toMatchObject({
      text: 'half',
    });
    expect((await record('workbench.discardDraft', { key: draftKey })).ok).toBe(true);
    expect((await record('workbench.draft', { key: 'not a key' })).error?.code).toBe(
      'invalid_input',
    );
    expect((await record('workbench.proposals', { alertId: 'no-such-alert' })).value).toEqual([]);
    expect(
      (
        await record('workbench.propose', {
          alertId: 'no-such-alert',
          state: 7,
          reason: 'x',
          evidence: [],
        })
      ).error?.code,
    ).toBe('not_found');
    expect(
      (await record('workbench.withdraw', { id: 'no-such-proposal', reason: 'x' })).error?.code,
    ).toBe('not_found');
    expect((await record('workbench.counts', undefined)).ok).toBe(true);
    expect((await record('workbench.setAnalyst', { name: 'Ana Ruiz' })).value).toEqual({
      name: 'Ana Ruiz',
    });
    expect((await record('workbench.analyst', undefined)).value).toEqual({ name: 'Ana Ruiz' });
    expect(
      // No download folder is chosen in this profile: the export says to choose one.
      (await record('workbench.exportCaseFile', { alertId: 'no-such-alert' })).error?.code,
    ).toBe('invalid_input');
    expect(
      (await record('journal.recent', { limit: 5 })).value as unknown as Array<{ action: string }>,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'note.added' })]));
    expect((await record('journal.verify', undefined)).value).toMatchObject({ state: 'intact' });
    expect((await record('review.identity', undefined)).value).toMatchObject({ name: 'Ana Ruiz' });
    expect((await record('review.status', { alertId: 'no-such-alert' })).ok).toBe(true);
    expect((await record('review.exportRequest', { alertId: 'no-such-alert' })).ok).toBe(false);
    expect((await record('review.importFile', { file: unknownStaged })).error?.code).toBe(
      'not_found',
    );
    const noDigest = { requestDigest: 'a'.repeat(64) };
    expect((await record('review.request', noDigest)).error?.code).toBe('not_found');
    expect(
      (await record('review.answer', { ...noDigest, decision: 'approve', reason: 'Agreed.' })).error
        ?.code,
    ).toBe('invalid_input');
    expect((await record('review.counts', undefined)).value).toEqual({
      awaitingAnswer: 0,
      toAnswer: 0,
      alerts: 0,
    });
    expect((await record('profiles.remove', { id })).ok).toBe(true);
    const stream = await events;

    const everyMethod = Object.entries(contract).flatMap(([domain, methods]) =>
      Object.keys(methods).map((name) => `${domain}.${name}`),
    );
    expect([...called].sort()).toEqual(everyMethod.sort());
    for (const body of seen) expect(body).not.toContain(token);
    expect(stream.status).toBe(200);
    expect(stream.text).toContain('profiles.changed');
    expect(stream.text).not.toContain(token);
  });
});

describe('browser host: the link given to the browser CaseDesk starts', () => {
  const temp = makeTempDir();
  const rendererDir = join(temp.path, 'renderer');
  let core: Core;
  let clock = 1_000_000;
  const hosts: BrowserHost[] = [];
  const start = async () => {
    const host = await startBrowserHost({
      rendererDir,
      dispatch: core.dispatch,
      events: core.events,
      logger: silentLogger,
      now: () => clock,
    });
    hosts.push(host);
    return host;
  };
  const open = (host: BrowserHost, url: string) => {
    const { pathname, search } = new URL(url);
    return rawRequest({ port: host.port, path: `${pathname}${search}` });
  };

  beforeAll(async () => {
    mkdirSync(rendererDir, { recursive: true });
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>CaseDesk</title>');
    core = await createCore({
      dataDir: join(temp.path, 'data'),
      version: 'test',
      logger: silentLogger,
      cipher: null,
      openExternal: null,
      sandbox: null,
    });
  });
  afterAll(async () => {
    for (const host of hosts) await host.close();
    await core.dispose();
    temp.remove();
  });

  it('carries a secret of its own, not the printed one', async () => {
    const host = await start();
    const launch = host.launchUrl();
    expect(launch).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?secret=[\w-]{30,}$/);
    expect(new URL(launch).searchParams.get('secret')).not.toBe(
      new URL(host.url).searchParams.get('secret'),
    );
  });

  it('opens one session: once used, the secret on the command line opens nothing', async () => {
    const host = await start();
    const launch = host.launchUrl();
    const first = await open(host, launch);
    expect(first.status).toBe(303);
    expect(first.headers['set-cookie']?.[0]).toMatch(/HttpOnly/);
    const replay = await open(host, launch);
    expect(replay.status).toBe(403);
    expect(replay.headers['set-cookie']).toBeUndefined();
    // Nor does the printed link open a second session beside it.
    expect((await open(host, host.url)).status).toBe(403);
  });

  it('expires within seconds when no browser used it', async () => {
    const host = await start();
    const launch = host.launchUrl();
    clock += 60_000;
    const late = await open(host, launch);
    expect(late.status).toBe(403);
    expect(late.headers['set-cookie']).toBeUndefined();
    // The printed link still works: the browser may be started by hand.
    expect((await open(host, host.url)).status).toBe(303);
  });
});
