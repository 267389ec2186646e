import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { createSyncEngine } from '../../../main/sync/sync-engine';
import { summarizeSync, syncSummaryText } from '../../../main/sync/sync-summary';
import { openTestCache } from '../cache/review-records';
import { alertOf, customerOf, fakeSyncSource } from '../../support/fake-sync-source';

type Counts = Parameters<typeof syncSummaryText>[0];

const summary = (fields: Partial<Counts> = {}): Counts => ({
  outcome: 'finished',
  at: '2026-03-01T10:42:00.000Z',
  alerts: 4,
  threads: 0,
  customers: 1,
  customerFailures: 0,
  customersPartial: 0,
  customerMismatches: 0,
  timelinesMayBeCut: 0,
  stoppedPaging: [],
  cached: { alerts: 1204, customers: 310 },
  ...fields,
});

describe('the sync summary wording', () => {
  it('says what a sync brought and how many customer reads failed', () => {
    expect(syncSummaryText(summary()).text).toBe('Synced 4 alerts and 1 customer');
    const failed = syncSummaryText(summary({ customerFailures: 2, customersPartial: 1 }));
    expect(failed.text).toBe(
      'Synced 4 alerts and 1 customer; 3 customer reads failed — see details',
    );
    expect(failed.details).toHaveLength(2);
    expect(syncSummaryText(summary({ threads: 2, customers: 12 })).text).toBe(
      'Synced 4 alerts, 2 threads and 12 customers',
    );
  });

  it('says where paging was stopped', () => {
    const stopped = syncSummaryText(summary({ stoppedPaging: [{ read: 'alerts', pages: 5000 }] }));
    expect(stopped.text).toBe(
      'Synced 4 alerts and 1 customer; stopped after 5,000 pages: the service kept sending more than it announced — see details',
    );
    expect(stopped.details).toEqual([
      'Stopped after 5,000 pages of alerts: the service kept sending more than it announced.',
    ]);
  });
});

describe('the summary of a sync', () => {
  it('counts what the cache holds after a cancel, and what a finished sync brought and missed', async () => {
    const { db, writer } = openTestCache();
    const alerts = Array.from({ length: 4 }, (_, i) =>
      alertOf(`a${i}`, `c-${i % 2}`, `2026-01-01T00:0${i}:00Z`),
    );
    const { source } = fakeSyncSource({
      alerts,
      threads: [],
      customers: new Map([
        ['c-0', customerOf('c-0')],
        ['c-1', customerOf('c-1')],
      ]),
      notFound: new Set(['c-1:timeline']),
    });
    const engine = createSyncEngine({ db, writer, source, logger: silentLogger });
    const report = await engine.run({ pageSize: 10 });
    const finished = summarizeSync(db, { outcome: 'finished', report });
    expect(finished.headline).toBe('Synced 4 alerts and 2 customers; 1 customer read failed');
    expect(finished.details).toEqual([
      expect.stringMatching(/^1 customer kept without stats, timeline or documents/),
    ]);
    expect(summarizeSync(db, { outcome: 'cancelled' }).headline).toBe(
      'Cancelled — 4 alerts and 2 customers cached',
    );
  });
});
