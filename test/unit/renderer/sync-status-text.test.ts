import { describe, expect, it } from 'vitest';
import type { SyncStatusView, SyncSummaryView } from '../../../preload/contract';
import {
  connectivityText,
  finishedSummary,
} from '../../../renderer/src/features/sync/sync-status-text';

const summary = (fields: Partial<SyncSummaryView> = {}): SyncSummaryView => ({
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
  headline: 'Synced 4 alerts and 1 customer',
  details: [],
  ...fields,
});

const status = (fields: Partial<SyncStatusView> = {}): SyncStatusView => ({
  profileId: 'p1',
  profileName: 'Field office',
  profileOrigin: 'https://screening.example',
  state: 'idle',
  progress: null,
  connectivity: 'unknown',
  lastSyncAt: null,
  lastSummary: null,
  lastError: null,
  cacheNotice: null,
  outboxNotice: null,
  localStoreNotice: null,
  ...fields,
});

describe('the top bar after a sync', () => {
  it('after Cancel says what was kept, not "Not synced yet"', () => {
    const cancelled = status({
      lastSummary: summary({
        outcome: 'cancelled',
        headline: 'Cancelled — 1,204 alerts and 310 customers cached',
      }),
    });
    expect(connectivityText(cancelled).text).toBe(
      'Cancelled — 1,204 alerts and 310 customers cached',
    );
    expect(connectivityText({ ...cancelled, connectivity: 'online' }).text).toBe(
      'Cancelled — 1,204 alerts and 310 customers cached',
    );
    expect(finishedSummary(cancelled)).toBeNull();
    // Offline says so first: the cache's age is what matters then.
    expect(connectivityText({ ...cancelled, connectivity: 'offline' }).text).toMatch(/^Offline/);
  });

  it('shows the finished sync’s counts and failures beside "Online"', () => {
    const done = status({
      connectivity: 'online',
      lastSyncAt: '2026-03-01T10:42:00.000Z',
      lastSummary: summary({
        customerFailures: 3,
        headline: 'Synced 4 alerts and 1 customer; 3 customer reads failed',
        details: ['3 customers could not be read.'],
      }),
    });
    expect(connectivityText(done).text).toMatch(/^Online · synced/);
    expect(finishedSummary(done)).toEqual({
      headline: 'Synced 4 alerts and 1 customer; 3 customer reads failed',
      details: ['3 customers could not be read.'],
    });
    expect(finishedSummary({ ...done, state: 'running' })).toBeNull();
  });
});
