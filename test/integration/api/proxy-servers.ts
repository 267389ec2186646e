import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

export const CERT_FILE = fileURLToPath(new URL('./fixtures/loopback-test.crt', import.meta.url));
const KEY_FILE = fileURLToPath(new URL('./fixtures/loopback-test.key', import.meta.url));

function track(server: Server) {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * A small forward proxy on loopback: absolute-form requests for http:// targets, CONNECT tunnels
 * for https:// ones. Counts both and remembers the Proxy-Authorization it was given.
 */
export async function startProxy() {
  const seen = { forwarded: 0, tunnelled: 0, proxyAuthorization: [] as string[] };
  const server = createServer((request, response) => {
    seen.forwarded += 1;
    if (request.headers['proxy-authorization'])
      seen.proxyAuthorization.push(request.headers['proxy-authorization']);
    const target = new URL(request.url ?? '/');
    const headers = { ...request.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method: request.method,
        headers,
      },
      (reply) => {
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (request, client: Socket, head: Buffer) => {
    seen.tunnelled += 1;
    if (request.headers['proxy-authorization'])
      seen.proxyAuthorization.push(request.headers['proxy-authorization']);
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host ?? '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const close = track(server);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, port, seen, close };
}

/** HTTPS in front of a plain HTTP service, with the loopback test certificate. */
export async function startHttpsRelay(targetBaseUrl: string) {
  const target = new URL(targetBaseUrl);
  const server = createHttpsServer(
    { key: readFileSync(KEY_FILE), cert: readFileSync(CERT_FILE) },
    (request, response) => {
      const upstream = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path: request.url,
          method: request.method,
          headers: { ...request.headers, host: target.host },
        },
        (reply) => {
          response.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(response);
        },
      );
      upstream.on('error', () => response.destroy());
      request.pipe(upstream);
    },
  );
  const close = track(server);
  const port = await listen(server);
  return { baseUrl: `https://127.0.0.1:${port}`, close };
}
