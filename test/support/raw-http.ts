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
  /** The page secret, sent as the renderer's EventSource sends it (EventSource takes no headers). */
  page?: string;
  until: (text: string) => boolean;
  timeoutMs?: number;
  onOpen?: () => void;
}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.page === undefined ? '/events' : `/events?page=${options.page}`,
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

/** The header the renderer sends its page secret in, on every bridge call and file. */
export const PAGE_SECRET_HEADER = 'x-casedesk-page';

/**
 * The Fetch Metadata a browser sends with a top-level navigation: `none` when the user opened
 * the address, `same-origin` for a reload or a link of the same page, `same-site` when a page on
 * another port of 127.0.0.1 navigated to it, `cross-site` from anywhere else.
 */
export function navigation(
  site: 'none' | 'same-origin' | 'same-site' | 'cross-site',
): Record<string, string> {
  return {
    'sec-fetch-site': site,
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
  };
}

/**
 * Opens a session as a browser does with the printed link: exchanges the one-time secret for the
 * cookie, then loads the page, which carries its page secret in a meta element.
 */
export async function signIn(url: string): Promise<{ cookie: string; page: string }> {
  const { port, pathname, search } = new URL(url);
  const exchanged = await rawRequest({ port: Number(port), path: `${pathname}${search}` });
  const cookie = exchanged.headers['set-cookie']?.[0]?.split(';')[0] ?? '';
  const served = await rawRequest({
    port: Number(port),
    path: '/',
    headers: { cookie, ...navigation('none') },
  });
  const page = /<meta name="casedesk-page" content="([^"]+)"/.exec(served.body)?.[1] ?? '';
  return { cookie, page };
}
