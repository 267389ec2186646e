import type { CountBucket, DashboardSummary, RangeBucket } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';

const DAY_MS = 86_400_000;
const STATES = [1, 2, 3, 4, 5, 6, 7];
/** Above this span the created/updated charts count weeks: a bar per day stops being readable. */
const DAILY_UP_TO_DAYS = 120;
/** Charts with more bars than this come from implausible dates; only non-empty bars are kept. */
const MAX_BARS = 2000;
const AGE_EDGES_DAYS = [0, 1, 7, 30, 90];
/** The open-age tally's key for an alert without a readable creation date. */
const UNDATED = -1;

type Series = Pick<DashboardSummary, 'granularity' | 'created' | 'updated'>;
type Kind = 'state' | 'category' | 'score' | 'created' | 'updated' | 'open_created';
type Tallies = Record<Kind, Map<number | string, number>>;

const dayKey = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Day 0 (1970-01-01) was a Thursday; a week is keyed by its Monday. */
const mondayOf = (day: number): number => day - ((((day + 3) % 7) + 7) % 7);

/**
 * Every tally the triggers keep (migrations 006, 007): how many alerts per state, category, score, day
 * of creation and of update (known dates only), and open alerts per day of creation. A few hundred
 * rows, whatever the number of alerts.
 */
function readTallies(db: CacheDb): Tallies {
  const tallies: Tallies = {
    state: new Map(),
    category: new Map(),
    score: new Map(),
    created: new Map(),
    updated: new Map(),
    open_created: new Map(),
  };
  // The agents' tally is the queue facets' alone.
  for (const [kind, key, n] of prepared(
    db,
    "SELECT kind, key, n FROM alert_tallies WHERE n > 0 AND kind != 'agent'",
    'raw',
  ).all() as Array<[Kind, number | string, number]>) {
    tallies[kind]?.set(key, n);
  }
  // Counted per state and score (migration 007, for the queue's high-score count): by score here.
  for (const [score, n] of prepared(
    db,
    'SELECT score, SUM(n) FROM alert_state_scores GROUP BY score HAVING SUM(n) > 0',
    'raw',
  ).all() as Array<[number | string, number]>) {
    tallies.score.set(score, n);
  }
  return tallies;
}

const daysOf = (tally: Map<number | string, number>): number[] =>
  [...tally.keys()].filter((key): key is number => typeof key === 'number');

/**
 * Alerts created and updated per day, or per week past DAILY_UP_TO_DAYS, over one shared run of
 * bars (so the two charts line up) with zeros filled in; for dates years apart, only the bars
 * that have alerts.
 */
function timeSeries(tallies: Tallies): Series {
  const days = [...daysOf(tallies.created), ...daysOf(tallies.updated)];
  if (!days.length) return { granularity: 'day', created: [], updated: [] };
  let first = Infinity;
  let last = -Infinity;
  for (const day of days) {
    if (day < first) first = day;
    if (day > last) last = day;
  }
  const granularity = last - first > DAILY_UP_TO_DAYS ? 'week' : 'day';
  const step = granularity === 'week' ? 7 : 1;
  const start = granularity === 'week' ? mondayOf(first) : first;
  const bars = Math.floor((last - start) / step) + 1;
  const barOf = (day: number) => Math.floor((day - start) / step);
  if (bars > MAX_BARS) {
    const keys = [...new Set(days.map(barOf))].sort((a, b) => a - b);
    const series = (tally: Map<number | string, number>): CountBucket[] => {
      const counts = new Map<number, number>();
      for (const day of daysOf(tally))
        counts.set(barOf(day), (counts.get(barOf(day)) ?? 0) + (tally.get(day) ?? 0));
      return keys.map((bar) => ({ key: dayKey(start + bar * step), count: counts.get(bar) ?? 0 }));
    };
    return { granularity, created: series(tallies.created), updated: series(tallies.updated) };
  }
  const series = (tally: Map<number | string, number>): CountBucket[] => {
    const counts = new Array<number>(bars).fill(0);
    for (const day of daysOf(tally)) {
      const bar = barOf(day);
      counts[bar] = (counts[bar] ?? 0) + (tally.get(day) ?? 0);
    }
    return counts.map((count, bar) => ({ key: dayKey(start + bar * step), count }));
  };
  return { granularity, created: series(tallies.created), updated: series(tallies.updated) };
}

/**
 * Open alerts by calendar days (UTC) since the day of creation, counted from `nowMs`'s day; one
 * dated in the future counts as the newest. One without a readable creation date is in no bucket:
 * `openAgeUndated` counts those.
 */
function openAge(
  tallies: Tallies,
  nowMs: number,
): Pick<DashboardSummary, 'openAge' | 'openAgeUndated'> {
  // Calendar days in UTC, as the queue's day filters count them: a bucket opens exactly the queue
  // its number promises, whatever the time of day.
  const today = Math.floor(nowMs / DAY_MS);
  const buckets: RangeBucket[] = AGE_EDGES_DAYS.map((from, index) => ({
    from,
    to: AGE_EDGES_DAYS[index + 1] ?? null,
    count: 0,
  }));
  let undated = 0;
  for (const [day, count] of tallies.open_created) {
    if (typeof day !== 'number' || day === UNDATED) {
      undated += count;
      continue;
    }
    const age = Math.max(0, today - day);
    const bucket = buckets.findLast((candidate) => age >= candidate.from);
    if (bucket) bucket.count += count;
  }
  return { openAge: buckets, openAgeUndated: undated };
}

/**
 * The cached alerts at a glance, from the tallies the cache keeps as it is written (no alert is
 * read). Every state and score bucket is present, zeros too, so the charts keep their shape from
 * one sync to the next; alerts without a known date are left out of the time series.
 */
export function dashboardSummary(db: CacheDb, nowMs: number): DashboardSummary {
  const tallies = readTallies(db);
  let total = 0;
  for (const count of tallies.state.values()) total += count;
  const states = new Map([...tallies.state].map(([state, count]) => [Number(state), count]));
  const byState = [...new Set([...STATES, ...states.keys()])]
    .sort((a, b) => a - b)
    .map((state) => ({ key: String(state), count: states.get(state) ?? 0 }));
  const byCategory = [...tallies.category]
    .map(([key, count]) => ({ key: String(key), count }))
    // Ties by the category's bytes, as SQLite's BINARY order compares them.
    .sort((a, b) => b.count - a.count || Buffer.compare(Buffer.from(a.key), Buffer.from(b.key)));
  // Tens; 100 joins 90–99. A score outside 0–100 is in no ten (it would read as a 0 or a 100):
  // it is counted apart, so totals add up.
  const tens = Array.from({ length: 10 }, () => 0);
  let scoresOther = 0;
  for (const [score, count] of tallies.score) {
    if (typeof score !== 'number' || !(score >= 0 && score <= 100)) {
      scoresOther += count;
      continue;
    }
    const bucket = Math.min(9, Math.floor(score / 10));
    tens[bucket] = (tens[bucket] ?? 0) + count;
  }
  const scores = tens.map((count, index) => ({
    from: index * 10,
    to: index === 9 ? null : index * 10 + 10,
    count,
  }));
  return {
    total,
    byState,
    byCategory,
    scores,
    scoresOther,
    ...timeSeries(tallies),
    ...openAge(tallies, nowMs),
  };
}
