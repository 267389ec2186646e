/**
 * Reads a date the service sent, in any form the interface lets it take: the spec types dates
 * as strings without naming a format, and real tenants send RFC 3339 with and without an offset,
 * bare dates and Unix epochs (seconds or milliseconds, as numbers or numeric strings).
 * Returns milliseconds since the epoch, or null when the value cannot be read — callers keep the
 * raw value and decide; nothing here throws.
 */

/** Largest magnitude a JavaScript Date can hold (ECMA-262 §21.4.1.1). */
const MAX_DATE_MS = 8.64e15;

/**
 * Epochs below this are seconds, above it milliseconds: 1e11 seconds is the year 5138, while
 * 1e11 milliseconds is March 1973 — no service date falls in the ambiguous band.
 */
const SECONDS_BELOW = 1e11;

const NUMERIC = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

export function parseServiceDate(value: unknown): number | null {
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (NUMERIC.test(text)) return fromEpoch(Number(text));
  return fromCalendar(text);
}

function fromEpoch(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  const ms = Math.abs(n) < SECONDS_BELOW ? n * 1000 : n;
  return inRange(Math.round(ms));
}

function fromCalendar(text: string): number | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', offset] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  // 60 is a leap second (RFC 3339 §5.6); read as the last instant of the minute.
  const second = Math.min(Number(s), 59.999);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || Number(s) > 60) return null;
  const millis = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, Math.floor(second), s === '60' ? 999 : millis);
  const offsetMs = offset ? offsetMillis(offset) : 0;
  if (offsetMs === null) return null;
  return inRange(date.getTime() - offsetMs);
}

function offsetMillis(offset: string): number | null {
  if (offset === 'Z' || offset === 'z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes) * 60_000;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28;
  return new Date(Date.UTC(2001, month, 0)).getUTCDate();
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function inRange(ms: number): number | null {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? ms : null;
}
