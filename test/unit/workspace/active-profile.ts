import { EVERYTHING, type ProfileView } from '../../../preload/contract';
import type { ProfileService } from '../../../main/session/profile-service';

/** A saved profile as the profile service shows it; nothing listens at its address. */
export function profileView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p-1',
    name: 'Field office',
    baseUrl: 'http://127.0.0.1:9',
    tokenStorage: 'weak',
    hasToken: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    lastTest: null,
    builtIn: false,
    syncScope: EVERYTHING,
    caFile: null,
    ...overrides,
  };
}

/**
 * The profile service's answers the workspace needs, with the active profile and its token (null:
 * none known in this run) set by the test.
 */
export function activeProfile(initial: ProfileView | null = profileView()) {
  let active = initial;
  let token: string | null = 't0ken';
  const profiles: Pick<ProfileService, 'activeCredentials' | 'activeProfile'> = {
    activeCredentials: () => (active && token !== null ? { profile: active, token } : null),
    activeProfile: () => active,
  };
  return {
    profiles,
    choose(next: ProfileView | null): void {
      active = next;
    },
    /** A new token saved for the profile, or (null) none known, as after a restart. */
    setToken(next: string | null): void {
      token = next;
    },
  };
}
