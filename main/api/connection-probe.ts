import { request, type Dispatcher } from 'undici';
import type { ConnectionTestResult } from '../../preload/contract';
import { pickServiceError } from './error-body';
import { buildDispatcher } from './network-options';
import { classifyNetworkError } from './network-error';

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Tests a profile with the cheapest call that needs a valid token: an alert search for one
 * result. Tells apart an unreachable URL, a refused token, and a URL that is not the service.
 */
export async function probeConnection(options: {
  baseUrl: string;
  token: string;
  dispatcher?: Dispatcher;
  timeoutMs?: number;
  now?: () => Date;
}): Promise<ConnectionTestResult> {
  const now = options.now ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 10_000;
  const started = performance.now();
  const endpoint = `${options.baseUrl}/api/v1/alerts/search`;
  const host = new URL(options.baseUrl).host;
  const finish = (
    outcome: ConnectionTestResult['outcome'],
    message: string,
    httpStatus: number | null = null,
  ): ConnectionTestResult => ({
    outcome,
    message,
    httpStatus,
    latencyMs: Math.round(performance.now() - started),
    testedAt: now().toISOString(),
  });

  try {
    const response = await request(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.token}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify({ limit: 1, offset: 0 }),
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
    });
    const status = response.statusCode;
    const text = await readLimited(response.body);
    const body = parseJson(text);

    if (status === 401 || status === 403) {
      const detail = pickServiceError(body);
      return finish(
        'token_refused',
        `The service refused the token (HTTP ${status}${detail?.message ? `: ${detail.message}` : ''}). ` +
          'Check that it was pasted whole and has not expired, or ask your administrator for a new one.',
        status,
      );
    }
    if (status >= 300 && status < 400) {
      const location = response.headers.location;
      return finish(
        'unexpected_response',
        `${host} redirects elsewhere${typeof location === 'string' ? ` (${location})` : ''}. ` +
          'Enter the address the service itself answers on.',
        status,
      );
    }
    if (status === 404) {
      return finish(
        'unexpected_response',
        `Nothing at ${host} answers the alert search (HTTP 404). The base URL is the address in front of /api/v1.`,
        status,
      );
    }
    if (status === 429 || status >= 500) {
      const detail = pickServiceError(body);
      return finish(
        'unexpected_response',
        `The service at ${host} is reachable but answered HTTP ${status}${detail?.message ? ` (${detail.message})` : ''}. Try again in a moment.`,
        status,
      );
    }
    if (status >= 200 && status < 300 && isAlertSearchReply(body)) {
      return finish('ok', `Connected to ${host}. The token was accepted.`, status);
    }
    return finish(
      'unexpected_response',
      `${host} answered (HTTP ${status}), but not as the screening service does. Check the base URL.`,
      status,
    );
  } catch (error) {
    const { kind, code } = classifyNetworkError(error);
    const suffix = code ? ` (${code})` : '';
    switch (kind) {
      case 'unreachable':
        return finish(
          'unreachable',
          `CaseDesk could not reach ${host}${suffix}. Check the URL, your network connection, VPN or proxy.`,
        );
      case 'tls_error':
        return finish(
          'tls_error',
          `The secure connection to ${host} failed${suffix}: its certificate is not trusted. ` +
            'If your organisation inspects traffic, add its CA certificate.',
        );
      case 'timeout':
        return finish(
          'timeout',
          `${host} did not answer within ${Math.round(timeoutMs / 1000)} seconds. Try again, or check the URL.`,
        );
      default:
        return finish(
          'unreachable',
          `CaseDesk could not talk to ${host}${suffix}: ${(error as Error).message}`,
        );
    }
  }
}

async function readLimited(
  body: AsyncIterable<Uint8Array> & { destroy?: () => void },
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.byteLength;
    if (size > MAX_BODY_BYTES) {
      body.destroy?.();
      break;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isAlertSearchReply(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const { data, total } = body as { data?: unknown; total?: unknown };
  return Array.isArray(data) && (total === undefined || typeof total === 'number');
}

/**
 * The probe as a profile runs it: through the proxies of the environment, trusting the system's
 * certificates and the profile's extra CA file. An unreadable CA file is the answer itself.
 */
export async function probeProfile(options: {
  baseUrl: string;
  token: string;
  caFile: string | null;
}): Promise<ConnectionTestResult> {
  let dispatcher: Dispatcher;
  try {
    dispatcher = await buildDispatcher({ caFile: options.caFile, useSystemCertificates: true });
  } catch (error) {
    return {
      outcome: 'tls_error',
      message: error instanceof Error ? error.message : String(error),
      httpStatus: null,
      latencyMs: 0,
      testedAt: new Date().toISOString(),
    };
  }
  try {
    return await probeConnection({ baseUrl: options.baseUrl, token: options.token, dispatcher });
  } finally {
    await dispatcher.close();
  }
}
