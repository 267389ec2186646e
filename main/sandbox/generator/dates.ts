// Date helpers. The generator never reads the clock: every instant is derived from the `now` the
// caller passes, so a tenant is reproducible.
import type { Rng } from './rng';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
export const YEAR = 365.25 * DAY;

/** ISO 8601 in UTC with whole seconds, e.g. 2025-03-04T10:22:31Z. */
export function isoSeconds(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().slice(0, 19) + 'Z';
}

/** YYYY-MM-DD (UTC). */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

export function parseIsoMs(text: string): number | null {
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** Whole years between a YYYY-MM-DD birth date and an instant; null when the date is unusable. */
export function ageAt(dateOfBirth: string, atMs: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return null;
  const at = new Date(atMs);
  let age = at.getUTCFullYear() - Number(match[1]);
  const beforeBirthday =
    at.getUTCMonth() + 1 < Number(match[2]) ||
    (at.getUTCMonth() + 1 === Number(match[2]) && at.getUTCDate() < Number(match[3]));
  if (beforeBirthday) age--;
  return age;
}

/**
 * Moves an instant into office hours (Mon–Fri, 07:00–18:59 UTC) at or after it: people answer
 * mail and review alerts during the working day, while automatic jobs run at any hour.
 *
 * It always draws the same two numbers, whether the instant needs moving or not: how many draws
 * it takes must not depend on the instant, which follows `now`'s time of day, or everything the
 * caller draws afterwards (a customer's names, an alert's later steps) would change with the
 * hour at which the tenant was generated.
 */
export function officeHours(ms: number, rng: Rng): number {
  const minute = rng.int(0, 179);
  const second = rng.int(0, 59);
  let t = ms;
  for (let guard = 0; guard < 4; guard++) {
    const date = new Date(t);
    const day = date.getUTCDay();
    const hour = date.getUTCHours();
    const weekend = day === 0 || day === 6;
    if (!weekend && hour >= 7 && hour < 19) return t;
    const addDays = !weekend && hour < 7 ? 0 : 1;
    t = Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth(),
      date.getUTCDate() + addDays,
      7,
      minute,
      second,
    );
  }
  return t;
}

/** A random date of birth for someone aged between `minAge` and `maxAge` at `nowMs`. */
export function birthDate(rng: Rng, nowMs: number, minAge: number, maxAge: number): string {
  const age = rng.normal((minAge + maxAge) / 2, (maxAge - minAge) / 4, minAge, maxAge);
  return isoDate(nowMs - age * YEAR - rng.int(0, 364) * DAY);
}
