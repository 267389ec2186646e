import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { operationInfo, type OperationName } from './operations';
import type { RetryOptions } from './retry-policy';
import type { ServiceError } from './service-error';

// The vocabulary between the resource modules and the transport: what a call is, what it may
// carry, what comes back, and the client's knobs.

export interface ClientTimeouts {
  /** Establishing a connection (applies to the dispatcher the client creates itself). */
  connectMs: number;
  /**
   * Idle time allowed before the response headers arrive (and between upload chunks). undici
   * checks this and bodyMs on a coarse timer (about a second); totalMs is exact.
   */
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
  /** See CallSpec.waitsForRetryAfter. */
  waitsForRetryAfter?: boolean;
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
  /**
   * The caller waits as long as the service asks and says so (a batch): a Retry-After longer than
   * the client would wait is handed back to it instead of being tried again early.
   */
  waitsForRetryAfter?: boolean;
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

/**
 * A path parameter, encoded. `.` and `..` cannot be sent at all: URL parsing (WHATWG, in undici and
 * in most servers) resolves them away even percent-encoded, so the call would reach another path.
 */
export function pathSegment(operation: OperationName, value: string): string {
  if (value.length === 0) throw new TypeError(`${couldNot(operation)}: the identifier is empty.`);
  if (value === '.' || value === '..')
    throw new TypeError(
      `${couldNot(operation)}: the identifier "${value}" cannot be used in a URL path.`,
    );
  try {
    return encodeURIComponent(value);
  } catch {
    // URIError: a lone UTF-16 surrogate, which no URL (and no real identifier) can hold.
    throw new TypeError(`${couldNot(operation)}: the identifier is not valid Unicode text.`);
  }
}

export const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  delay(ms, undefined, signal ? { signal } : undefined);

const couldNot = (operation: OperationName): string =>
  `Could not ${operationInfo(operation).action}`;
