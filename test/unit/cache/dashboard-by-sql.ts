// CaseDesk's dashboard as it was counted before the tallies (migration 006), straight from the
// alerts by SQL: kept as the model of the property test. One change: a bar of day 0 (1970-01-01)
// counted the alerts with no known creation date (kept as 0), which the series leaves out.
import type { CountBucket, DashboardSummary, RangeBucket } from '../../../preload/contract';
import type { CacheDb } from '../../../main/cache/open-cache';
import { prepared } from '../../../main/lib/sqlite/statements';

const DAY_MS = 86_400_000;
const STATES = [1, 2, 3, 4, 5, 6, 7];
/** States still needing a decision (spec: States and transitions). */
const OPEN_STATES = '1, 2, 3, 4';
/** Above this span the created/updated charts count weeks: a bar per day stops being readable. */
const DAILY_UP_TO_DAYS = 120;
/** Charts with more bars than this come from implausible dates; only non-empty bars are kept. */
const MAX_BARS = 2000;
const AGE_EDGES_DAYS = [0, 1, 7, 30, 90];

type Series = Pick<DashboardSummary, 'granularity' | 'created' | 'updated'>;
type Counts = Omit<DashboardSummary, 'openAge' | 'openAgeUndated'>;

const dayKey = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** Day 0 (1970-01-01) was a Thursday; a week is keyed by its Monday. */
const mondayOf = (day: number): number => day - ((((day + 3) % 7) + 7) % 7);

/** First and last day (since 1970) of a date column's known values (0 is the writer's unknown). */
function daySpan(db: CacheDb, column: 'created_ms' | 'updated_ms'): [number, number] | null {
  const row = prepared(
    db,
    `SELECT MIN(${column}), MAX(${column}) FROM alerts WHERE ${column} > 0`,
    'raw',
  ).get() as [number | null, number | null];
  return row[0] === null || row[1] === null
    ? null
    : [Math.floor(row[0] / DAY_MS), Math.floor(row[1] / DAY_MS)];
}

/**
 * Alerts created and updated per day, or per week past DAILY_UP_TO_DAYS, over one shared run of
 * bars (so the two charts line up) with zeros filled in. Each bar is a range count along the
 * date's index: one walk of it, where grouping by day would sort every alert.
 */
function timeSeries(db: CacheDb): Series {
  const spans = [daySpan(db, 'created_ms'), daySpan(db, 'updated_ms')].filter(
    (span): span is [number, number] => span !== null,
  );
  if (!spans.length) return { granularity: 'day', created: [], updated: [] };
  const first = Math.min(...spans.map(([from]) => from));
  const last = Math.max(...spans.map(([, to]) => to));
  const granularity = last - first > DAILY_UP_TO_DAYS ? 'week' : 'day';
  const step = granularity === 'week' ? 7 : 1;
  const start = granularity === 'week' ? mondayOf(first) : first;
  const bars = Math.floor((last - start) / step) + 1;
  if (bars > MAX_BARS) return sparseSeries(db, granularity);
  const starts = Array.from({ length: bars }, (_, index) => start + index * step);
  const series = (column: string): CountBucket[] => {
    const count = prepared(
      db,
      `SELECT COUNT(*) FROM alerts INDEXED BY alerts_by_${column === 'created_ms' ? 'created' : 'updated'}
       WHERE ${column} > 0 AND ${column} >= ? AND ${column} < ?`,
      'pluck',
    );
    return starts.map((day) => ({
      key: dayKey(day),
      count: count.get(day * DAY_MS, (day + step) * DAY_MS) as number,
    }));
  };
  return { granularity, created: series('created_ms'), updated: series('updated_ms') };
}

/** For dates years apart: the bars that have alerts, grouped by SQLite. */
function sparseSeries(db: CacheDb, granularity: 'day' | 'week'): Series {
  const bucketOf = granularity === 'week' ? mondayOf : (day: number) => day;
  const counts = (column: string) => {
    const buckets = new Map<number, number>();
    for (const [day, count] of prepared(
      db,
      `SELECT ${column} / ${DAY_MS} AS day, COUNT(*) FROM alerts WHERE ${column} > 0 GROUP BY day`,
      'raw',
    ).all() as Array<[number, number]>) {
      const bucket = bucketOf(day);
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + count);
    }
    return buckets;
  };
  const created = counts('created_ms');
  const updated = counts('updated_ms');
  const keys = [...new Set([...created.keys(), ...updated.keys()])].sort((a, b) => a - b);
  const series = (buckets: Map<number, number>) =>
    keys.map((bucket) => ({ key: dayKey(bucket), count: buckets.get(bucket) ?? 0 }));
  return { granularity, created: series(created), updated: series(updated) };
}

function counts(db: CacheDb): Counts {
  const total = prepared(db, 'SELECT COUNT(*) FROM alerts', 'pluck').get() as number;
  const states = new Map(
    prepared(db, 'SELECT state, COUNT(*) FROM alerts GROUP BY state', 'raw').all() as Array<
      [number, number]
    >,
  );
  const byState = [...new Set([...STATES, ...states.keys()])]
    .sort((a, b) => a - b)
    .map((state) => ({ key: String(state), count: states.get(state) ?? 0 }));
  const byCategory = (
    prepared(
      db,
      'SELECT category, COUNT(*) AS n FROM alerts GROUP BY category ORDER BY n DESC, category',
      'raw',
    ).all() as Array<[string, number]>
  ).map(([key, count]) => ({ key, count }));
  // Grouped by score along its index (no sort), then into tens; 100 joins 90–99. A score outside
  // 0–100 is in no ten (it would read as a 0 or a 100): it is counted apart, so totals add up.
  const tens = Array.from({ length: 10 }, () => 0);
  let scoresOther = 0;
  for (const [score, count] of prepared(
    db,
    'SELECT score, COUNT(*) FROM alerts INDEXED BY alerts_by_score GROUP BY score',
    'raw',
  ).all() as Array<[number | null, number]>) {
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
  return { total, byState, byCategory, scores, scoresOther, ...timeSeries(db) };
}

/**
 * Open alerts by calendar days (UTC) since the day of creation, counted from `nowMs`'s day; one
 * dated in the future counts as the newest. One without a readable creation date (kept as 0 or
 * less by the writer) is in no bucket: `openAgeUndated` counts those.
 */
function openAge(db: CacheDb, nowMs: number): RangeBucket[] {
  const count = prepared(
    db,
    `SELECT COUNT(*) FROM alerts INDEXED BY alerts_by_created
     WHERE created_ms >= ? AND created_ms < ? AND state IN (${OPEN_STATES})`,
    'pluck',
  );
  // Calendar days in UTC, as the queue's day filters count them: a bucket opens exactly the queue
  // its number promises, whatever the time of day.
  const today = Math.floor(nowMs / DAY_MS);
  return AGE_EDGES_DAYS.map((from, index) => {
    const to = AGE_EDGES_DAYS[index + 1] ?? null;
    // Aged [from, to) days: created on a day in (today - to, today - from].
    const before = index === 0 ? Number.MAX_SAFE_INTEGER : (today - from + 1) * DAY_MS;
    const since = to === null ? 1 : (today - to + 1) * DAY_MS;
    return { from, to, count: count.get(since, before) as number };
  });
}

/** The summary counted from the alerts themselves by SQL: the model the tallies must equal. */
export function dashboardBySql(db: CacheDb, nowMs: number): DashboardSummary {
  return {
    ...counts(db),
    openAge: openAge(db, nowMs),
    openAgeUndated: prepared(
      db,
      `SELECT COUNT(*) FROM alerts WHERE created_ms <= 0 AND state IN (${OPEN_STATES})`,
      'pluck',
    ).get() as number,
  };
}
