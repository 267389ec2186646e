import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A throwaway HTTP server on 127.0.0.1, for answers the sandbox never gives. */
export async function serve(
  handler: RequestListener,
): Promise<{ baseUrl: string; port: number; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers every request with this status and JSON (or raw text) body. */
export function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return serve((request, response) => {
    request.resume();
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    response.writeHead(status, {
      'content-type': typeof body === 'string' ? 'text/html' : 'application/json',
      ...headers,
    });
    response.end(text);
  });
}
