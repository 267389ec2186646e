import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  EVERYTHING,
  type ConnectionTestResult,
  type ProfileView,
  type ProfilesState,
  type SaveProfileInput,
  type TestConnectionInput,
  tokenOrigin,
} from '../../preload/contract';
import { AppError } from '../lib/app-error';
import type { EventHub } from '../lib/event-hub';
import type { ProfileStore, StoredProfile } from './profile-store';
import type { TokenVault } from './token-vault';

type SaveInput = z.output<typeof SaveProfileInput>;
type TestInput = z.output<typeof TestConnectionInput>;

export type ConnectionProbe = (target: {
  baseUrl: string;
  token: string;
  /** Extra CA certificates to trust for this test. */
  caFile: string | null;
}) => Promise<ConnectionTestResult>;

/** The embedded sandbox, offered as a profile of its own. */
export interface BuiltInProfile {
  id: string;
  name: string;
  baseUrl: string;
  token: string;
}

const sameOrigin = (a: string, b: string) => {
  const origin = tokenOrigin(a);
  return origin !== null && origin === tokenOrigin(b);
};

export const BUILT_IN_SANDBOX_ID = 'builtin-sandbox';

export interface ProfileService {
  list(): ProfilesState;
  save(input: SaveInput): Promise<ProfileView>;
  remove(id: string): Promise<ProfilesState>;
  activate(id: string): Promise<ProfileView>;
  testConnection(input: TestInput): Promise<ConnectionTestResult>;
  /** For main only: the active profile with its token, for the API client. */
  activeCredentials(): { profile: ProfileView; token: string } | null;
  /**
   * The active profile, whether or not its token is known in this run: its cache opens from the
   * profile alone (offline review never depends on the token).
   */
  activeProfile(): ProfileView | null;
}

export function createProfileService(deps: {
  store: ProfileStore;
  vault: TokenVault;
  events: EventHub;
  probe: ConnectionProbe;
  builtIn?: BuiltInProfile | null;
  now?: () => Date;
}): ProfileService {
  const now = deps.now ?? (() => new Date());
  const { store, vault, events } = deps;
  const builtIn = deps.builtIn ?? null;
  const startedAt = now().toISOString();
  let builtInLastTest: ConnectionTestResult | null = null;

  const view = (profile: StoredProfile): ProfileView => ({
    ...profile,
    hasToken: vault.get(profile.id) !== undefined,
    builtIn: false,
  });
  const builtInView = (): ProfileView | null =>
    builtIn && {
      id: builtIn.id,
      name: builtIn.name,
      baseUrl: builtIn.baseUrl,
      tokenStorage: 'memory',
      hasToken: true,
      createdAt: startedAt,
      updatedAt: startedAt,
      lastTest: builtInLastTest,
      builtIn: true,
      syncScope: EVERYTHING,
      caFile: null,
    };
  const isBuiltIn = (id: string | undefined) => builtIn !== null && id === builtIn.id;
  const refuseBuiltIn = (id: string | undefined) => {
    if (isBuiltIn(id)) {
      throw new AppError(
        'conflict',
        'The built-in Sandbox profile cannot be changed or removed. Add a profile of your own.',
      );
    }
  };

  /** With no choice made (first run, or the active profile removed), the sandbox is active. */
  const activeId = (): string | null => store.snapshot().activeProfileId ?? builtIn?.id ?? null;

  const state = (): ProfilesState => {
    const own = builtInView();
    return {
      profiles: [...(own ? [own] : []), ...store.snapshot().profiles.map(view)],
      activeProfileId: activeId(),
      secretStorage: vault.status(),
    };
  };

  const changed = () => events.emit('profiles.changed', { activeProfileId: activeId() });

  const find = (id: string): StoredProfile => {
    const profile = store.snapshot().profiles.find((candidate) => candidate.id === id);
    if (!profile)
      throw new AppError(
        'not_found',
        'That profile no longer exists. It may have been removed in another window.',
      );
    return profile;
  };

  return {
    list: state,

    async save(input) {
      refuseBuiltIn(input.id);
      const existing = input.id === undefined ? undefined : find(input.id);
      const names = [
        ...(builtIn ? [builtIn.name] : []),
        ...store
          .snapshot()
          .profiles.filter((p) => p.id !== existing?.id)
          .map((p) => p.name),
      ];
      if (names.some((name) => name.toLocaleLowerCase() === input.name.toLocaleLowerCase())) {
        const message = `A profile named “${input.name}” already exists. Choose another name.`;
        throw new AppError('conflict', message, { name: message });
      }
      if (input.tokenStorage === 'secure' && !vault.status().secureAvailable) {
        throw new AppError(
          'secure_storage_unavailable',
          'This system has no keyring to encrypt the token. Keep it in memory for this run, or store it in a private file.',
        );
      }
      const id = existing?.id ?? randomUUID();
      // A stored token belongs to the origin it was entered for: moved elsewhere, it is dropped.
      const movesOrigin = existing !== undefined && !sameOrigin(existing.baseUrl, input.baseUrl);
      const token = input.token ?? (existing && !movesOrigin ? vault.get(existing.id) : undefined);
      if (!existing && input.token === undefined) {
        throw new AppError('invalid_input', 'Enter the API token.', {
          token: 'Enter the API token.',
        });
      }
      if (
        existing &&
        !movesOrigin &&
        token === undefined &&
        existing.tokenStorage !== input.tokenStorage
      ) {
        const message = 'Enter the token again to change where it is kept.';
        throw new AppError('invalid_input', message, { token: message });
      }
      if (
        token !== undefined &&
        (input.token !== undefined || existing?.tokenStorage !== input.tokenStorage)
      ) {
        await vault.put(id, token, input.tokenStorage);
      }
      // Before the new address is written, so no crash leaves the old token with it.
      if (existing && movesOrigin && input.token === undefined) await vault.remove(id);
      const at = now().toISOString();
      const saved: StoredProfile = {
        id,
        name: input.name,
        baseUrl: input.baseUrl,
        tokenStorage: input.tokenStorage,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
        // A result for another URL or token says nothing about this one.
        lastTest:
          existing && existing.baseUrl === input.baseUrl && input.token === undefined
            ? existing.lastTest
            : null,
        syncScope: input.syncScope ?? existing?.syncScope ?? EVERYTHING,
        caFile: input.caFile === undefined ? (existing?.caFile ?? null) : input.caFile,
      };
      await store.update((file) => ({
        ...file,
        // Adding a profile never switches away from the one in use (the built-in sandbox
        // included): only a user with no profile at all gets the new one as the active one.
        activeProfileId: file.activeProfileId ?? (builtIn ? null : id),
        profiles: existing
          ? file.profiles.map((profile) => (profile.id === id ? saved : profile))
          : [...file.profiles, saved],
      }));
      changed();
      return view(saved);
    },

    async remove(id) {
      refuseBuiltIn(id);
      find(id);
      // The token goes first: a crash in between leaves a profile asking for its token again,
      // never a secret kept for a profile that no longer exists.
      await vault.remove(id);
      await store.update((file) => {
        const profiles = file.profiles.filter((profile) => profile.id !== id);
        const activeProfileId =
          file.activeProfileId === id ? (profiles[0]?.id ?? null) : file.activeProfileId;
        return { ...file, activeProfileId, profiles };
      });
      changed();
      return state();
    },

    async activate(id) {
      const profile = isBuiltIn(id) ? null : find(id);
      await store.update((file) => ({ ...file, activeProfileId: id }));
      changed();
      return profile ? view(profile) : (builtInView() as ProfileView);
    },

    async testConnection(input) {
      if (builtIn && isBuiltIn(input.id)) {
        builtInLastTest = await deps.probe({
          baseUrl: builtIn.baseUrl,
          token: builtIn.token,
          caFile: null,
        });
        changed();
        return builtInLastTest;
      }
      const saved = input.id === undefined ? undefined : find(input.id);
      if (saved && input.token === undefined && !sameOrigin(saved.baseUrl, input.baseUrl)) {
        const message = `The stored token is only sent to ${tokenOrigin(saved.baseUrl) ?? saved.baseUrl}. Enter the token for ${tokenOrigin(input.baseUrl) ?? input.baseUrl} to test it.`;
        throw new AppError('invalid_input', message, { token: message });
      }
      const token = input.token ?? (saved ? vault.get(saved.id) : undefined);
      if (token === undefined) {
        const message = 'No token is stored for this profile. Enter it again.';
        throw new AppError('invalid_input', message, { token: message });
      }
      const caFile = input.caFile === undefined ? (saved?.caFile ?? null) : input.caFile;
      const result = await deps.probe({ baseUrl: input.baseUrl, token, caFile });
      const storedToken = saved ? vault.get(saved.id) : undefined;
      if (saved && saved.baseUrl === input.baseUrl && token === storedToken) {
        await store.update((file) => ({
          ...file,
          profiles: file.profiles.map((profile) =>
            profile.id === saved.id ? { ...profile, lastTest: result } : profile,
          ),
        }));
        changed();
      }
      return result;
    },

    activeProfile() {
      const id = activeId();
      if (builtIn && id === builtIn.id) return builtInView();
      const profile = store.snapshot().profiles.find((candidate) => candidate.id === id);
      return profile ? view(profile) : null;
    },

    activeCredentials() {
      const id = activeId();
      if (builtIn && id === builtIn.id)
        return { profile: builtInView() as ProfileView, token: builtIn.token };
      const profile = store.snapshot().profiles.find((candidate) => candidate.id === id);
      if (!profile) return null;
      const token = vault.get(profile.id);
      return token === undefined ? null : { profile: view(profile), token };
    },
  };
}
