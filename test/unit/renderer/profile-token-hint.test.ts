import { describe, expect, it } from 'vitest';
import type { ProfileView, SyncStatusView } from '../../../preload/contract';
import { tokenHint, tokenRefusedFor } from '../../../renderer/src/features/profiles/token-hint';

const profile: ProfileView = {
  id: 'p1',
  name: 'Field office',
  baseUrl: 'https://screening.example/tenant',
  tokenStorage: 'secure',
  hasToken: true,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  lastTest: null,
  builtIn: false,
  syncScope: { reviewGroups: [], states: [], categories: [], assignedToMemberId: null },
  caFile: null,
};

const status = (
  connectivity: SyncStatusView['connectivity'],
  profileId = 'p1',
): SyncStatusView => ({
  profileId,
  profileName: 'Field office',
  profileOrigin: 'https://screening.example',
  state: 'idle',
  progress: null,
  connectivity,
  lastSyncAt: null,
  lastError: null,
  lastSummary: null,
  cacheNotice: null,
  outboxNotice: null,
  localStoreNotice: null,
});

describe('the token field of the profile form says what the stored token is worth', () => {
  it('knows which profile’s token the service refused, from the sync status', () => {
    expect(tokenRefusedFor(status('token_refused'), 'p1')).toBe(true);
    expect(tokenRefusedFor(status('token_refused', 'p2'), 'p1')).toBe(false);
    expect(tokenRefusedFor(status('online'), 'p1')).toBe(false);
    expect(tokenRefusedFor(null, 'p1')).toBe(false);
  });

  it('asks for a new token when the stored one was refused, never to keep it', () => {
    const hint = tokenHint({ profile, baseUrl: profile.baseUrl, tokenRefused: true });
    expect(hint).toMatch(/stored token was refused/i);
    expect(hint).toMatch(/enter a new (one|token)/i);
    expect(hint).not.toMatch(/leave empty to keep it/i);
  });

  it('offers to keep a stored token that works, and asks for one at a new address', () => {
    expect(tokenHint({ profile, baseUrl: profile.baseUrl, tokenRefused: false })).toBe(
      'A token is stored. Leave empty to keep it.',
    );
    expect(tokenHint({ profile, baseUrl: 'https://other.example', tokenRefused: true })).toMatch(
      /^Required: the stored token is only ever sent to https:\/\/screening\.example/,
    );
    expect(
      tokenHint({
        profile: { ...profile, hasToken: false },
        baseUrl: profile.baseUrl,
        tokenRefused: false,
      }),
    ).toMatch(/No token is kept/);
    expect(tokenHint({ profile: null, baseUrl: '', tokenRefused: false })).toMatch(/administrator/);
  });
});
