import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../lib/app-error';
import type { Dispatch } from '../bridge/dispatcher';
import type { EventHub } from '../lib/event-hub';
import { contentTypeFor } from '../lib/content-type';
import { StagingRefused, type StagingArea } from '../uploads/staging-area';
import { formatSize } from '../uploads/upload-source';
import type { Logger } from '../lib/logger';
import { contentSecurityPolicy } from '../security/content-security-policy';
import { resolveInsideRoot } from '../security/inside-root';
import { isAllowedHost, isAllowedOrigin, isOwnPageNavigation } from './request-guards';
import { createSessionAuth } from './session-auth';

const MAX_BRIDGE_BODY_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 20_000;
/**
 * How long the secret in the URL of the browser CaseDesk starts stays usable if no browser uses
 * it: that URL is on the browser's command line, which every process on this machine can read.
 */
export const LAUNCH_SECRET_TTL_MS = 30_000;
/** The header the page sends its page secret in (see session-auth.ts). */
const PAGE_SECRET_HEADER = 'x-casedesk-page';

export interface BrowserHost {
  /** The URL to open, with the one-time secret. */
  url: string;
  /**
   * A URL for the browser CaseDesk starts itself, whose command line any process can read: its
   * secret works once, and only for LAUNCH_SECRET_TTL_MS. Using it (or `url`) uses up both.
   */
  launchUrl(): string;
  origin: string;
  port: number;
  close(): Promise<void>;
}

export interface BrowserHostOptions {
  rendererDir: string;
  dispatch: Dispatch;
  events: EventHub;
  logger: Logger;
  /** 0 or absent for a random free port. */
  port?: number;
  /** Where dropped files are streamed (POST /files); absent, the host takes no files. */
  staging?: StagingArea;
  /** The clock the launch secret expires by (tests move it). */
  now?: () => number;
}

/**
 * Serves the built renderer and the bridge contract to a browser on 127.0.0.1 only: the same
 * dispatcher the Electron window uses, over same-origin fetch, with events over SSE.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  // Files staged by an earlier run wait for nothing now.
  await options.staging?.clear();
  const server = createServer();
  const streams = new Set<ServerResponse>();
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const auth = createSessionAuth(port, options.now);
  const origin = `http://127.0.0.1:${port}`;

  server.on('request', (request, response) => {
    handle(request, response).catch((error: unknown) => {
      options.logger.error('browser host request failed', error);
      if (!response.headersSent) sendText(response, 500, 'CaseDesk could not answer this request.');
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setSecurityHeaders(response);
    const method = request.method ?? 'GET';
    if (!isAllowedHost(request.headers.host, port)) {
      return sendText(
        response,
        403,
        'This address is not CaseDesk. Open the link CaseDesk printed.',
      );
    }
    if (!isAllowedOrigin(request.headers.origin, port, method)) {
      return sendText(response, 403, 'Requests from other sites are refused.');
    }
    const url = new URL(request.url ?? '/', origin);
    const hasSession = auth.isValidSession(request.headers.cookie);

    const offered = url.searchParams.get('secret');
    if (offered !== null && (method === 'GET' || method === 'HEAD')) {
      return exchangeSecret(response, offered, hasSession, url);
    }
    if (!hasSession) {
      return sendText(
        response,
        401,
        'Open CaseDesk with the link it printed when it started (it works once, in one browser).',
      );
    }
    // The cookie reaches every port of 127.0.0.1: what acts or reads data also needs the page's
    // own secret. EventSource sends no headers, so the event stream takes it in its query.
    const needsPage =
      url.pathname.startsWith('/bridge/') ||
      url.pathname === '/files' ||
      url.pathname === '/events';
    const offeredPage =
      request.headers[PAGE_SECRET_HEADER] ??
      (url.pathname === '/events' ? url.searchParams.get('page') : null) ??
      undefined;
    if (
      needsPage &&
      !auth.isValidPage(
        request.headers.cookie,
        typeof offeredPage === 'string' ? offeredPage : undefined,
      )
    ) {
      // The unread body of a refused file is not wanted.
      response.setHeader('Connection', 'close');
      return sendJson(response, 403, {
        ok: false,
        error: {
          code: 'unavailable',
          message:
            'This page is not the one CaseDesk opened with its link. Use the CaseDesk window, or restart CaseDesk for a new link.',
        },
      });
    }
    if (url.pathname.startsWith('/bridge/')) {
      if (method !== 'POST') return sendText(response, 405, 'Bridge calls are POST requests.');
      const name = decodePathPart(url.pathname.slice('/bridge/'.length));
      if (name === null) {
        return sendJson(response, 400, {
          ok: false,
          error: { code: 'invalid_input', message: 'The bridge method name is not well encoded.' },
        });
      }
      return bridgeCall(request, response, name);
    }
    if (url.pathname === '/files') {
      if (method !== 'POST') return sendText(response, 405, 'Files are sent with POST.');
      return stageFile(request, response);
    }
    if (url.pathname === '/events') {
      if (method !== 'GET') return sendText(response, 405, 'Events are read with GET.');
      return eventStream(request, response);
    }
    if (method !== 'GET' && method !== 'HEAD')
      return sendText(response, 405, 'Method not allowed.');
    return serveFile(request, response, url.pathname, method === 'HEAD');
  }

  function exchangeSecret(
    response: ServerResponse,
    offered: string,
    hasSession: boolean,
    url: URL,
  ): void {
    url.searchParams.delete('secret');
    const target = `${url.pathname}${url.search}`;
    if (hasSession) return redirect(response, target);
    const session = auth.exchange(offered);
    if (!session) {
      return sendText(
        response,
        403,
        'This CaseDesk link is wrong or was already used. Restart CaseDesk for a new link.',
      );
    }
    response.setHeader(
      'Set-Cookie',
      `${auth.cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`,
    );
    redirect(response, target);
  }

  async function bridgeCall(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
  ): Promise<void> {
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('application/json')) {
      return sendJson(response, 415, {
        ok: false,
        error: { code: 'invalid_input', message: 'Bridge calls are sent as application/json.' },
      });
    }
    const body = await readBody(request, MAX_BRIDGE_BODY_BYTES);
    if (body === null) {
      return sendJson(response, 413, {
        ok: false,
        error: { code: 'invalid_input', message: 'This request is too large for a bridge call.' },
      });
    }
    let envelope: unknown;
    try {
      envelope = body.length === 0 ? {} : JSON.parse(body);
    } catch {
      return sendJson(response, 400, {
        ok: false,
        error: { code: 'invalid_input', message: 'The bridge call is not valid JSON.' },
      });
    }
    if (!envelope || typeof envelope !== 'object' || Array.isArray(envelope)) {
      return sendJson(response, 400, {
        ok: false,
        error: { code: 'invalid_input', message: 'A bridge call is a JSON object {"input": …}.' },
      });
    }
    const input = (envelope as { input?: unknown }).input;
    sendJson(response, 200, await options.dispatch(method, input, { transport: 'browser' }));
  }

  /**
   * A dropped file, streamed to the staging folder as it arrives (the browser cannot hand main a
   * path). Refused before a byte is read when its declared length is missing or over the limit.
   */
  async function stageFile(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refuse = (status: number, code: AppError['code'], message: string) => {
      // The unread body is not wanted: close the connection once the answer is out.
      response.setHeader('Connection', 'close');
      sendJson(response, status, { ok: false, error: { code, message } });
    };
    const staging = options.staging;
    if (!staging) return refuse(404, 'unavailable', 'This CaseDesk does not take files here.');
    const type = (request.headers['content-type'] ?? '').toLowerCase().split(';')[0]?.trim();
    if (type !== 'application/octet-stream')
      return refuse(415, 'invalid_input', 'Files are sent as application/octet-stream.');
    const fileName = stagedFileName(request.headers['x-casedesk-file-name']);
    if (!fileName)
      return refuse(
        400,
        'invalid_input',
        'Name the file in X-CaseDesk-File-Name (encodeURIComponent of its name, up to 255 characters).',
      );
    const declared = request.headers['content-length'];
    if (declared === undefined || !/^\d+$/.test(declared))
      return refuse(411, 'invalid_input', 'Send the file with its Content-Length.');
    const length = Number(declared);
    if (length === 0)
      return refuse(
        400,
        'invalid_input',
        `${fileName} is empty: there is nothing in it to file. Check that it is the file you meant.`,
      );
    let limit: number;
    try {
      limit = await staging.limitBytes();
    } catch (error) {
      if (error instanceof AppError) return refuse(statusOf(error), error.code, error.message);
      throw error;
    }
    if (length > limit)
      return refuse(
        413,
        'invalid_input',
        `${fileName} is ${formatSize(length)}, over this profile's upload limit of ${formatSize(limit)}: raise the limit in Settings, or file a smaller file.`,
      );
    try {
      const staged = await staging.receive({ fileName, length, body: request });
      sendJson(response, 200, { ok: true, value: staged });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // A connection that dropped cannot hear the answer; one that sent too much can.
      if (!response.destroyed && !response.headersSent)
        refuse(statusOf(error), error.code, error.message);
    }
  }

  function eventStream(request: IncomingMessage, response: ServerResponse): void {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(': connected\n\n');
    streams.add(response);
    const unsubscribe = options.events.subscribe((name, payload) => {
      response.write(`data: ${JSON.stringify({ name, payload })}\n\n`);
    });
    const heartbeat = setInterval(() => response.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(response);
    };
    request.on('close', stop);
    response.on('close', stop);
  }

  async function serveFile(
    request: IncomingMessage,
    response: ServerResponse,
    pathname: string,
    headOnly: boolean,
  ): Promise<void> {
    const wanted = pathname === '/' ? '/index.html' : pathname;
    let file = await resolveInsideRoot(options.rendererDir, wanted);
    // Paths without an extension belong to the single-page app.
    if (!file && !/\.[a-z0-9]+$/i.test(wanted))
      file = await resolveInsideRoot(options.rendererDir, '/index.html');
    const info = file ? await stat(file).catch(() => null) : null;
    if (!file || !info?.isFile()) return sendText(response, 404, 'Not found.');
    // The first page the browser opens in a tab of this origin after the exchange carries the page
    // secret; no later one does (a reload gets it from the page it replaces). A request the browser
    // does not name such a page (see isOwnPageNavigation) neither gets it nor uses up the hand-out.
    const pageSecret =
      file.endsWith('.html') && !headOnly && isOwnPageNavigation(request.headers)
        ? auth.takePageSecret(request.headers.cookie)
        : null;
    if (pageSecret) {
      const html = withPageSecret(await readFile(file, 'utf8'), pageSecret);
      response.writeHead(200, {
        'Content-Type': contentTypeFor(file),
        'Content-Length': Buffer.byteLength(html),
        'Cache-Control': 'no-store',
      });
      return void response.end(html);
    }
    response.writeHead(200, {
      'Content-Type': contentTypeFor(file),
      'Content-Length': info.size,
      'Cache-Control': file.endsWith('.html') ? 'no-store' : 'private, max-age=3600',
    });
    if (headOnly) return void response.end();
    createReadStream(file).pipe(response);
  }

  return {
    url: `${origin}/?secret=${auth.secret}`,
    launchUrl: () => `${origin}/?secret=${auth.issueLaunchSecret(LAUNCH_SECRET_TTL_MS)}`,
    origin,
    port,
    close: () =>
      new Promise<void>((resolveClose) => {
        for (const stream of streams) stream.end();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

function setSecurityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', contentSecurityPolicy('browser'));
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(`${text}\n`);
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** The HTTP status a refusal of a staged file is answered with. */
function statusOf(error: AppError): number {
  if (error instanceof StagingRefused) return error.status;
  if (error.code === 'not_found') return 404;
  if (error.code === 'unavailable') return 503;
  return 400;
}

/** The file's own name from X-CaseDesk-File-Name (URI-encoded): no folders, no control characters. */
function stagedFileName(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(header);
  } catch {
    return null;
  }
  const name = (decoded.split(/[\\/]/).at(-1) ?? '').trim();
  // eslint-disable-next-line no-control-regex
  if (!name || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name)) return null;
  return name;
}

/** The page with its secret in a meta element (the renderer reads it and removes it). */
function withPageSecret(html: string, pageSecret: string): string {
  const meta = `<meta name="casedesk-page" content="${pageSecret}">`;
  const head = /<head[^>]*>/i.exec(html) ?? /<!doctype html>/i.exec(html);
  if (!head) return meta + html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

/** A %-encoded path segment, or null when its escapes are malformed (a caller's error, not ours). */
function decodePathPart(encoded: string): string | null {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return null;
  }
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { Location: location, 'Cache-Control': 'no-store' });
  response.end();
}

function readBody(request: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolveBody, rejectBody) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let overflowed = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) overflowed = true;
      if (!overflowed) chunks.push(chunk);
    });
    request.on('end', () =>
      resolveBody(overflowed ? null : Buffer.concat(chunks).toString('utf8')),
    );
    request.on('error', rejectBody);
  });
}
