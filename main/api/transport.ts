import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { operationInfo, type OperationName } from './operations';
import {
  declaredSize,
  fileNameFromDisposition,
  guardedBody,
  parseJson,
  readBodyText,
  readErrorBody,
} from './response-body';
import { nextRetryDelay, retryAfterFor, type RetryOptions } from './retry-policy';
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
 * back; everything else happens here, the same way for all 17 operations.
 */

export interface ClientTimeouts {
  /** Establishing a connection (applies to the dispatcher the client creates itself). */
  connectMs: number;
  /** Idle time allowed before the response headers arrive (and between upload chunks). */
  headersMs: number;
  /** Idle time allowed between two chunks of a response body. */
  bodyMs: number;
  /** Whole JSON call, per attempt: request sent, answer read and parsed. */
  totalMs: number;
  /** Whole file transfer (upload or download), per attempt: much longer than totalMs. */
  transferBodyMs: number;
}

export const DEFAULT_TIMEOUTS: ClientTimeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 30_000,
  totalMs: 60_000,
  transferBodyMs: 15 * 60_000,
};

export interface RetryEvent {
  operation: OperationName;
  /** The attempt that failed, from 1. */
  attempt: number;
  delayMs: number;
  error: ServiceError;
}

export interface TransportOptions {
  baseUrl: string;
  getToken: () => string | Promise<string>;
  dispatcher: Dispatcher;
  timeouts: ClientTimeouts;
  retry: RetryOptions;
  random: () => number;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  now: () => number;
  onAuthFailure?: (error: ServiceError) => void;
  onRetry?: (event: RetryEvent) => void;
  /** Largest JSON body accepted (a page of 1000 threads with their customers is big, not this big). */
  maxJsonBytes: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** A JSON body: a value to serialise, or bytes produced on demand (a base64 upload streamed from disk). */
export type RequestBody =
  | { kind: 'json'; value: unknown }
  | {
      kind: 'json-stream';
      /** Called once per attempt: a stream can be sent only once. A Readable is fine too. */
      open: () => AsyncIterable<Uint8Array>;
      contentLength?: number;
    };

export interface CallSpec {
  operation: OperationName;
  method: 'GET' | 'POST' | 'DELETE';
  /** Under /api/v1, path parameters already encoded (see pathSegment). */
  path: string;
  query?: Record<string, number | string | undefined>;
  body?: RequestBody;
  signal?: AbortSignal;
}

export type DownloadResult =
  | {
      kind: 'content';
      mime: string;
      fileName: string | null;
      size: number | null;
      /** The bytes as they arrive; failures surface as ServiceError on the stream. */
      body: Readable;
    }
  | { kind: 'redirect'; status: number; location: string };

export interface Transport {
  json<S extends z.ZodType>(spec: CallSpec, schema: S): Promise<z.output<S>>;
  empty(spec: CallSpec): Promise<void>;
  download(spec: CallSpec): Promise<DownloadResult>;
}

/** A path parameter, encoded; `.` and `..` too, which URL parsing would otherwise resolve away. */
export function pathSegment(operation: OperationName, value: string): string {
  if (value.length === 0) throw new TypeError(`${operation}: the identifier is empty.`);
  const encoded = encodeURIComponent(value);
  return encoded === '.' || encoded === '..' ? encoded.replaceAll('.', '%2E') : encoded;
}

export const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  delay(ms, undefined, signal ? { signal } : undefined);

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
  let lastToken = '';

  /** What the service or a proxy echoes back must not carry the token into a message or log. */
  const scrub = (value: string | null): string | null =>
    value && lastToken.length >= 4 ? value.replaceAll(lastToken, '[token]') : value;

  function urlOf(spec: CallSpec): string {
    const url = new URL(`${base}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  async function token(operation: OperationName): Promise<string> {
    let value = '';
    try {
      value = (await options.getToken()).trim();
    } catch {
      // The token store failed (locked keychain…): nothing was sent, nothing to retry here.
    }
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
    lastToken = value;
    return value;
  }

  function bodyOf(body: RequestBody | undefined): {
    payload: string | Readable | undefined;
    headers: Record<string, string>;
  } {
    if (!body) return { payload: undefined, headers: {} };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (body.kind === 'json') return { payload: JSON.stringify(body.value), headers };
    const source = body.open();
    if (body.contentLength !== undefined) headers['content-length'] = String(body.contentLength);
    return { payload: source instanceof Readable ? source : Readable.from(source), headers };
  }

  async function once<T>(
    spec: CallSpec,
    accept: string,
    handle: (attempt: Attempt) => Promise<T>,
  ): Promise<T> {
    const info = operationInfo(spec.operation);
    const deadlineMs = info.transfer ? options.timeouts.transferBodyMs : options.timeouts.totalMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), deadlineMs);
    timer.unref();
    let kept = false;
    let dispatched = false;
    const signal = spec.signal ? AbortSignal.any([spec.signal, deadline.signal]) : deadline.signal;
    const fail = (error: unknown): ServiceError => {
      const mapped = transportFailure({
        operation: spec.operation,
        error,
        dispatched,
        cancelled: spec.signal?.aborted === true,
        deadlineMs: deadline.signal.aborted ? deadlineMs : null,
      });
      return mapped;
    };
    try {
      if (spec.signal?.aborted) throw spec.signal.reason;
      const bearer = await token(spec.operation);
      const { payload, headers } = bodyOf(spec.body);
      dispatched = true;
      const response = await request(urlOf(spec), {
        method: spec.method,
        dispatcher: options.dispatcher,
        headers: { ...headers, accept, authorization: `Bearer ${bearer}` },
        body: payload ?? null,
        signal,
        headersTimeout: options.timeouts.headersMs,
        bodyTimeout: options.timeouts.bodyMs,
      });
      return await handle({
        response,
        fail,
        keepDeadline: () => {
          kept = true;
          return () => clearTimeout(timer);
        },
      });
    } catch (error) {
      throw fail(error);
    } finally {
      if (!kept) clearTimeout(timer);
    }
  }

  /** Non-2xx answers become errors here, after reading what the service said. */
  async function rejectStatus(spec: CallSpec, response: Dispatcher.ResponseData): Promise<never> {
    const body = await readErrorBody(response.body, ERROR_BODY_LIMIT);
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
    if (!lastToken) return error;
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
      const delayMs = nextRetryDelay({
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
          const { text, truncated } = await readBodyText(response.body, options.maxJsonBytes);
          const malformed = (detail: string) =>
            malformedFailure({ operation: spec.operation, status: response.statusCode, detail });
          if (truncated) throw malformed(`the body is larger than ${options.maxJsonBytes} bytes`);
          const decoded = parseJson(text);
          if (decoded === undefined)
            throw malformed(
              text.trim().length === 0 ? 'the body is empty' : 'the body is not valid JSON',
            );
          const parsed = parseWire(schema, decoded);
          if (!parsed.ok) throw rescrub(malformed(summariseProblems(parsed.problems)));
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
