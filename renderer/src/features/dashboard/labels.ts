import type { RangeBucket } from '../../../../preload/contract';
import type { TickStep } from './time-series';

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

/** "Under a day", "1–6 days", "90+ days". */
export function ageLabel(bucket: RangeBucket): string {
  if (bucket.to === null) return `${bucket.from}+ days`;
  const last = bucket.to - 1;
  if (last === bucket.from)
    return bucket.from === 0
      ? 'Under 1 day'
      : `${bucket.from} ${plural(bucket.from, 'day', 'days')}`;
  return `${bucket.from}–${last} days`;
}

/** "0–9", "90–100". */
export function scoreLabel(bucket: RangeBucket): string {
  const last = bucket.to === null || bucket.to >= 100 ? 100 : bucket.to - 1;
  return `${bucket.from}–${last}`;
}

/** The same, short enough for a narrow column: "0–9", "90+". */
export function scoreAxisLabel(bucket: RangeBucket): string {
  return bucket.to === null || bucket.to >= 100 ? `${bucket.from}+` : scoreLabel(bucket);
}

/** The score bars' colours elsewhere (85 high, 60 medium); the bucket holding 85 already reads high. */
export function scoreLevel(bucket: RangeBucket): 'low' | 'medium' | 'high' {
  if (bucket.from >= 80) return 'high';
  if (bucket.from >= 60) return 'medium';
  return 'low';
}

const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const fullDayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const shortMonthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', timeZone: 'UTC' });
const yearFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', timeZone: 'UTC' });

/**
 * A date axis tick (seconds since 1970, UTC): "5 Jan" when the ticks step in days; "Feb" when
 * they step in months, with the year where one begins and on the first tick; "2026" for years.
 */
export function dateTickLabel(seconds: number, step: TickStep, first: boolean): string {
  const date = new Date(seconds * 1000);
  if (step === 'year') return yearFormat.format(date);
  if (step === 'month')
    return (first || date.getUTCMonth() === 0 ? monthFormat : shortMonthFormat).format(date);
  return dayFormat.format(date);
}

/** "5 Jan 2026" or "Week of 5 Jan 2026". */
export function periodLabel(key: string, granularity: 'day' | 'week'): string {
  const day = fullDayFormat.format(asDate(key));
  return granularity === 'week' ? `Week of ${day}` : day;
}

/** The period inside a sentence: "on 5 Jan 2026", "in the week of 5 Jan 2026". */
export function periodPhrase(key: string, granularity: 'day' | 'week'): string {
  const day = fullDayFormat.format(asDate(key));
  return granularity === 'week' ? `in the week of ${day}` : `on ${day}`;
}

export function alertsCount(count: number): string {
  return `${count.toLocaleString()} ${plural(count, 'alert', 'alerts')}`;
}

/** "3 alerts have no readable creation date…": the open alerts the age buckets leave out. */
export function undatedNote(count: number): string {
  const one = count === 1;
  return `${alertsCount(count)} ${one ? 'has' : 'have'} no readable creation date and ${one ? 'is' : 'are'} in no age bucket.`;
}
