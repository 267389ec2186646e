import { request as rawRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodyShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

/** Reads a response to the end, reporting whether the connection was cut before the promised length. */
function fetchRaw(
  baseUrl: string,
  token: string,
): Promise<{ status: number; cut: boolean; body: string; retryAfter: string | undefined }> {
  const url = new URL(`${baseUrl}/api/v1/alerts/search`);
  return new Promise((resolve) => {
    const req = rawRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cut: false,
            body,
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', () =>
          resolve({ status: res.statusCode ?? 0, cut: true, body, retryAfter: undefined }),
        );
        res.on('aborted', () =>
          resolve({ status: res.statusCode ?? 0, cut: true, body, retryAfter: undefined }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, cut: true, body: '', retryAfter: undefined }));
    req.end(JSON.stringify({ limit: 20 }));
  });
}

describe('sandbox fault injection', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20, faults: { serverErrorRate: 0.2 } });
  });
  afterAll(() => t.close());

  it('answers a share of requests with 5xx when asked at start', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.call('POST', '/api/v1/alerts/search', { body: { limit: 1 } }).then((r) => r.status),
      ),
    );
    const failures = statuses.filter((status) => status >= 500).length;
    expect(failures).toBeGreaterThan(5);
    expect(failures).toBeLessThan(45);
    expect(statuses.every((status) => status === 200 || [500, 502, 503].includes(status))).toBe(
      true,
    );
  });

  it('changes faults at run time over HTTP, with the token', async () => {
    expect(
      (await t.call('PUT', '/__sandbox/faults', { body: { serverErrorRate: 0 }, token: 'wrong' }))
        .status,
    ).toBe(401);
    const set = await t.call('PUT', '/__sandbox/faults', {
      body: { serverErrorRate: 0, throttleRate: 1, retryAfterSeconds: 7 },
    });
    expect(set.json()).toMatchObject({ serverErrorRate: 0, throttleRate: 1, retryAfterSeconds: 7 });
    const throttled = await t.call('POST', '/api/v1/alerts/search', { body: {} });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('7');
    expect(ErrorBodyShape.safeParse(throttled.json()).success).toBe(true);
    expect((await t.call('DELETE', '/__sandbox/faults')).status).toBe(200);
    expect((await t.call('POST', '/api/v1/alerts/search', { body: {} })).status).toBe(200);
  });

  it('drops connections mid-body and sends malformed JSON', async () => {
    t.sandbox.faults.set({ dropRate: 1 });
    const dropped = await fetchRaw(t.sandbox.baseUrl, t.sandbox.token);
    expect(dropped.cut).toBe(true);
    t.sandbox.faults.set({ dropRate: 0, malformedRate: 1 });
    const malformed = await fetchRaw(t.sandbox.baseUrl, t.sandbox.token);
    expect(malformed.status).toBe(200);
    expect(() => JSON.parse(malformed.body) as unknown).toThrow();
    t.sandbox.faults.reset();
  });

  it('adds latency', async () => {
    t.sandbox.faults.set({ latencyMs: 150 });
    const started = performance.now();
    await t.call('POST', '/api/v1/alerts/search', { body: { limit: 1 } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    t.sandbox.faults.reset();
  });

  it('limits requests per token per second', async () => {
    t.sandbox.faults.set({ ratePerSecond: 5 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => fetchRaw(t.sandbox.baseUrl, t.sandbox.token)),
    );
    const limited = responses.filter((response) => response.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited.every((response) => Number(response.retryAfter) >= 1)).toBe(true);
    t.sandbox.faults.reset();
  });

  it('parses the --faults option', async () => {
    const { parseFaultSpec } = await import('../../../main/sandbox/faults');
    expect(
      parseFaultSpec('latency=50,5xx=0.1,429=0.05,drop=0.02,malformed=0.01,rate=100,retry-after=2'),
    ).toEqual({
      latencyMs: 50,
      serverErrorRate: 0.1,
      throttleRate: 0.05,
      dropRate: 0.02,
      malformedRate: 0.01,
      ratePerSecond: 100,
      retryAfterSeconds: 2,
    });
    expect(() => parseFaultSpec('boom=1')).toThrow(/Unknown fault/);
    expect(() => parseFaultSpec('5xx=2')).toThrow();
  });
});
