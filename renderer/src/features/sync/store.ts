import { create } from 'zustand';
import type { SyncStatusView } from '../../../../preload/contract';
import { api, errorMessage, unwrap } from '../../lib/api';

interface SyncStore {
  status: SyncStatusView | null;
  error: string | null;
  /** The local store notice the investigator chose to work past, for this session. */
  dismissedLocalStoreNotice: string | null;
  dismissLocalStoreNotice: (notice: string) => void;
  /** Cache and outbox notices read and put away, for this session (a new one shows again). */
  dismissedNotices: readonly string[];
  dismissNotice: (notice: string) => void;
  load: () => Promise<void>;
  start: () => Promise<void>;
  cancel: () => Promise<void>;
  receive: (status: SyncStatusView) => void;
}

/** The active profile's sync state, as main reports it (pushed on every change). */
export const useSync = create<SyncStore>((set) => ({
  status: null,
  error: null,
  dismissedLocalStoreNotice: null,
  dismissLocalStoreNotice(notice) {
    set({ dismissedLocalStoreNotice: notice });
  },
  dismissedNotices: [],
  dismissNotice(notice) {
    set((state) => ({ dismissedNotices: [...state.dismissedNotices, notice] }));
  },
  async load() {
    try {
      set({ status: await unwrap(api.sync.status()), error: null });
    } catch (error) {
      set({ error: errorMessage(error) });
    }
  },
  async start() {
    try {
      set({ status: await unwrap(api.sync.start()), error: null });
    } catch (error) {
      set({ error: errorMessage(error) });
    }
  },
  async cancel() {
    try {
      set({ status: await unwrap(api.sync.cancel()), error: null });
    } catch (error) {
      set({ error: errorMessage(error) });
    }
  },
  receive(status) {
    set({ status, error: null });
  },
}));
