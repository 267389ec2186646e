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

/** The profile service's one answer the workspace needs, with the active profile set by the test. */
export function activeProfile(initial: ProfileView | null = profileView()) {
  let active = initial;
  const profiles: Pick<ProfileService, 'activeCredentials'> = {
    activeCredentials: () => (active ? { profile: active, token: 't0ken' } : null),
  };
  return {
    profiles,
    choose(next: ProfileView | null): void {
      active = next;
    },
  };
}
