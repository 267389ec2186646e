import { z } from 'zod';
import { method } from './define';

// The dashboard: counts and distributions of the cached alerts.
// Answered from the offline cache, never from the service, so the screen behaves the same with
// the network unplugged.

export interface CountBucket {
  /** A state number, a category, or a day (YYYY-MM-DD) / week start, per chart. */
  key: string;
  count: number;
}

export interface RangeBucket {
  from: number;
  /** Exclusive; null for the open-ended last bucket. */
  to: number | null;
  count: number;
}

export interface DashboardSummary {
  total: number;
  byState: CountBucket[];
  byCategory: CountBucket[];
  /** Scores in tens: 0–9, 10–19 … 90–100. */
  scores: RangeBucket[];
  /** Alerts whose score lies outside 0–100 (the interface's range): the scores' "Other". */
  scoresOther: number;
  /** Per day, or per week (keyed by its Monday) when the cache spans more than 120 days. */
  granularity: 'day' | 'week';
  created: CountBucket[];
  updated: CountBucket[];
  /** Open alerts (states 1–4) by days since creation. */
  openAge: RangeBucket[];
  /** Open alerts without a readable creation date: in no age bucket, counted here. */
  openAgeUndated: number;
}

export const dashboardMethods = {
  summary: method<DashboardSummary>()(z.undefined()),
};
