/** Classifies a failed request by the codes Node and undici put on the error or its causes. */
export type NetworkFailure = 'unreachable' | 'tls_error' | 'timeout' | 'other';

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);
const TIMEOUT = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
  'ABORT_ERR',
]);

/**
 * Failures that happen before the first byte of a request is written (no connection, no name, no
 * TLS handshake): the service cannot have seen the request, so even a write may be sent again.
 */
const BEFORE_SENDING = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function codesOf(error: unknown): { codes: string[]; names: string[] } {
  const codes: string[] = [];
  const names: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth += 1) {
    const { code, name, cause } = current as { code?: unknown; name?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof name === 'string') names.push(name);
    if (current instanceof AggregateError) {
      for (const inner of current.errors) codes.push(...codesOf(inner).codes);
    }
    current = cause;
  }
  return { codes, names };
}

export function classifyNetworkError(error: unknown): {
  kind: NetworkFailure;
  code: string | null;
} {
  const { codes, names } = codesOf(error);
  const first = codes[0] ?? null;
  if (names.includes('TimeoutError') || codes.some((code) => TIMEOUT.has(code))) {
    return { kind: 'timeout', code: first };
  }
  const tls = codes.find((code) => /CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code));
  if (tls) return { kind: 'tls_error', code: tls };
  const unreachable = codes.find((code) => UNREACHABLE.has(code));
  if (unreachable) return { kind: 'unreachable', code: unreachable };
  return { kind: 'other', code: first };
}

/** True when the request certainly never reached the server (see BEFORE_SENDING). */
export function failedBeforeSending(error: unknown): boolean {
  const { codes } = codesOf(error);
  if (codes.length === 0) return false;
  return codes.some(
    (code) => BEFORE_SENDING.has(code) || /CERT|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code),
  );
}
