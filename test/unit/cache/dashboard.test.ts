import { describe, expect, it } from 'vitest';
import { dashboardSummary } from '../../../main/cache/dashboard';
import { alert, openTestCache, type Alert } from './review-records';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2024-06-15T12:00:00Z');

interface Seed {
  id: string;
  state: number;
  score: number;
  category: string;
  created: string;
  updated: string;
}

const record = (seed: Seed): Alert => ({
  ...alert(seed.id, 'C1', {
    state: seed.state,
    score: seed.score,
    top_category: seed.category,
    created_at: seed.updated,
  }),
  created_at: seed.created,
});

function summaryOf(seeds: readonly Seed[], now = NOW) {
  const { db, writer } = openTestCache();
  writer.putAlerts(seeds.map(record), now);
  return { db, writer, summary: dashboardSummary(db, now) };
}

/** The series computed the plain way: count per bucket start, every bucket from first to last. */
function expectedSeries(dates: string[], otherDates: string[], week: boolean) {
  const day = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);
  const bucket = (d: number) => (week ? d - ((d + 3) % 7) : d);
  const all = [...dates, ...otherDates].map(day).map(bucket);
  const counts = new Map<number, number>();
  for (const d of dates.map(day).map(bucket)) counts.set(d, (counts.get(d) ?? 0) + 1);
  const keys: { key: string; count: number }[] = [];
  for (let d = Math.min(...all); d <= Math.max(...all); d += week ? 7 : 1)
    keys.push({ key: new Date(d * DAY_MS).toISOString().slice(0, 10), count: counts.get(d) ?? 0 });
  return keys;
}

const SEEDS: Seed[] = [
  {
    id: 'A1',
    state: 2,
    score: 0,
    category: 'PEP',
    created: '2024-06-15T08:00:00Z',
    updated: '2024-06-15T09:00:00Z',
  },
  {
    id: 'A2',
    state: 2,
    score: 9,
    category: 'PEP',
    created: '2024-06-14T13:00:00Z',
    updated: '2024-06-15T09:00:00Z',
  },
  {
    id: 'A3',
    state: 3,
    score: 10,
    category: 'SIP',
    created: '2024-06-10T00:00:00Z',
    updated: '2024-06-12T00:00:00Z',
  },
  {
    id: 'A4',
    state: 4,
    score: 90,
    category: 'SAN',
    created: '2024-05-20T00:00:00Z',
    updated: '2024-06-01T00:00:00Z',
  },
  {
    id: 'A5',
    state: 1,
    score: 100,
    category: 'SIP',
    created: '2024-04-01T00:00:00Z',
    updated: '2024-04-02T00:00:00Z',
  },
  {
    id: 'A6',
    state: 7,
    score: 55,
    category: 'PEP',
    created: '2024-03-01T00:00:00Z',
    updated: '2024-05-01T00:00:00Z',
  },
  {
    id: 'A7',
    state: 5,
    score: 99,
    category: 'RCA_SIP',
    created: '2024-01-10T00:00:00Z',
    updated: '2024-03-05T00:00:00Z',
  },
];

describe('the dashboard summary', () => {
  it('counts by state and score with every bucket present, and by category most first', () => {
    const { summary } = summaryOf(SEEDS);
    expect(summary.total).toBe(7);
    expect(summary.byState).toEqual([
      { key: '1', count: 1 },
      { key: '2', count: 2 },
      { key: '3', count: 1 },
      { key: '4', count: 1 },
      { key: '5', count: 1 },
      { key: '6', count: 0 },
      { key: '7', count: 1 },
    ]);
    expect(summary.byCategory).toEqual([
      { key: 'pep', count: 3 },
      { key: 'sip', count: 2 },
      { key: 'rca_sip', count: 1 },
      { key: 'san', count: 1 },
    ]);
    expect(summary.scores).toHaveLength(10);
    expect(summary.scores[0]).toEqual({ from: 0, to: 10, count: 2 });
    expect(summary.scores[1]).toEqual({ from: 10, to: 20, count: 1 });
    expect(summary.scores[5]).toEqual({ from: 50, to: 60, count: 1 });
    expect(summary.scores[9]).toEqual({ from: 90, to: null, count: 3 });
    expect(summary.scores.filter((bucket) => bucket.count === 0)).toHaveLength(6);
  });

  it('buckets open alerts by calendar days (UTC) since the day of creation', () => {
    const { summary } = summaryOf(SEEDS);
    // Open: A1 (4 h, today), A2 (23 h, yesterday), A3 (5.5 days), A4 (26.5 days), A5 (75.5 days);
    // A6, A7 closed. Days, not 24-hour spans: what the queue's created-day filters select.
    expect(summary.openAge).toEqual([
      { from: 0, to: 1, count: 1 },
      { from: 1, to: 7, count: 2 },
      { from: 7, to: 30, count: 1 },
      { from: 30, to: 90, count: 1 },
      { from: 90, to: null, count: 0 },
    ]);
    // The ages move with the clock even when the cache does not change.
    const { db } = summaryOf(SEEDS);
    const later = dashboardSummary(db, NOW + 60 * DAY_MS);
    expect(later.openAge.map((bucket) => bucket.count)).toEqual([0, 0, 0, 4, 1]);
  });

  it('charts created and updated alerts per week, keyed by Monday, past 120 days', () => {
    const { summary } = summaryOf(SEEDS);
    expect(summary.granularity).toBe('week');
    const created = SEEDS.map((seed) => seed.created);
    const updated = SEEDS.map((seed) => seed.updated);
    expect(summary.created).toEqual(expectedSeries(created, updated, true));
    expect(summary.updated).toEqual(expectedSeries(updated, created, true));
    expect(summary.created[0]?.key).toBe('2024-01-08');
    expect(new Date(`${summary.created[0]?.key}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('charts per day within 120 days, the quiet days at zero', () => {
    const recent = SEEDS.slice(0, 4);
    const { summary } = summaryOf(recent);
    expect(summary.granularity).toBe('day');
    const created = recent.map((seed) => seed.created);
    const updated = recent.map((seed) => seed.updated);
    expect(summary.created).toEqual(expectedSeries(created, updated, false));
    expect(summary.updated).toEqual(expectedSeries(updated, created, false));
    expect(summary.created).toHaveLength(27);
    expect(summary.created.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(4);
  });

  it('keeps only the weeks with alerts when dates lie decades apart', () => {
    const { summary } = summaryOf([
      { ...SEEDS[0]!, id: 'old', created: '1975-01-01T00:00:00Z', updated: '1975-01-02T00:00:00Z' },
      SEEDS[1]!,
    ]);
    expect(summary.granularity).toBe('week');
    expect(summary.created.map((bucket) => bucket.key)).toEqual(['1974-12-30', '2024-06-10']);
    expect(summary.created.map((bucket) => bucket.count)).toEqual([1, 1]);
    expect(summary.updated.map((bucket) => bucket.count)).toEqual([1, 1]);
  });

  it('has every bucket at zero for an empty cache, and follows the cache as it fills', () => {
    const { db, writer } = openTestCache();
    const empty = dashboardSummary(db, NOW);
    expect(empty).toMatchObject({ total: 0, byCategory: [], created: [], updated: [] });
    expect(empty.byState.map((bucket) => bucket.count)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(empty.scores.map((bucket) => bucket.count)).toEqual(Array(10).fill(0));
    expect(empty.openAge.map((bucket) => bucket.count)).toEqual([0, 0, 0, 0, 0]);
    writer.putAlerts([record(SEEDS[0]!)], NOW);
    expect(dashboardSummary(db, NOW)).toMatchObject({
      total: 1,
      granularity: 'day',
      created: [{ key: '2024-06-15', count: 1 }],
    });
  });

  it('leaves alerts without a readable date out of the ages and counts them; odd scores apart', () => {
    const { db, summary: before } = summaryOf(SEEDS);
    // What the writer keeps for a date it could not read (0), a score past 100, a state 99.
    db.prepare("UPDATE alerts SET created_ms = 0 WHERE id IN ('A1', 'A5')").run();
    db.prepare("UPDATE alerts SET score = 250, state = 99 WHERE id = 'A6'").run();
    db.prepare("UPDATE alerts SET score = -3 WHERE id = 'A7'").run();
    const odd = dashboardSummary(db, NOW + 1);
    expect(before.openAgeUndated).toBe(0);
    expect(odd.openAgeUndated).toBe(2);
    // A1 (today) and A5 (75 days) leave their buckets; none of them lands among the oldest.
    expect(odd.openAge.map((bucket) => bucket.count)).toEqual([0, 2, 1, 0, 0]);
    expect(odd.scoresOther).toBe(2);
    const counted = odd.scores.reduce((sum, bucket) => sum + bucket.count, 0) + odd.scoresOther;
    expect(counted).toBe(odd.total);
    expect(odd.byState.find((bucket) => bucket.key === '99')?.count).toBe(1);
    expect(odd.byState.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(odd.total);
  });
});
