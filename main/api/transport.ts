import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import type { CallSpec, RequestBody, Transport, TransportOptions } from './call-spec';
import { operationInfo, type OperationName } from './operations';
import {
  declaredSize,
  fileNameFromDisposition,
  guardedBody,
  parseJson,
  readResponseText,
  readErrorBody,
} from './response-body';
import { nextRetryDelay, retryAfterFor } from './retry-policy';
import {
  httpFailure,
  malformedFailure,
  ServiceError,
  transportFailure,
  type ServiceErrorInit,
} from './service-error';
import { parseWire, summariseProblems } from './wire/parse';

/**
 * The one place that speaks HTTP: auth header, deadlines, retries with backoff, Retry-After, error
 * mapping. Resource modules describe a call (operation, method, path, body) and what they expect
 * back; everything else happens here, the same way for all 16 operations.
 */

const ERROR_BODY_LIMIT = 64 * 1024;

interface Attempt {
  response: Dispatcher.ResponseData;
  /** Maps an error met later (while the caller reads a stream) like one met during the call. */
  fail: (error: unknown) => ServiceError;
  /** Keeps the deadline running after the call returns; the returned function ends it. */
  keepDeadline: () => () => void;
}

export function createTransport(options: TransportOptions): Transport {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/api/v1`;
  // Tokens this client has sent (the last few: getToken may rotate them), to scrub from errors.
  const sentTokens: string[] = [];

  /** What the service or a proxy echoes back must not carry the token into a message or log. */
  const scrub = (value: string | null): string | null =>
    value
      ? sentTokens.reduce(
          (text, token) => (token.length >= 4 ? text.replaceAll(token, '[token]') : text),
          value,
        )
      : value;

  function urlOf(spec: CallSpec): URL {
    const url = new URL(`${base}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url;
  }

  // Where the last call without a query went: a batch posts to the same path thousands of times,
  // and parsing its URL again costs more than the rest of a call's own bookkeeping.
  let lastTarget: { path: string; origin: string; pathAndQuery: string } | null = null;

  function targetOf(spec: CallSpec): { origin: string; pathAndQuery: string } {
    if (spec.query === undefined && lastTarget?.path === spec.path) return lastTarget;
    const url = urlOf(spec);
    const target = { path: spec.path, origin: url.origin, pathAndQuery: url.pathname + url.search };
    if (spec.query === undefined) lastTarget = target;
    return target;
  }

  // The last token found usable: checked once, not on every call of a batch.
  let lastToken: string | null = null;

  /** The token for a call, without waiting when getToken answers at once (it usually does). */
  function token(operation: OperationName): string | Promise<string> {
    let got: string | Promise<string>;
    try {
      got = options.getToken();
    } catch {
      // The token store failed (locked keychain…): nothing was sent, nothing to retry here.
      return usableToken(operation, '');
    }
    if (typeof got === 'string') return usableToken(operation, got);
    return Promise.resolve(got).then(
      (value) => usableToken(operation, value),
      () => usableToken(operation, ''),
    );
  }

  function usableToken(operation: OperationName, raw: unknown): string {
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === lastToken) return value;
    // A header cannot carry control characters; undici would throw an error naming the header.
    if (value.length === 0 || !/^[\x21-\x7e]+$/.test(value)) {
      throw new ServiceError({
        operation,
        kind: 'auth',
        status: null,
        serviceMessage: null,
        retryable: false,
        outcomeUnknown: false,
      });
    }
    if (!sentTokens.includes(value)) {
      sentTokens.unshift(value);
      sentTokens.length = Math.min(sentTokens.length, 4);
    }
    lastToken = value;
    return value;
  }

  /** The payload and its headers, with the call's own: one object, built once per attempt. */
  function requestOf(
    body: RequestBody | undefined,
    accept: string,
    bearer: string,
  ): { payload: string | Readable | null; headers: Record<string, string> } {
    const authorization = `Bearer ${bearer}`;
    if (!body) return { payload: null, headers: { accept, authorization } };
    if (body.kind === 'json')
      return {
        payload: JSON.stringify(body.value),
        headers: { 'content-type': 'application/json', accept, authorization },
      };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const source = body.open();
    if (body.contentLength !== undefined) headers['content-length'] = String(body.contentLength);
    headers.accept = accept;
    headers.authorization = authorization;
    return { payload: source instanceof Readable ? source : Readable.from(source), headers };
  }

  async function once<T>(
    spec: CallSpec,
    accept: string,
    handle: (attempt: Attempt) => Promise<T>,
  ): Promise<T> {
    const info = operationInfo(spec.operation);
    const deadlineMs = info.transfer ? options.timeouts.transferBodyMs : options.timeouts.totalMs;
    // One controller for the caller's signal and the deadline: AbortSignal.any costs more than
    // the rest of a call's own work, and a batch makes thousands of calls.
    const attempt = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      attempt.abort();
    }, deadlineMs);
    timer.unref();
    const callerSignal = spec.signal;
    const onCallerAbort = () => attempt.abort(callerSignal?.reason);
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    const end = () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    };
    let kept = false;
    let dispatched = false;
    const signal = attempt.signal;
    const fail = (error: unknown): ServiceError => {
      if (error instanceof ServiceError) return error;
      return rescrub(
        transportFailure({
          operation: spec.operation,
          error,
          dispatched,
          cancelled: callerSignal?.aborted === true,
          deadlineMs: timedOut ? deadlineMs : null,
        }),
      );
    };
    try {
      if (spec.signal?.aborted) throw spec.signal.reason;
      const pending = token(spec.operation);
      const bearer = typeof pending === 'string' ? pending : await pending;
      const { payload, headers } = requestOf(spec.body, accept, bearer);
      if (signal.aborted) throw signal.reason;
      const { origin, pathAndQuery } = targetOf(spec);
      dispatched = true;
      // The dispatcher's own request: undici's top-level one parses the URL again per call.
      const requested = options.dispatcher.request({
        origin,
        path: pathAndQuery,
        method: spec.method,
        headers,
        body: payload,
        signal,
        headersTimeout: options.timeouts.headersMs,
        bodyTimeout: options.timeouts.bodyMs,
      });
      const response = await requested;
      return await handle({
        response,
        fail,
        keepDeadline: () => {
          kept = true;
          return end;
        },
      });
    } catch (error) {
      throw fail(error);
    } finally {
      if (!kept) end();
    }
  }

  /** Non-2xx answers become errors here, after reading what the service said. */
  async function rejectStatus(spec: CallSpec, response: Dispatcher.ResponseData): Promise<never> {
    const body = await readErrorBody(
      response.body,
      declaredSize(response.headers['content-length']),
      ERROR_BODY_LIMIT,
    );
    const failure = httpFailure({
      operation: spec.operation,
      status: response.statusCode,
      body,
      retryAfterMs: retryAfterFor(
        response.statusCode,
        response.headers['retry-after'],
        options.now(),
      ),
      location: locationOf(response),
    });
    throw rescrub(failure);
  }

  function rescrub(error: ServiceError): ServiceError {
    if (sentTokens.length === 0) return error;
    const init: ServiceErrorInit = {
      operation: error.operation,
      kind: error.kind,
      status: error.status,
      code: scrub(error.code),
      serviceMessage: scrub(error.serviceMessage),
      detail: scrub(error.detail),
      retryable: error.retryable,
      outcomeUnknown: error.outcomeUnknown,
      retryAfterMs: error.retryAfterMs,
      cause: error.cause,
      refusedBody: error.refusedBody,
    };
    return new ServiceError(init);
  }

  async function withRetries<T>(spec: CallSpec, run: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      let error: ServiceError;
      try {
        return await run();
      } catch (caught) {
        error =
          caught instanceof ServiceError
            ? caught
            : transportFailure({
                operation: spec.operation,
                error: caught,
                dispatched: true,
                cancelled: spec.signal?.aborted === true,
                deadlineMs: null,
              });
      }
      const askedLonger =
        spec.waitsForRetryAfter === true &&
        error.retryAfterMs !== null &&
        error.retryAfterMs > options.retry.maxDelayMs;
      const delayMs = askedLonger
        ? null
        : nextRetryDelay({
            retryable: error.retryable,
            retryAfterMs: error.retryAfterMs,
            attempt,
            retry: options.retry,
            random: options.random,
          });
      if (delayMs === null) {
        if (error.kind === 'auth') notifyAuthFailure(error);
        throw error;
      }
      options.onRetry?.({ operation: spec.operation, attempt, delayMs, error });
      try {
        await options.sleep(delayMs, spec.signal);
        if (spec.signal?.aborted) throw spec.signal.reason;
      } catch (sleepError) {
        // Cancelled between attempts: nothing is in flight, and a write is only ever retried
        // after a failure that left it unapplied, so its outcome is known.
        throw transportFailure({
          operation: spec.operation,
          error: sleepError,
          dispatched: false,
          cancelled: true,
          deadlineMs: null,
        });
      }
    }
  }

  function notifyAuthFailure(error: ServiceError): void {
    try {
      options.onAuthFailure?.(error);
    } catch {
      // The caller's bookkeeping must not replace the error the caller is about to receive.
    }
  }

  return {
    json(spec, schema) {
      return withRetries(spec, () =>
        once(spec, 'application/json', async ({ response }) => {
          if (response.statusCode < 200 || response.statusCode >= 300)
            return rejectStatus(spec, response);
          const { text, truncated } = await readResponseText(
            response.body,
            declaredSize(response.headers['content-length']),
            options.maxJsonBytes,
          );
          const malformed = (detail: string) =>
            malformedFailure({ operation: spec.operation, status: response.statusCode, detail });
          if (truncated) throw malformed(`the body is larger than ${options.maxJsonBytes} bytes`);
          const decoded = parseJson(text);
          if (decoded === undefined)
            throw malformed(
              text.trim().length === 0 ? 'the body is empty' : 'the body is not valid JSON',
            );
          const parsed = parseWire(schema, decoded);
          if (!parsed.ok)
            throw rescrub(
              malformedFailure({
                operation: spec.operation,
                status: response.statusCode,
                detail: summariseProblems(parsed.problems),
                // Decoded but refused: the sync sets it aside where the user can see it.
                refusedBody: decoded,
              }),
            );
          return parsed.value;
        }),
      );
    },

    empty(spec) {
      return withRetries(spec, () =>
        once(spec, 'application/json', async ({ response }) => {
          if (response.statusCode < 200 || response.statusCode >= 300)
            return rejectStatus(spec, response);
          // 204 per the spec; a 200 with a body is as good an answer, its body is not needed.
          await response.body.dump({ limit: ERROR_BODY_LIMIT });
        }),
      );
    },

    download(spec) {
      return withRetries(spec, () =>
        once(spec, '*/*', async ({ response, fail, keepDeadline }) => {
          const status = response.statusCode;
          const location = locationOf(response);
          if (status >= 300 && status < 400 && location) {
            // An external document: the caller decides whether and how to fetch it, with which
            // credentials (never ours: it is another host). Never followed here.
            await response.body.dump({ limit: ERROR_BODY_LIMIT });
            return { kind: 'redirect', status, location: new URL(location, urlOf(spec)).href };
          }
          if (status < 200 || status >= 300) return rejectStatus(spec, response);
          const headers = response.headers;
          const contentType = Array.isArray(headers['content-type'])
            ? headers['content-type'][0]
            : headers['content-type'];
          return {
            kind: 'content',
            mime: contentType?.trim() || 'application/octet-stream',
            fileName: fileNameFromDisposition(headers['content-disposition']),
            size: declaredSize(headers['content-length']),
            body: guardedBody(response.body, fail, keepDeadline()),
          };
        }),
      );
    },
  };
}

function locationOf(response: Dispatcher.ResponseData): string | null {
  const value = response.headers.location;
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}
