import type { QueueFilterInput, RangeBucket } from '../../../../preload/contract';
import { OPEN_STATES } from '../../lib/alert-states';

// Every number on the dashboard opens the queue on exactly the alerts it counts; these turn a
// chart's bucket into the queue filter that selects the same alerts.

const DAY_MS = 86_400_000;

/** A YYYY-MM-DD day moved by whole days, in UTC (the cache's days are UTC days). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function utcToday(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

export const openStates = (): number[] => [...OPEN_STATES];

/** A score bucket in tens; the last one (90–100) takes 100 in, however its end is written. */
export function scoreFilter(bucket: RangeBucket): QueueFilterInput {
  const to = bucket.to ?? 101;
  return { scoreFrom: bucket.from, scoreTo: to >= 100 ? 100 : to - 1 };
}

/** The days a day bucket or a week bucket (keyed by its Monday) covers. */
export function periodDays(key: string, granularity: 'day' | 'week'): { from: string; to: string } {
  return { from: key, to: granularity === 'week' ? addDays(key, 6) : key };
}

export function createdFilter(key: string, granularity: 'day' | 'week'): QueueFilterInput {
  const { from, to } = periodDays(key, granularity);
  return { createdFrom: from, createdTo: to };
}

export function updatedFilter(key: string, granularity: 'day' | 'week'): QueueFilterInput {
  const { from, to } = periodDays(key, granularity);
  return { updatedFrom: from, updatedTo: to };
}

/**
 * Open alerts aged `from` to `to` (exclusive) days: an alert created on day D is `today − D` days
 * old, so the bucket holds creation days from `today − (to − 1)` through `today − from`.
 */
export function openAgeFilter(bucket: RangeBucket, today = utcToday()): QueueFilterInput {
  // The youngest bucket also holds alerts dated after today (a clock ahead of ours): no upper day.
  const filter: QueueFilterInput =
    bucket.from === 0
      ? { states: openStates() }
      : { states: openStates(), createdTo: addDays(today, -bucket.from) };
  if (bucket.to !== null) filter.createdFrom = addDays(today, -(bucket.to - 1));
  return filter;
}
