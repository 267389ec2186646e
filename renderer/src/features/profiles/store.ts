import { create } from 'zustand';
import type {
  ConnectionTestResult,
  ProfileView,
  ProfilesState,
  SaveProfileInput,
  SecretStorageStatus,
  TestConnectionInput,
} from '../../../../preload/contract';
import { api, errorMessage, unwrap } from '../../lib/api';

export type Selection = { kind: 'new' } | { kind: 'profile'; id: string };

interface ProfilesStore {
  phase: 'loading' | 'ready' | 'error';
  loadError: string | null;
  profiles: ProfileView[];
  activeProfileId: string | null;
  secretStorage: SecretStorageStatus | null;
  selection: Selection;
  /** A confirmation that outlives the form that caused it (the form remounts on save). */
  flash: string | null;
  setFlash: (flash: string | null) => void;
  load: () => Promise<void>;
  select: (selection: Selection) => void;
  save: (input: SaveProfileInput) => Promise<ProfileView>;
  remove: (id: string) => Promise<void>;
  activate: (id: string) => Promise<void>;
  testConnection: (input: TestConnectionInput) => Promise<ConnectionTestResult>;
}

const applyState = (state: ProfilesState) => ({
  profiles: state.profiles,
  activeProfileId: state.activeProfileId,
  secretStorage: state.secretStorage,
});

/** Keeps the selection on a profile that still exists, else the active one, else a new form. */
function keepSelection(selection: Selection, state: ProfilesState): Selection {
  if (
    selection.kind === 'profile' &&
    state.profiles.some((profile) => profile.id === selection.id)
  ) {
    return selection;
  }
  const fallback = state.activeProfileId ?? state.profiles[0]?.id;
  return fallback ? { kind: 'profile', id: fallback } : { kind: 'new' };
}

export const useProfiles = create<ProfilesStore>((set, get) => ({
  phase: 'loading',
  loadError: null,
  profiles: [],
  activeProfileId: null,
  secretStorage: null,
  selection: { kind: 'new' },
  flash: null,

  setFlash(flash) {
    set({ flash });
  },

  async load() {
    try {
      const state = await unwrap(api.profiles.list());
      set({
        ...applyState(state),
        phase: 'ready',
        loadError: null,
        selection: keepSelection(get().selection, state),
      });
    } catch (error) {
      set({ phase: 'error', loadError: errorMessage(error) });
    }
  },

  select(selection) {
    set({ selection });
  },

  async save(input) {
    const saved = await unwrap(api.profiles.save(input));
    await get().load();
    const { activeProfileId, profiles } = get();
    const active = profiles.find((profile) => profile.id === activeProfileId);
    // A new profile is not switched to: the notice says which one stays in use, and how to switch.
    const stays =
      !input.id && active && active.id !== saved.id
        ? ` “${active.name}” stays the active profile: choose “Use this profile” to switch.`
        : '';
    set({
      selection: { kind: 'profile', id: saved.id },
      flash: input.id ? `Saved “${saved.name}”.` : `Added “${saved.name}”.${stays}`,
    });
    return saved;
  },

  async remove(id) {
    const name = get().profiles.find((profile) => profile.id === id)?.name ?? 'the profile';
    const state = await unwrap(api.profiles.remove({ id }));
    set({
      ...applyState(state),
      selection: keepSelection({ kind: 'new' }, state),
      flash: `Removed “${name}”.`,
    });
  },

  async activate(id) {
    await unwrap(api.profiles.activate({ id }));
    await get().load();
  },

  async testConnection(input) {
    return unwrap(api.profiles.testConnection(input));
  },
}));
