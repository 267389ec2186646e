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

/** About `wanted` evenly spaced indexes to label on the axis, always the first and the last. */
export function tickIndexes(length: number, wanted = 6): number[] {
  if (length <= wanted) return Array.from({ length }, (_, index) => index);
  const stride = Math.ceil((length - 1) / (wanted - 1));
  const ticks: number[] = [];
  for (let index = 0; index < length - stride / 2; index += stride) ticks.push(index);
  ticks.push(length - 1);
  return ticks;
}
