import { afterEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClient } from '../../../main/api/service-client';
import type { ServiceError } from '../../../main/api/service-error';
import * as sample from '../../unit/api/wire-samples';
import { failureOf, recordingSleep } from './client-fixture';
import { answer, serve } from './local-server';

// Another implementation of the service may make other choices where the spec is silent: the
// client must take them in its stride, and refuse only what cannot be right.
describe('service client: answers the sandbox never gives', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  const clientOf = async (
    server: ReturnType<typeof serve>,
    options: Partial<Parameters<typeof createServiceClient>[0]> = {},
  ): Promise<ServiceClient> => {
    const running = await server;
    const client = createServiceClient({
      baseUrl: running.baseUrl,
      token: 'test-token-1234',
      retry: { maxAttempts: 1 },
      ...options,
    });
    cleanups.push(
      () => client.close(),
      () => running.close(),
    );
    return client;
  };

  it('keeps unknown fields and values, and reads missing lists as empty', async () => {
    const client = await clientOf(
      answer(200, {
        data: [
          {
            ...sample.alert,
            priority: 'high',
            last_revision: { ...sample.revision, state: 9, top_category: 'ESG' },
          },
          { id: 'bare' },
        ],
        total: 2,
        next_cursor: 'abc',
      }),
    );
    const page = await client.alerts.search({});
    expect(page).toMatchObject({ total: 2, next_cursor: 'abc' });
    expect(page.data[0]).toMatchObject({
      priority: 'high',
      last_revision: { state: 9, top_category: 'ESG' },
    });
    expect(page.data[1]?.last_revision).toBeUndefined();
  });

  it('refuses an impossible page with the operation and field path in the message', async () => {
    const client = await clientOf(answer(200, { data: { 0: sample.alert }, total: 4 }));
    const error = (await failureOf(client.alerts.search({}))) as ServiceError;
    expect(error).toMatchObject({ kind: 'malformed', operation: 'alerts.search', retryable: true });
    expect(error.message).toContain('Could not search the alerts');
    expect(error.message).toContain('data: expected array, received object');
    // The body is kept on the error for the list of unreadable records, never in its JSON.
    expect(error.refusedBody).toEqual({ data: { 0: sample.alert }, total: 4 });
    expect(JSON.stringify(error)).not.toContain('refusedBody');
  });

  it('reads a page record by record: a mistyped alert is set aside, the rest kept', async () => {
    const data = [
      sample.alert,
      { ...sample.alert, id: 'a2' },
      { ...sample.alert, id: 'a3' },
      { ...sample.alert, id: 'a4', last_revision: { ...sample.revision, score: 'high' } },
    ];
    const client = await clientOf(answer(200, { data, total: 4 }));
    const page = await client.alerts.search({});
    expect(page.data.map((alert) => alert.id)).toEqual([sample.alert.id, 'a2', 'a3']);
    expect(page.refused).toEqual([
      { raw: data[3], reason: 'last_revision.score: expected number, received string' },
    ]);
  });

  it('reads an HTML error page as an HTTP error without a service message', async () => {
    const client = await clientOf(answer(502, '<html><body>Bad gateway</body></html>'));
    expect(await failureOf(client.customers.get('C-1'))).toMatchObject({
      kind: 'http',
      status: 502,
      code: null,
      serviceMessage: null,
      retryable: true,
    });
  });

  it('honours Retry-After given as an HTTP date', async () => {
    let calls = 0;
    const now = Date.parse('2026-03-01T12:00:00Z');
    const sleep = recordingSleep();
    const client = await clientOf(
      serve((request, response) => {
        request.resume();
        calls += 1;
        if (calls === 1) {
          response.writeHead(503, { 'retry-after': 'Sun, 01 Mar 2026 12:00:02 GMT' });
          response.end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ alerts: 1, last_scan_date: null }));
      }),
      {
        retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 5_000 },
        now: () => now,
        sleep: sleep.sleep,
      },
    );
    expect(await client.customers.stats('C-1')).toEqual({ alerts: 1, last_scan_date: null });
    expect(sleep.delays).toEqual([2_000]);
  });

  it('takes a 200 with a body for a 204, and refuses a redirect of a JSON call', async () => {
    const ok = await clientOf(answer(200, { ok: true }));
    await expect(ok.documents.remove('d1')).resolves.toBeUndefined();
    const moved = await clientOf(answer(301, '', { location: 'https://elsewhere.example/api' }));
    const error = (await failureOf(moved.alerts.search({}))) as ServiceError;
    expect(error).toMatchObject({ kind: 'http', status: 301, retryable: false });
    expect(error.message).toMatch(
      /redirected the request elsewhere \(HTTP 301 to https:\/\/elsewhere\.example\/api\)/,
    );
  });

  it('refuses an empty or non-JSON 200 on a JSON call as malformed', async () => {
    const empty = await clientOf(answer(200, ''));
    expect(await failureOf(empty.press.reportBody('r1'))).toMatchObject({
      kind: 'malformed',
      detail: 'the body is empty',
    });
    const write = await clientOf(answer(200, 'OK'));
    expect(await failureOf(write.kyt.createTransaction({ amount: 1 }))).toMatchObject({
      kind: 'malformed',
      outcomeUnknown: true,
      detail: 'the body is not valid JSON',
    });
  });

  it('refuses a JSON answer over the size limit, whether its length is declared or not', async () => {
    const big = { note: 'x'.repeat(200) };
    const declared = await clientOf(answer(200, big), { maxJsonBytes: 100 });
    const chunked = await clientOf(
      serve((request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        // Two writes and no Content-Length: sent chunked, the size known only while reading.
        response.write('{"note":"');
        response.end(`${'x'.repeat(200)}"}`);
      }),
      { maxJsonBytes: 100 },
    );
    for (const client of [declared, chunked])
      expect(await failureOf(client.kyt.createTransaction({ amount: 1 }))).toMatchObject({
        kind: 'malformed',
        outcomeUnknown: true,
        detail: 'the body is larger than 100 bytes',
      });
    const within = await clientOf(answer(200, big), { maxJsonBytes: 1000 });
    await expect(within.kyt.createTransactionAsReceived({ amount: 1 })).resolves.toEqual(big);
  });

  it('reads a JSON answer that starts with a UTF-8 byte order mark', async () => {
    const text = `\ufeff${JSON.stringify({ id: 'kyt-1', score: 3 })}`;
    const declared = await clientOf(answer(200, text, { 'content-type': 'application/json' }));
    const chunked = await clientOf(
      serve((request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write(text.slice(0, 5));
        response.end(text.slice(5));
      }),
    );
    for (const client of [declared, chunked])
      await expect(client.kyt.createTransactionAsReceived({ amount: 1 })).resolves.toEqual({
        id: 'kyt-1',
        score: 3,
      });
  });

  it('sends each call to its own path and query, whatever the call before it', async () => {
    const urls: Array<string | undefined> = [];
    const client = await clientOf(
      serve((request, response) => {
        request.resume();
        urls.push(request.url);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(request.url?.includes('/timeline') ? '[]' : '{}');
      }),
    );
    await client.kyt.createTransactionAsReceived({ amount: 1 });
    await client.kyt.createTransactionAsReceived({ amount: 2 });
    await client.customers.timeline('C 1', { limit: 5 });
    await client.customers.timeline('C 1', { offset: 10 });
    await client.kyt.createTransactionAsReceived({ amount: 3 });
    await client.customers.get('C/2').catch(() => undefined);
    expect(urls).toEqual([
      '/api/v1/kyt/transaction',
      '/api/v1/kyt/transaction',
      '/api/v1/customers/C%201/timeline?limit=5',
      '/api/v1/customers/C%201/timeline?offset=10',
      '/api/v1/kyt/transaction',
      '/api/v1/customers/C%2F2',
    ]);
  });

  it('sends JSON with its content type, the token as a bearer, and ids encoded', async () => {
    const seen: Array<{
      method?: string;
      url?: string;
      type?: string;
      auth?: string;
      body: string;
    }> = [];
    const client = await clientOf(
      serve((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          seen.push({
            method: request.method,
            url: request.url,
            type: request.headers['content-type'],
            auth: request.headers.authorization,
            body,
          });
          response.writeHead(204).end();
        });
      }),
    );
    await client.documents.update('d/1 ?', { display_name: 'X' });
    await client.press.forceGeneration('C#1');
    expect(seen).toEqual([
      {
        method: 'POST',
        url: '/api/v1/customer_documents/d%2F1%20%3F',
        type: 'application/json',
        auth: 'Bearer test-token-1234',
        body: '{"display_name":"X"}',
      },
      {
        method: 'POST',
        url: '/api/v1/press/report/C%231/forcegen',
        type: undefined,
        auth: 'Bearer test-token-1234',
        body: '',
      },
    ]);
  });
});
