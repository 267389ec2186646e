import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QueueWindowInput } from '../../../preload/contract';
import { dashboardSummary } from '../../../main/cache/dashboard';
import { queueWindow } from '../../../main/cache/queue-window';
import {
  createdFilter,
  openAgeFilter,
  scoreFilter,
  updatedFilter,
} from '../../../renderer/src/features/dashboard/queue-links';
import { alert, openTestCache } from './review-records';

const DAY_MS = 86_400_000;
const BASE = Date.parse('2024-06-01T00:00:00Z');

// Every number on the dashboard opens the queue on exactly the alerts it counts: the screen turns a
// bucket into a queue filter, and main counts and filters; both sides are checked together here.
describe('dashboard numbers and the queue they open', () => {
  it('an open-alert age bucket opens a queue of exactly its count, at any time of day', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            createdOffset: fc.integer({ min: 0, max: 203 * DAY_MS }),
            state: fc.integer({ min: 1, max: 7 }),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.integer({ min: 200 * DAY_MS, max: 202 * DAY_MS }),
        (seeds, nowOffset) => {
          const { db, writer } = openTestCache();
          const now = BASE + nowOffset;
          writer.putAlerts(
            seeds.map((seed, index) => ({
              ...alert(`A${index}`, 'C1', {
                state: seed.state,
                created_at: new Date(BASE + seed.createdOffset).toISOString(),
              }),
              created_at: new Date(BASE + seed.createdOffset).toISOString(),
            })),
            now,
          );
          const today = new Date(now).toISOString().slice(0, 10);
          for (const bucket of dashboardSummary(db, now).openAge) {
            const window = queueWindow(
              db,
              QueueWindowInput.parse({ filter: openAgeFilter(bucket, today), limit: 1 }),
            );
            expect(window.total, JSON.stringify(bucket)).toBe(bucket.count);
          }
          db.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('score buckets and days of the time series open queues of exactly their counts', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts(
      Array.from({ length: 60 }, (_, index) => ({
        ...alert(`A${index}`, `C${index % 4}`, {
          state: 1 + (index % 7),
          score: (index * 37) % 101,
          created_at: new Date(BASE + index * 0.7 * DAY_MS + 3 * DAY_MS).toISOString(),
        }),
        created_at: new Date(BASE + index * 0.7 * DAY_MS).toISOString(),
      })),
      BASE,
    );
    const summary = dashboardSummary(db, BASE + 60 * DAY_MS);
    const total = (filter: object) =>
      queueWindow(db, QueueWindowInput.parse({ filter, limit: 1 })).total;
    for (const bucket of summary.scores) expect(total(scoreFilter(bucket))).toBe(bucket.count);
    for (const bucket of summary.created)
      expect(total(createdFilter(bucket.key, summary.granularity))).toBe(bucket.count);
    for (const bucket of summary.updated)
      expect(total(updatedFilter(bucket.key, summary.granularity))).toBe(bucket.count);
    expect(summary.created.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(60);
  });
});
