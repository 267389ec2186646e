import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeConnection, probeProfile } from '../../main/api/connection-probe';
import { closedPort, startFakeService, type FakeService } from '../support/fake-service';

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('connection probe', () => {
  let service: FakeService;
  beforeAll(async () => {
    service = await startFakeService();
  });
  afterAll(() => service.close());

  it('says all is well when the token is accepted, with a one-result alert search', async () => {
    const result = await probeConnection({ baseUrl: service.baseUrl, token: service.token });
    expect(result).toMatchObject({ outcome: 'ok', httpStatus: 200 });
    const last = service.requests.at(-1);
    expect(last).toMatchObject({
      path: '/api/v1/alerts/search',
      authorization: `Bearer ${service.token}`,
    });
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({ limit: 1 });
  });

  it('says the token was refused, quoting the non-deprecated error', async () => {
    const result = await probeConnection({ baseUrl: service.baseUrl, token: 'wrong-token' });
    expect(result.outcome).toBe('token_refused');
    expect(result.httpStatus).toBe(401);
    expect(result.message).toContain('The access token is invalid or expired');
    expect(result.message).not.toContain('unauthorized');
  });

  it('says the URL is unreachable when nothing listens', async () => {
    const port = await closedPort();
    const result = await probeConnection({ baseUrl: `http://127.0.0.1:${port}`, token: 't' });
    expect(result.outcome).toBe('unreachable');
    expect(result.message).toMatch(/could not reach 127\.0\.0\.1:\d+ \(ECONNREFUSED\)/);
  });

  it('tells a wrong base URL (404) from a refused token', async () => {
    const result = await probeConnection({
      baseUrl: `${service.baseUrl}/wrong`,
      token: service.token,
    });
    expect(result).toMatchObject({ outcome: 'unexpected_response', httpStatus: 404 });
    expect(result.message).toMatch(/in front of \/api\/v1/);
  });

  it('notices a server that is not the screening service', async () => {
    const other = await serve((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end('<html>Welcome to nginx</html>');
    });
    try {
      const result = await probeConnection({ baseUrl: other.baseUrl, token: 't' });
      expect(result).toMatchObject({ outcome: 'unexpected_response', httpStatus: 200 });
      expect(result.message).toMatch(/not as the screening service/);
    } finally {
      await other.close();
    }
  });

  it('reports a server error as reachable but failing', async () => {
    const failing = await serve((_request, response) => {
      response.statusCode = 503;
      response.end(
        JSON.stringify({
          errors: [{ code: 'maintenance', message: 'Down for maintenance', deprecated: false }],
        }),
      );
    });
    try {
      const result = await probeConnection({ baseUrl: failing.baseUrl, token: 't' });
      expect(result).toMatchObject({ outcome: 'unexpected_response', httpStatus: 503 });
      expect(result.message).toContain('Down for maintenance');
    } finally {
      await failing.close();
    }
  });

  it('gives up after the timeout when the server never answers', async () => {
    const silent = await serve(() => undefined);
    try {
      const result = await probeConnection({ baseUrl: silent.baseUrl, token: 't', timeoutMs: 300 });
      expect(result.outcome).toBe('timeout');
      expect(result.message).toMatch(/did not answer/);
    } finally {
      await silent.close();
    }
  });

  it('says what is wrong with a CA file that cannot be used, before trying the network', async () => {
    const missing = await probeProfile({
      baseUrl: service.baseUrl,
      token: service.token,
      caFile: '/nonexistent/company-ca.pem',
    });
    expect(missing.outcome).toBe('tls_error');
    expect(missing.message).toContain('/nonexistent/company-ca.pem');
    const ok = await probeProfile({ baseUrl: service.baseUrl, token: service.token, caFile: null });
    expect(ok.outcome).toBe('ok');
  });
});
