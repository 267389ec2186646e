import { describe, expect, it } from 'vitest';
import type { SyncStatusView } from '../../../preload/contract';
import { shownLocalStoreNotice } from '../../../renderer/src/features/sync/local-store-notice';

const status = (localStoreNotice: string | null): SyncStatusView => ({
  profileId: 'p1',
  profileName: 'Field office',
  profileOrigin: 'https://screening.example',
  state: 'idle',
  progress: null,
  connectivity: 'online',
  lastSyncAt: null,
  lastSummary: null,
  lastError: null,
  cacheNotice: null,
  outboxNotice: null,
  localStoreNotice,
});

describe('the local store notice above every screen', () => {
  it('shows what main reports until the investigator keeps working from the cache', () => {
    const notice = 'The local store /p/local.db could not be opened: …';
    expect(shownLocalStoreNotice(null, null)).toBeNull();
    expect(shownLocalStoreNotice(status(null), null)).toBeNull();
    expect(shownLocalStoreNotice(status(notice), null)).toBe(notice);
    expect(shownLocalStoreNotice(status(notice), notice)).toBeNull();
  });

  it('shows again for another profile’s store or a new reason, once worked past', () => {
    const first = 'The local store /p1/local.db could not be opened: damaged';
    const second = 'The local store /p2/local.db could not be opened: newer';
    expect(shownLocalStoreNotice(status(second), first)).toBe(second);
  });
});
