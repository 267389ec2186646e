/**
 * Replaces every known secret in a serialisable value. The token never goes to the renderer by
 * design; this is the last line of defence should an error message or payload ever carry one.
 * It looks at the values themselves, never at their JSON text: JSON escapes `"` and `\`, so a
 * token holding them would not be found there (and an Error's message is not in its JSON at all).
 */
export type SecretSource = () => Iterable<string>;

export const REDACTED = '[redacted]';

export function redactSecrets<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets].filter((secret) => secret.length >= 4);
  if (list.length === 0) return value;
  // Most replies hold no secret: look before copying anything.
  if (!holds(value, list)) return value;
  return scrub(value, list) as T;
}

const hasSecret = (text: string, secrets: string[]) =>
  secrets.some((secret) => text.includes(secret));

function holds(value: unknown, secrets: string[]): boolean {
  if (typeof value === 'string') return hasSecret(value, secrets);
  if (Array.isArray(value)) return value.some((item) => holds(item, secrets));
  if (value instanceof Error) {
    return (
      hasSecret(value.message, secrets) ||
      hasSecret(value.stack ?? '', secrets) ||
      holds(value.cause, secrets) ||
      holds({ ...value }, secrets)
    );
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, item]) => hasSecret(key, secrets) || holds(item, secrets),
    );
  }
  return false;
}

function scrub(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') {
    return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets));
  if (value instanceof Error) return scrubError(value, secrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scrub(key, secrets), scrub(item, secrets)]),
    );
  }
  return value;
}

/** A copy of the error, of the same class, with its message, stack, cause and fields scrubbed. */
function scrubError(error: Error, secrets: string[]): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  Object.assign(copy, scrub({ ...error }, secrets));
  const hidden = (name: string, item: unknown) =>
    Object.defineProperty(copy, name, { value: item, writable: true, configurable: true });
  hidden('message', scrub(error.message, secrets));
  if (error.stack !== undefined) hidden('stack', scrub(error.stack, secrets));
  if (error.cause !== undefined) hidden('cause', scrub(error.cause, secrets));
  return copy;
}
