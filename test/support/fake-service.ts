import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the screening service that answers the one call the connection test makes
 * (`POST /api/v1/alerts/search`), with the spec's Bearer auth and error body.
 */
export interface FakeService {
  baseUrl: string;
  token: string;
  requests: Array<{ path: string; authorization: string | undefined; body: string }>;
  close(): Promise<void>;
}

export async function startFakeService(token = 'svc-token-9f8e7d6c5b4a'): Promise<FakeService> {
  const requests: FakeService['requests'] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        body,
      });
      response.setHeader('content-type', 'application/json');
      if (request.url !== '/api/v1/alerts/search' || request.method !== 'POST') {
        response.statusCode = 404;
        response.end(JSON.stringify({ errors: [{ code: 'not_found', message: 'No such route' }] }));
        return;
      }
      if (request.headers.authorization !== `Bearer ${token}`) {
        response.statusCode = 401;
        response.end(
          JSON.stringify({
            errors: [
              {
                code: 'UNAUTHORIZED',
                message: 'unauthorized',
                deprecated: true,
                will_be_deprecated: true,
              },
              {
                code: 'auth.token_invalid',
                message: 'The access token is invalid or expired',
                deprecated: false,
                will_be_deprecated: false,
              },
            ],
          }),
        );
        return;
      }
      response.end(JSON.stringify({ data: [], total: 0 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on loopback where nothing listens. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
