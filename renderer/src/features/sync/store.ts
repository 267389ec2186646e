import { create } from 'zustand';
import type { SyncStatusView } from '../../../../preload/contract';
import { api, errorMessage, unwrap } from '../../lib/api';

interface SyncStore {
  status: SyncStatusView | null;
  error: string | null;
  load: () => Promise<void>;
  start: () => Promise<void>;
  cancel: () => Promise<void>;
  receive: (status: SyncStatusView) => void;
}

/** The active profile's sync state, as main reports it (pushed on every change). */
export const useSync = create<SyncStore>((set) => ({
  status: null,
  error: null,
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
