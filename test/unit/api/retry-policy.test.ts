import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationName } from '../../../main/api/operations';
import {
  assessFailure,
  backoffDelay,
  nextRetryDelay,
  parseRetryAfter,
  retryAfterFor,
  type Failure,
} from '../../../main/api/retry-policy';

const retry = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_000 };
const http = (status: number): Failure => ({ kind: 'http', status, notSent: false });
const sent = (kind: Failure['kind']): Failure => ({ kind, status: null, notSent: false });
const notSent = (kind: Failure['kind']): Failure => ({ kind, status: null, notSent: true });

describe('which operations are safe to repeat', () => {
  it('reads are the GETs and the three searches; every other call is a write', () => {
    const reads = (Object.keys(OPERATIONS) as OperationName[])
      .filter((name) => OPERATIONS[name].safety === 'read')
      .sort();
    expect(reads).toEqual([
      'alerts.search',
      'attachments.download',
      'customers.get',
      'customers.stats',
      'customers.timeline',
      'documents.download',
      'documents.search',
      'press.reportBody',
      'threads.search',
    ]);
    expect(Object.keys(OPERATIONS)).toHaveLength(16);
    // The instant report is a POST that creates a report: not a search.
    expect(OPERATIONS['press.instantReport'].safety).toBe('write');
  });
});

describe('assessFailure', () => {
  it.each([429, 500, 502, 503, 504])('a read is repeated after HTTP %i', (status) => {
    expect(assessFailure('read', http(status))).toEqual({ retryable: true, outcomeUnknown: false });
  });

  it.each([400, 404, 405, 409, 413, 415, 422, 501])('HTTP %i is final for anyone', (status) => {
    expect(assessFailure('read', http(status))).toEqual({
      retryable: false,
      outcomeUnknown: false,
    });
    expect(assessFailure('write', http(status))).toEqual({
      retryable: false,
      outcomeUnknown: false,
    });
  });

  it.each(['network', 'timeout', 'malformed'] as const)('a read is repeated after %s', (kind) => {
    expect(assessFailure('read', sent(kind))).toEqual({ retryable: true, outcomeUnknown: false });
  });

  it.each([500, 502, 503, 504])('a write that got HTTP %i has an unknown outcome', (status) => {
    expect(assessFailure('write', http(status))).toEqual({
      retryable: false,
      outcomeUnknown: true,
    });
  });

  it.each(['network', 'timeout', 'malformed'] as const)(
    'a write sent and then met by %s has an unknown outcome and is not repeated',
    (kind) => {
      expect(assessFailure('write', sent(kind))).toEqual({
        retryable: false,
        outcomeUnknown: true,
      });
    },
  );

  it('a write that never left (connection refused, connect timeout) may be repeated', () => {
    expect(assessFailure('write', notSent('network'))).toEqual({
      retryable: true,
      outcomeUnknown: false,
    });
    expect(assessFailure('write', notSent('timeout'))).toEqual({
      retryable: true,
      outcomeUnknown: false,
    });
  });

  it('a throttled write (429) was refused before it was done: repeated, outcome known', () => {
    expect(assessFailure('write', http(429))).toEqual({ retryable: true, outcomeUnknown: false });
  });

  it('auth and cancellation are never repeated; a cancelled write in flight is unknown', () => {
    expect(assessFailure('read', http(401))).toEqual({ retryable: false, outcomeUnknown: false });
    expect(assessFailure('write', { kind: 'auth', status: 401, notSent: false })).toEqual({
      retryable: false,
      outcomeUnknown: false,
    });
    expect(assessFailure('write', sent('cancelled'))).toEqual({
      retryable: false,
      outcomeUnknown: true,
    });
    expect(assessFailure('write', notSent('cancelled'))).toEqual({
      retryable: false,
      outcomeUnknown: false,
    });
    expect(assessFailure('read', sent('cancelled')).retryable).toBe(false);
  });
});

describe('backoff', () => {
  it('doubles its ceiling per attempt up to maxDelayMs, with full jitter', () => {
    const top = () => 0.999_999;
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, retry, top))).toEqual([
      99, 199, 399, 799, 999, 999,
    ]);
    expect(backoffDelay(3, retry, () => 0)).toBe(0);
    expect(backoffDelay(3, retry, () => 0.5)).toBe(200);
  });

  it('stays within [0, min(max, base·2^(n−1))) whatever the random source says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 120_000 }),
        (attempt, random, baseDelayMs, maxDelayMs) => {
          const delay = backoffDelay(attempt, { baseDelayMs, maxDelayMs }, () => random);
          const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
          return (
            Number.isInteger(delay) && delay >= 0 && delay < ceiling + 1 && delay <= maxDelayMs
          );
        },
      ),
    );
  });
});

describe('Retry-After', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('reads delay-seconds and HTTP dates', () => {
    expect(parseRetryAfter('1', now)).toBe(1_000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 01 Mar 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(['2', '9'], now)).toBe(2_000);
  });

  it('ignores what it cannot read', () => {
    for (const value of [undefined, '', 'soon', '-3', '1.5e3'])
      expect(parseRetryAfter(value, now)).toBeNull();
  });

  it('is honoured on 429 and 503 only', () => {
    expect(retryAfterFor(429, '3', now)).toBe(3_000);
    expect(retryAfterFor(503, '3', now)).toBe(3_000);
    expect(retryAfterFor(500, '3', now)).toBeNull();
  });

  it('wins over backoff, capped by maxDelayMs, and only while attempts remain', () => {
    const base = { retryable: true, attempt: 1, retry, random: () => 0.5 };
    expect(nextRetryDelay({ ...base, retryAfterMs: 700 })).toBe(700);
    expect(nextRetryDelay({ ...base, retryAfterMs: 60_000 })).toBe(1_000);
    expect(nextRetryDelay({ ...base, retryAfterMs: null })).toBe(50);
    expect(nextRetryDelay({ ...base, retryAfterMs: null, attempt: 5 })).toBeNull();
    expect(nextRetryDelay({ ...base, retryAfterMs: 700, retryable: false })).toBeNull();
  });
});
