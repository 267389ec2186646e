import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Plain node:http, so tests can send any Host or Origin header a browser or attacker might. */
export function rawRequest(options: {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${options.port}`, ...options.headers },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Opens the event stream and collects what arrives until `until` matches or the time is up. */
export function readEventStream(options: {
  port: number;
  cookie: string;
  until: (text: string) => boolean;
  timeoutMs?: number;
  onOpen?: () => void;
}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: '/events',
        headers: { host: `127.0.0.1:${options.port}`, cookie: options.cookie },
      },
      (res) => {
        let text = '';
        const finish = () => {
          clearTimeout(timer);
          req.destroy();
          resolve({ status: res.statusCode ?? 0, text });
        };
        const timer = setTimeout(finish, options.timeoutMs ?? 5_000);
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8');
          if (text.includes(': connected')) options.onOpen?.();
          if (options.until(text)) finish();
        });
        res.on('end', finish);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
