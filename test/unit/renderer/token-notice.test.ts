import { describe, expect, it } from 'vitest';
import type { Connectivity, SyncStatusView } from '../../../preload/contract';
import { tokenNotice } from '../../../renderer/src/features/sync/token-notice';

const status = (connectivity: Connectivity): SyncStatusView => ({
  profileId: 'p1',
  profileName: 'Field office',
  profileOrigin: 'https://screening.example:8443',
  state: 'idle',
  progress: null,
  connectivity,
  lastSyncAt: null,
  lastSummary: null,
  lastError: null,
  cacheNotice: null,
  localStoreNotice: null,
  outboxNotice: null,
});

describe('the token notice', () => {
  it('names the profile whose token was refused, and asks for a new one', () => {
    expect(tokenNotice(status('token_refused'))).toMatchObject({
      kind: 'refused',
      profileId: 'p1',
      title: 'The token for Field office was refused — enter a new one',
    });
  });

  it('asks for the token to sync when none is known in this run', () => {
    expect(tokenNotice(status('token_missing'))?.title).toMatch(/enter the token to sync/);
  });

  it('names the origin the new token will be sent to', () => {
    // After the profile moved to another address its token was dropped: the notice says where
    // the token asked for will go, so it is not typed for the wrong service.
    expect(tokenNotice(status('token_missing'))?.body).toContain(
      'a token for https://screening.example:8443 is needed',
    );
    expect(tokenNotice({ ...status('token_missing'), profileOrigin: null })?.body).not.toMatch(
      /null|undefined/,
    );
  });

  it('says nothing while the token may be sent, or with no profile open', () => {
    for (const connectivity of ['unknown', 'online', 'offline'] as const)
      expect(tokenNotice(status(connectivity))).toBeNull();
    expect(tokenNotice({ ...status('token_refused'), profileId: null })).toBeNull();
    expect(tokenNotice(null)).toBeNull();
  });
});
