import type { JsonValue } from '../../preload/contract';

// Reading the raw JSON the cache keeps. A stored value may be damaged (a disk error, a hand edit, an
// older CaseDesk): every reader here answers "nothing" for what it cannot read, so one bad record
// shows as empty fields instead of failing the whole screen.

export type JsonObject = { [key: string]: JsonValue };

/** The stored text as JSON; undefined when there is none or it cannot be read. */
export function parseJson(text: string | null | undefined): JsonValue | undefined {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

export function asObject(value: JsonValue | undefined): JsonObject | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/** The stored text as a JSON object; null when it is missing, damaged or not an object. */
export function parseObject(text: string | null | undefined): JsonObject | null {
  return asObject(parseJson(text));
}

export function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}

/** A value as a person reads it: text as is, numbers and booleans written out, nothing as ''. */
export function displayText(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A string field, or '' when absent or of another type. */
export function text(value: JsonValue | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** A non-empty string field, or null (the service sends '' for "none" in places). */
export function optionalText(value: JsonValue | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function numberOrNull(value: JsonValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

export function strings(value: JsonValue | undefined): string[] {
  return asArray(value).filter((item): item is string => typeof item === 'string');
}

/** `|a|b|` as written by `listKey`, back to its elements. */
export function listValues(key: string | null | undefined): string[] {
  return key ? key.split('|').filter(Boolean) : [];
}

/** Milliseconds as an ISO timestamp; null for 0 (the cache's "unknown") or an impossible date. */
export function isoOrNull(ms: number | null | undefined): string | null {
  if (!ms) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
