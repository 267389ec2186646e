// The interface names dates without fixing their form (spec, Gaps): RFC 3339 with or without an
// offset, a bare date, or an epoch count in seconds or milliseconds, as a number or as text. One
// reader for all of them, so no screen or sync step turns an odd date into 1970 or "now".

/** Below this an epoch count is seconds (1e11 s is the year 5138; 1e11 ms is March 1973). */
const SECONDS_BELOW = 1e11;

const EPOCH_TEXT = /^[+-]?\d+(\.\d+)?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
// Date and time with a space or T, optional fraction, optional offset (Z, ±hh:mm, ±hhmm, ±hh).
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/** Milliseconds since the epoch of a date the service sent; null when empty or unreadable. */
export function parseServiceDate(value: unknown): number | null {
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  if (EPOCH_TEXT.test(text)) return fromEpoch(Number(text));
  const day = DATE_ONLY.exec(text);
  if (day) return utc(+day[1]!, +day[2]!, +day[3]!, 0, 0, 0, 0, 0);
  const moment = DATE_TIME.exec(text);
  if (!moment) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = moment;
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  return utc(+y!, +mo!, +d!, +h!, +mi!, s ? +s : 0, ms, offsetMinutes(zone));
}

function fromEpoch(count: number): number | null {
  if (!Number.isFinite(count)) return null;
  const ms = Math.abs(count) < SECONDS_BELOW ? count * 1000 : count;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? Math.round(ms) : null;
}

function offsetMinutes(zone: string | undefined): number {
  // No offset: the service's clock is read as UTC, the interface's only time zone.
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
  return sign * (hours * 60 + minutes);
}

function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  offset: number,
): number | null {
  if (month < 1 || month > 12 || day < 1 || hour > 24 || minute > 59 || second > 60) return null;
  const at = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59), ms);
  // Date.UTC rolls 31 February over into March: such a date is unreadable, not another day.
  const check = new Date(at);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) {
    if (!(hour === 24 && minute === 0 && second === 0)) return null;
  }
  return at - offset * 60_000;
}
