import { pickServiceError } from './error-body';
import { classifyNetworkError, failedBeforeSending } from './network-error';
import { operationInfo, type OperationName } from './operations';
import { assessFailure, type FailureKind } from './retry-policy';

export type ServiceErrorKind = FailureKind;

export interface ServiceErrorInit {
  operation: OperationName;
  kind: ServiceErrorKind;
  status?: number | null;
  code?: string | null;
  /** What the service said, from its error body. */
  serviceMessage?: string | null;
  /** Our own precision: the field path of a malformed body, the network error code, the delay. */
  detail?: string | null;
  retryable: boolean;
  outcomeUnknown: boolean;
  retryAfterMs?: number | null;
  cause?: unknown;
  /** A body the wire schema refused, as decoded: set aside by the sync, never logged or sent on. */
  refusedBody?: unknown;
}

/**
 * Every failure of a service call, mapped once. `message` is a sentence an investigator can act on
 * and names the operation; the fields are for code (sync, outbox, connectivity state). It never
 * holds the access token: the transport scrubs what the service echoes, and `toJSON` leaves out
 * the cause.
 */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  readonly operation: OperationName;
  readonly kind: ServiceErrorKind;
  readonly status: number | null;
  readonly code: string | null;
  readonly serviceMessage: string | null;
  readonly detail: string | null;
  readonly retryable: boolean;
  readonly outcomeUnknown: boolean;
  readonly retryAfterMs: number | null;
  /** Left out of toJSON: it is the service's data, for the unreadable-records list only. */
  readonly refusedBody: unknown;

  constructor(init: ServiceErrorInit) {
    super(describe(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.operation = init.operation;
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.code = init.code ?? null;
    this.serviceMessage = init.serviceMessage ?? null;
    this.detail = init.detail ?? null;
    this.retryable = init.retryable;
    this.outcomeUnknown = init.outcomeUnknown;
    this.retryAfterMs = init.retryAfterMs ?? null;
    this.refusedBody = init.refusedBody;
  }

  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      message: this.message,
      operation: this.operation,
      kind: this.kind,
      status: this.status,
      code: this.code,
      serviceMessage: this.serviceMessage,
      detail: this.detail,
      retryable: this.retryable,
      outcomeUnknown: this.outcomeUnknown,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ServiceError;
}

function describe(init: ServiceErrorInit): string {
  // In words only: the operation's internal name stays in the log and in toJSON().
  const head = `Could not ${operationInfo(init.operation).action}`;
  const said = init.serviceMessage ? ` The service said: “${init.serviceMessage}”` : '';
  const code = init.code ? ` [${init.code}]` : '';
  const unknown = init.outcomeUnknown
    ? ' It is not known whether the service applied it; CaseDesk will check before sending it again.'
    : '';
  const status = init.status ?? 0;
  switch (init.kind) {
    case 'auth':
      if (init.status === null || init.status === undefined)
        return `${head}: no usable access token is stored for this profile. Paste the token again in the profile settings.`;
      return (
        `${head}: the service refused the access token (HTTP ${status}).${said}${code} ` +
        'Check that the token was pasted whole and has not expired, or ask your administrator for a new one.'
      );
    case 'http': {
      const reason =
        status === 429
          ? 'the service is receiving too many requests and asked CaseDesk to slow down'
          : status >= 500
            ? `the service ran into a problem (HTTP ${status})`
            : status >= 300 && status < 400
              ? `the service redirected the request elsewhere (HTTP ${status}${init.detail ? ` to ${init.detail}` : ''})`
              : `the service refused the request (HTTP ${status})`;
      return `${head}: ${reason}.${said}${code}${unknown}`;
    }
    case 'network':
      return `${head}: the connection to the service failed${init.detail ? ` (${init.detail})` : ''}. Check the network, VPN or proxy.${unknown}`;
    case 'timeout':
      return `${head}: the service did not answer in time${init.detail ? ` (${init.detail})` : ''}.${unknown}`;
    case 'malformed':
      return `${head}: the service’s reply was not in the expected form${init.detail ? `: ${init.detail}` : ''}.${unknown}`;
    case 'cancelled':
      return `${head}: the request was cancelled.${unknown}`;
  }
}

// Codes naming the credentials: auth.token_expired, ERR_UNAUTHORIZED, InvalidToken… (not author.*).
const AUTH_CODE = /unauthori[sz]ed|unauthenticated|auth(?!or)|token|credential|expired/i;

/** An HTTP answer outside 2xx, with the error body (already parsed, or undefined). */
export function httpFailure(input: {
  operation: OperationName;
  status: number;
  body: unknown;
  retryAfterMs: number | null;
  location?: string | null;
}): ServiceError {
  const picked = pickServiceError(input.body) ?? looseError(input.body);
  const code = picked?.code && picked.code !== 'unknown' ? picked.code : null;
  const serviceMessage = picked?.message ? picked.message : null;
  // 401 is always about the credentials; 403 only when its code says so (a 403 can also be a
  // permission the token lacks, which a new token will not fix).
  const auth =
    input.status === 401 || (input.status === 403 && code !== null && AUTH_CODE.test(code));
  const kind: ServiceErrorKind = auth ? 'auth' : 'http';
  const safety = operationInfo(input.operation).safety;
  return new ServiceError({
    operation: input.operation,
    kind,
    status: input.status,
    code,
    serviceMessage,
    detail: input.location ?? null,
    retryAfterMs: input.retryAfterMs,
    ...assessFailure(safety, { kind, status: input.status, notSent: false }),
  });
}

/** Error bodies that are not the spec's `{errors: […]}`: `{code, message}` or `{error: "…"}`. */
function looseError(body: unknown): { code: string; message: string } | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const record = body as Record<string, unknown>;
  const message = [record.message, record.error, record.detail].find(
    (value): value is string => typeof value === 'string' && value.length > 0,
  );
  const code = typeof record.code === 'string' ? record.code : 'unknown';
  return message ? { code, message } : null;
}

/** A thrown error from the network layer (undici, sockets, DNS, TLS). */
export function transportFailure(input: {
  operation: OperationName;
  error: unknown;
  /** False while no request was dispatched yet (a pre-aborted signal). */
  dispatched: boolean;
  cancelled: boolean;
  deadlineMs: number | null;
}): ServiceError {
  const safety = operationInfo(input.operation).safety;
  if (input.error instanceof ServiceError) return input.error;
  if (input.cancelled) {
    return new ServiceError({
      operation: input.operation,
      kind: 'cancelled',
      cause: input.error,
      ...assessFailure(safety, { kind: 'cancelled', status: null, notSent: !input.dispatched }),
    });
  }
  const notSent = !input.dispatched || failedBeforeSending(input.error);
  const classified = classifyNetworkError(input.error);
  const kind: ServiceErrorKind =
    input.deadlineMs !== null || classified.kind === 'timeout' ? 'timeout' : 'network';
  const detail =
    input.deadlineMs !== null
      ? `no complete answer within ${formatDuration(input.deadlineMs)}`
      : (classified.code ?? shortMessage(input.error));
  return new ServiceError({
    operation: input.operation,
    kind,
    detail,
    cause: input.error,
    ...assessFailure(safety, { kind, status: null, notSent }),
  });
}

export function malformedFailure(input: {
  operation: OperationName;
  detail: string;
  status: number | null;
  refusedBody?: unknown;
}): ServiceError {
  return new ServiceError({
    operation: input.operation,
    kind: 'malformed',
    status: input.status,
    detail: input.detail,
    refusedBody: input.refusedBody,
    ...assessFailure(operationInfo(input.operation).safety, {
      kind: 'malformed',
      status: input.status,
      notSent: false,
    }),
  });
}

/** Errors without a code (a proxy refusing a tunnel…) still say something; kept short. */
function shortMessage(error: unknown): string | null {
  if (!(error instanceof Error) || !error.message) return null;
  return error.message.length > 160 ? `${error.message.slice(0, 157)}…` : error.message;
}

function formatDuration(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
