/**
 * Replaces every known secret in a serialisable value. The token never goes to the renderer by
 * design; this is the last line of defence should an error message or payload ever carry one.
 */
export type SecretSource = () => Iterable<string>;

export const REDACTED = '[redacted]';

export function redactSecrets<T>(value: T, secrets: Iterable<string>): T {
  const list = [...secrets].filter((secret) => secret.length >= 4);
  if (list.length === 0) return value;
  const json = JSON.stringify(value);
  if (json === undefined) return value;
  if (!list.some((secret) => json.includes(secret))) return value;
  return scrub(value, list) as T;
}

function scrub(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') {
    return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (Array.isArray(value)) return value.map((item) => scrub(item, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [scrub(key, secrets), scrub(item, secrets)]),
    );
  }
  return value;
}
