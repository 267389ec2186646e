import type { CountBucket } from '../../../../preload/contract';
import { addDays } from './queue-links';

export interface Period {
  /** The day, or the Monday of the week. */
  key: string;
  created: number;
  updated: number;
}

/** Enough periods to show years of weeks; beyond it the oldest are left off rather than squeezed. */
const MOST_PERIODS = 400;

/**
 * Created and updated counts on one continuous axis: a day or week without alerts is a zero, not a
 * gap, so the bars' spacing reads as time.
 */
export function periods(
  created: CountBucket[],
  updated: CountBucket[],
  granularity: 'day' | 'week',
): Period[] {
  const createdBy = new Map(created.map((bucket) => [bucket.key, bucket.count]));
  const updatedBy = new Map(updated.map((bucket) => [bucket.key, bucket.count]));
  const keys = [...createdBy.keys(), ...updatedBy.keys()].sort();
  const first = keys[0];
  const last = keys.at(-1);
  if (!first || !last) return [];
  const step = granularity === 'week' ? 7 : 1;
  const result: Period[] = [];
  for (let key = last; key >= first && result.length < MOST_PERIODS; key = addDays(key, -step)) {
    result.push({ key, created: createdBy.get(key) ?? 0, updated: updatedBy.get(key) ?? 0 });
  }
  return result.reverse();
}

// The chart's time axis counts seconds since 1970 (UTC), as uPlot's time scales do.
const DAY_S = 86_400;
const MONTH_S = 30 * DAY_S;
const YEAR_S = 365 * DAY_S;

/** A period's start (UTC midnight of its day or Monday) on the time axis. */
export const periodStart = (key: string): number => Date.parse(`${key}T00:00:00Z`) / 1000;

export const periodLength = (granularity: 'day' | 'week'): number =>
  (granularity === 'week' ? 7 : 1) * DAY_S;

export type TickStep = 'day' | 'month' | 'year';

export const tickStep = (increment: number): TickStep =>
  increment >= YEAR_S ? 'year' : increment >= MONTH_S ? 'month' : 'day';

/**
 * What the date axis may step by, smallest first: whole periods (so week ticks stay on Mondays),
 * then calendar months, then years. Month and year steps are nominal; `dateTicks` places them.
 */
export function tickIncrements(granularity: 'day' | 'week'): number[] {
  const days = granularity === 'week' ? [7, 14] : [1, 2, 7, 14];
  return [
    ...days.map((count) => count * DAY_S),
    ...[1, 2, 3, 6].map((count) => count * MONTH_S),
    ...[1, 2, 5, 10].map((count) => count * YEAR_S),
  ];
}

/**
 * Where the date axis puts its ticks between `min` and `max`: every `increment` from the first
 * period while stepping in days, else on the first of a month (quarters from January, years on
 * round numbers), so a label names a real boundary rather than an arbitrary day.
 */
export function dateTicks(first: number, min: number, max: number, increment: number): number[] {
  const ticks: number[] = [];
  if (tickStep(increment) === 'day') {
    const start = first + Math.ceil((min - first) / increment) * increment;
    for (let tick = start; tick <= max; tick += increment) ticks.push(tick);
    return ticks;
  }
  const months =
    tickStep(increment) === 'year'
      ? Math.round(increment / YEAR_S) * 12
      : Math.round(increment / MONTH_S);
  const from = new Date(min * 1000);
  let month = from.getUTCFullYear() * 12 + from.getUTCMonth();
  month = Math.ceil(month / months) * months;
  for (; ; month += months) {
    const tick = Date.UTC(Math.floor(month / 12), month % 12, 1) / 1000;
    if (tick > max) return ticks;
    if (tick >= min) ticks.push(tick);
  }
}

/**
 * The top of the count axis: the first round number at or above the tallest bar (with a little
 * room) whose half is whole, so the axis reads 0, half and top.
 */
export function countTop(largest: number): number {
  const wanted = Math.max(1, largest) * 1.04;
  for (let magnitude = 1; ; magnitude *= 10) {
    const steps = magnitude === 1 ? [2, 4, 6, 8, 10] : [1.2, 1.6, 2, 3, 4, 5, 6, 8, 10];
    const top = steps
      .map((step) => Math.round(step * magnitude))
      .find((candidate) => candidate >= wanted);
    if (top !== undefined) return top;
  }
}
