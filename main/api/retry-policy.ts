import type { Safety } from './operations';

/**
 * When a failed call may be sent again, and after how long. Pure functions, so the policy can be
 * read and tested in one place:
 *
 * - Reads (GETs and the searches) are repeated after network failures, timeouts, malformed bodies,
 *   429 and 500/502/503/504.
 * - Writes are repeated only when the service cannot have acted: nothing was sent (connection
 *   refused, name not resolved, connect timeout) or the service said 429, which refuses a request
 *   before doing it. Any other failure after sending (dropped connection, timeout, 5xx, a body we
 *   cannot read) leaves the outcome unknown: reported with `outcomeUnknown`, never repeated, so the
 *   outbox can reconcile it instead of applying the change twice.
 */

export type FailureKind = 'network' | 'timeout' | 'http' | 'auth' | 'malformed' | 'cancelled';

export interface RetryOptions {
  /** Attempts in all, the first one included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 4, baseDelayMs: 250, maxDelayMs: 10_000 };

/** Statuses that say "try again later" (RFC 9110 §15.6, RFC 6585 §4). */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504]);
/** Statuses whose Retry-After header we honour (RFC 9110 §10.2.3). */
const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export interface Failure {
  kind: FailureKind;
  status: number | null;
  /** True when the request certainly never left this machine (e.g. connection refused). */
  notSent: boolean;
}

export interface Assessment {
  retryable: boolean;
  outcomeUnknown: boolean;
}

export function assessFailure(safety: Safety, failure: Failure): Assessment {
  const write = safety === 'write';
  switch (failure.kind) {
    case 'auth':
      return { retryable: false, outcomeUnknown: false };
    case 'cancelled':
      return { retryable: false, outcomeUnknown: write && !failure.notSent };
    case 'http': {
      const status = failure.status ?? 0;
      if (status === 429) return { retryable: true, outcomeUnknown: false };
      if (TRANSIENT_STATUSES.has(status))
        return write
          ? { retryable: false, outcomeUnknown: true }
          : { retryable: true, outcomeUnknown: false };
      // Any other answer is the service's considered refusal: repeating it changes nothing.
      return { retryable: false, outcomeUnknown: false };
    }
    case 'network':
    case 'timeout':
      if (failure.notSent) return { retryable: true, outcomeUnknown: false };
      return write
        ? { retryable: false, outcomeUnknown: true }
        : { retryable: true, outcomeUnknown: false };
    case 'malformed':
      // A 2xx whose body we cannot read: a write was probably applied, we just cannot tell.
      return write
        ? { retryable: false, outcomeUnknown: true }
        : { retryable: true, outcomeUnknown: false };
  }
}

/** Exponential backoff with full jitter: uniform in [0, min(max, base·2^(attempt−1))). */
export function backoffDelay(
  attempt: number,
  retry: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'>,
  random: () => number,
): number {
  const ceiling = Math.min(retry.maxDelayMs, retry.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  const share = Math.min(Math.max(random(), 0), 1);
  return Math.floor(share * ceiling);
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(
  value: string | string[] | undefined,
  nowMs: number,
): number | null {
  const raw = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!raw) return null;
  if (/^\d+$/.test(raw)) return Number(raw) * 1000;
  // Every HTTP-date form starts with a day name; anything else ('-3', '1.5e3') is not one.
  if (!/^[A-Za-z]/.test(raw)) return null;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** The Retry-After a failure carries, if its status is one that may send it. */
export function retryAfterFor(
  status: number,
  header: string | string[] | undefined,
  nowMs: number,
): number | null {
  return RETRY_AFTER_STATUSES.has(status) ? parseRetryAfter(header, nowMs) : null;
}

/**
 * How long to wait before attempt `attempt + 1`, or null to give up. The service's Retry-After wins
 * over the backoff, capped by maxDelayMs so a distant date cannot freeze a sync.
 */
export function nextRetryDelay(input: {
  retryable: boolean;
  retryAfterMs: number | null;
  attempt: number;
  retry: RetryOptions;
  random: () => number;
}): number | null {
  if (!input.retryable || input.attempt >= input.retry.maxAttempts) return null;
  if (input.retryAfterMs !== null) return Math.min(input.retryAfterMs, input.retry.maxDelayMs);
  return backoffDelay(input.attempt, input.retry, input.random);
}
