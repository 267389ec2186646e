// One way to show dates, sizes and counts everywhere, in the user's locale.

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const number = new Intl.NumberFormat();

export type DateInput = string | number | null | undefined;

/** Below this an epoch number counts seconds, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_UP_TO = 1e11;
const EPOCH_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/** RFC 3339 / ISO 8601: a day, or a day and a time with or without an offset. */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;
/** A day in words ("Tue, 1 Dec 2026 10:00:00 GMT", mail headers): a month's name and a year. */
const WORDED_DATE =
  /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b.*\b\d{4}\b|\b\d{4}\b.*\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
/** Years a record of the service can carry; outside them the value is a writer's placeholder. */
const EARLIEST_MS = Date.UTC(1000, 0, 1);
const LATEST_MS = Date.UTC(10000, 0, 1);

const plausible = (ms: number): Date | null =>
  Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS && ms !== 0 ? new Date(ms) : null;

/** An epoch number within 1970 is a placeholder (0, 1, -1…), not a time the service recorded. */
const FIRST_EPOCH_YEAR_MS = Date.UTC(1971, 0, 1);

function fromEpoch(value: number): Date | null {
  if (!Number.isFinite(value) || value <= 0) return null;
  const ms = value < SECONDS_UP_TO ? value * 1000 : value;
  return ms < FIRST_EPOCH_YEAR_MS ? null : plausible(ms);
}

function fromIso(match: RegExpMatchArray): Date | null {
  const [, year, month, day, hour, minute, second, fraction, offset] = match;
  const y = Number(year);
  const mo = Number(month);
  const d = Number(day);
  const h = Number(hour ?? 0);
  const mi = Number(minute ?? 0);
  const s = Number(second ?? 0);
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  // Without an offset the service's times are read as UTC, as main pages by them.
  const base = Date.UTC(y, mo - 1, d, h, mi, s, fraction ? Math.round(Number(fraction) * 1000) : 0);
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCDate() !== d) return null;
  let shift = 0;
  if (offset && offset.toUpperCase() !== 'Z') {
    const digits = offset.replace(':', '');
    const sign = digits.startsWith('-') ? -1 : 1;
    shift = sign * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * 60_000;
  }
  const ms = base - shift;
  // 1970-01-01T00:00:00Z is how a missing date comes out of an epoch of 0.
  return ms === 0 ? null : plausible(ms);
}

/**
 * A date as the service or the cache may hold it: RFC 3339 with or without an offset, epoch
 * seconds or milliseconds as a number or a string, a date in words. Null for anything else
 * (empty, "0", "not a date", a year past 9999): shown as "—", never as 1970 or "Invalid Date".
 */
export function parseDate(value: DateInput): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (EPOCH_NUMBER.test(text)) return fromEpoch(Number(text));
  const iso = text.match(ISO_DATE);
  if (iso) return fromIso(iso);
  return WORDED_DATE.test(text) ? plausible(Date.parse(text)) : null;
}

/** The value as received, for the tooltip of a date that could not be read. */
export function rawDateText(value: DateInput): string {
  if (value === null || value === undefined) return 'no date';
  if (typeof value === 'string' && value.trim() === '') return 'an empty date';
  return typeof value === 'string' ? `"${value}"` : String(value);
}

/** The same instant as RFC 3339, for a <time dateTime>; undefined when unreadable. */
export function isoDate(value: DateInput): string | undefined {
  return parseDate(value)?.toISOString();
}

export function formatDateTime(value: DateInput): string {
  const date = parseDate(value);
  return date ? dateTime.format(date) : '—';
}

export function formatDate(value: DateInput): string {
  const date = parseDate(value);
  return date ? dateOnly.format(date) : '—';
}

export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : number.format(value);
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || bytes < 0) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** "3 days ago", "in 2 hours": for ages and due dates. */
export function formatRelative(value: DateInput, now = Date.now()): string {
  const date = parseDate(value);
  if (!date) return '—';
  const seconds = Math.round((date.getTime() - now) / 1000);
  const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of steps) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return relative.format(seconds, 'second');
}

const shortDateTime = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * A date with its time where a list is tight: the year only when it is not this one ("Nov 24,
 * 3:08 PM"; "Nov 24, 2025, 3:08 PM").
 */
export function formatDateTimeShort(value: DateInput): string {
  const date = parseDate(value);
  if (!date) return '—';
  return date.getFullYear() === new Date().getFullYear()
    ? shortDateTime.format(date)
    : dateTime.format(date);
}
