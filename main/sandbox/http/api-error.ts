/**
 * The spec's default error body: `{errors: APIError[]}` with a deprecated v1 error beside its v2
 * counterpart (Errors 1–3). Thread search and attachment download answer with `code` and `message`
 * only (Errors 4).
 */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    /** The v2 code, e.g. `validation.invalid_body`. */
    readonly code: string,
    message: string,
    /** The legacy v1 code, e.g. `ERR_VALIDATION`. */
    readonly legacyCode: string = legacyFor(status),
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export type ErrorStyle = 'full' | 'bare';

export function errorBody(error: SandboxError, style: ErrorStyle): string {
  if (style === 'bare') {
    return JSON.stringify({ errors: [{ code: error.code, message: error.message }] });
  }
  return JSON.stringify({
    errors: [
      {
        code: error.legacyCode,
        message: error.message,
        deprecated: true,
        will_be_deprecated: true,
      },
      { code: error.code, message: error.message, deprecated: false, will_be_deprecated: false },
    ],
  });
}

function legacyFor(status: number): string {
  switch (status) {
    case 400:
      return 'ERR_BAD_REQUEST';
    case 401:
      return 'ERR_UNAUTHORIZED';
    case 403:
      return 'ERR_FORBIDDEN';
    case 404:
      return 'ERR_NOT_FOUND';
    case 405:
      return 'ERR_METHOD_NOT_ALLOWED';
    case 409:
      return 'ERR_CONFLICT';
    case 413:
      return 'ERR_PAYLOAD_TOO_LARGE';
    case 415:
      return 'ERR_UNSUPPORTED_MEDIA_TYPE';
    case 422:
      return 'ERR_VALIDATION';
    case 429:
      return 'ERR_TOO_MANY_REQUESTS';
    default:
      return status >= 500 ? 'ERR_INTERNAL' : 'ERR_REQUEST';
  }
}

export const badRequest = (code: string, message: string) => new SandboxError(400, code, message);
export const notFound = (what: string, id: string) =>
  new SandboxError(
    404,
    `${what}.not_found`,
    `No ${what.replace(/_/g, ' ')} with id ${JSON.stringify(id)}.`,
  );
