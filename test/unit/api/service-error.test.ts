import { describe, expect, it } from 'vitest';
import { pickServiceError } from '../../../main/api/error-body';
import {
  httpFailure,
  malformedFailure,
  ServiceError,
  transportFailure,
} from '../../../main/api/service-error';

const both = (v2: Record<string, unknown>) => ({
  errors: [
    { code: 'ERR_NOT_FOUND', message: 'not found', deprecated: true, will_be_deprecated: true },
    { deprecated: false, will_be_deprecated: false, ...v2 },
  ],
});

describe('error mapping: HTTP answers', () => {
  it('prefers the non-deprecated error, whatever its position', () => {
    const error = httpFailure({
      operation: 'documents.remove',
      status: 404,
      body: both({ code: 'document.not_found', message: 'No document with id "d1".' }),
      retryAfterMs: null,
    });
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      code: 'document.not_found',
      serviceMessage: 'No document with id "d1".',
      retryable: false,
      outcomeUnknown: false,
    });
    expect(error.message).toBe(
      'Could not delete the document: the service refused the request (HTTP 404). ' +
        'The service said: “No document with id "d1".” [document.not_found]',
    );
  });

  it('takes a v2 error flagged will_be_deprecated only when nothing better is there', () => {
    expect(
      pickServiceError({
        errors: [
          { code: 'old', message: 'a', deprecated: true },
          { code: 'soon', message: 'b', deprecated: false, will_be_deprecated: true },
          { code: 'new', message: 'c', deprecated: false, will_be_deprecated: false },
        ],
      }),
    ).toEqual({ code: 'new', message: 'c' });
    expect(
      pickServiceError({
        errors: [{ code: 'soon', message: 'b', deprecated: false, will_be_deprecated: null }],
      }),
    ).toEqual({ code: 'soon', message: 'b' });
  });

  it('reads bare errors with code and message only (thread search, attachment download)', () => {
    const error = httpFailure({
      operation: 'threads.search',
      status: 400,
      body: { errors: [{ code: 'validation.invalid_body', message: 'on_page counts from 1' }] },
      retryAfterMs: null,
    });
    expect(error).toMatchObject({
      code: 'validation.invalid_body',
      serviceMessage: 'on_page counts from 1',
    });
  });

  it('survives error bodies that are not JSON, or not the spec’s shape', () => {
    const html = httpFailure({
      operation: 'alerts.search',
      status: 502,
      body: undefined,
      retryAfterMs: null,
    });
    expect(html).toMatchObject({
      kind: 'http',
      status: 502,
      code: null,
      serviceMessage: null,
      retryable: true,
    });
    expect(html.message).toBe(
      'Could not search the alerts: the service ran into a problem (HTTP 502).',
    );
    const loose = httpFailure({
      operation: 'alerts.search',
      status: 400,
      body: { error: 'bad limit' },
      retryAfterMs: null,
    });
    expect(loose).toMatchObject({ code: null, serviceMessage: 'bad limit' });
    const empty = httpFailure({
      operation: 'alerts.search',
      status: 400,
      body: { errors: [] },
      retryAfterMs: null,
    });
    expect(empty.serviceMessage).toBeNull();
  });

  it('maps 401 to auth, and 403 to auth only with an auth-looking code', () => {
    const of = (status: number, code: string) =>
      httpFailure({
        operation: 'customers.get',
        status,
        body: { errors: [{ code, message: 'x', deprecated: false }] },
        retryAfterMs: null,
      }).kind;
    expect(of(401, 'anything')).toBe('auth');
    expect(of(403, 'auth.token_expired')).toBe('auth');
    expect(of(403, 'ERR_UNAUTHORIZED')).toBe('auth');
    expect(of(403, 'token_revoked')).toBe('auth');
    expect(of(403, 'permission.denied')).toBe('http');
    expect(of(403, 'author.unknown')).toBe('http');
    expect(of(403, 'InvalidToken')).toBe('auth');
    const auth = httpFailure({
      operation: 'customers.get',
      status: 401,
      body: undefined,
      retryAfterMs: null,
    });
    expect(auth.message).toMatch(
      /^Could not read the customer: the service refused the access token \(HTTP 401\)\./,
    );
  });

  it('says when a write’s outcome is unknown, and keeps Retry-After', () => {
    const error = httpFailure({
      operation: 'kyt.createTransaction',
      status: 503,
      body: undefined,
      retryAfterMs: 2_000,
    });
    expect(error).toMatchObject({ outcomeUnknown: true, retryable: false, retryAfterMs: 2_000 });
    expect(error.message).toMatch(/It is not known whether the service applied it/);
    const throttled = httpFailure({
      operation: 'kyt.createTransaction',
      status: 429,
      body: undefined,
      retryAfterMs: 1_000,
    });
    expect(throttled).toMatchObject({ outcomeUnknown: false, retryable: true });
    expect(throttled.message).toMatch(/too many requests/);
  });
});

describe('error mapping: transport failures', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), {
    code: 'ECONNREFUSED',
  });
  const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });

  it('a refused connection never sent anything: even a write may be repeated', () => {
    const error = transportFailure({
      operation: 'customers.save',
      error: refused,
      dispatched: true,
      cancelled: false,
      deadlineMs: null,
    });
    expect(error).toMatchObject({
      kind: 'network',
      detail: 'ECONNREFUSED',
      retryable: true,
      outcomeUnknown: false,
    });
    expect(error.cause).toBe(refused);
  });

  it('a socket closed after sending leaves a write unknown', () => {
    expect(
      transportFailure({
        operation: 'customers.save',
        error: reset,
        dispatched: true,
        cancelled: false,
        deadlineMs: null,
      }),
    ).toMatchObject({ kind: 'network', retryable: false, outcomeUnknown: true });
  });

  it('names timeouts and cancellations', () => {
    const late = transportFailure({
      operation: 'alerts.search',
      error: new Error('aborted'),
      dispatched: true,
      cancelled: false,
      deadlineMs: 5_000,
    });
    expect(late).toMatchObject({ kind: 'timeout', retryable: true });
    expect(late.message).toBe(
      'Could not search the alerts: the service did not answer in time (no complete answer within 5 s).',
    );
    const headers = Object.assign(new Error('Headers Timeout Error'), {
      code: 'UND_ERR_HEADERS_TIMEOUT',
    });
    expect(
      transportFailure({
        operation: 'alerts.search',
        error: headers,
        dispatched: true,
        cancelled: false,
        deadlineMs: null,
      }).kind,
    ).toBe('timeout');
    expect(
      transportFailure({
        operation: 'alerts.search',
        error: new Error('x'),
        dispatched: true,
        cancelled: true,
        deadlineMs: null,
      }),
    ).toMatchObject({ kind: 'cancelled', retryable: false });
  });

  it('passes a ServiceError through unchanged', () => {
    const original = malformedFailure({ operation: 'alerts.search', detail: 'x', status: 200 });
    expect(
      transportFailure({
        operation: 'alerts.search',
        error: original,
        dispatched: true,
        cancelled: true,
        deadlineMs: 1,
      }),
    ).toBe(original);
  });

  it('serialises without its cause', () => {
    const error = transportFailure({
      operation: 'alerts.search',
      error: refused,
      dispatched: true,
      cancelled: false,
      deadlineMs: null,
    });
    const json = JSON.parse(JSON.stringify(error)) as Record<string, unknown>;
    expect(json).toMatchObject({
      name: 'ServiceError',
      kind: 'network',
      operation: 'alerts.search',
    });
    expect(json).not.toHaveProperty('cause');
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(Error);
  });
});
