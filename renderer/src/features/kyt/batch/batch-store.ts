import { create } from 'zustand';
import type { KytBatchView } from '../../../../../preload/contract';
import { api, errorMessage, unwrap } from '../../../lib/api';
import { listReading, withView } from '../../../lib/revised-views';
import { newestFirst } from './batch-figures';

// The profile's batches as the panel shows them: read once, then kept up to date by main's
// `kyt.batch` events (each carries a batch's whole view) and by the answers to the panel's own
// actions.

export type BatchAction = 'start' | 'pause' | 'resume' | 'cancel' | 'save';

/** The outcome of the last action on a batch, shown on its card until the next one. */
export type BatchNote =
  | { tone: 'success'; kind: 'saved'; fileName: string }
  | { tone: 'danger'; kind: 'failed'; action: BatchAction; text: string };

interface BatchStore {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Newest first. */
  batches: KytBatchView[];
  busy: Record<string, BatchAction>;
  notes: Record<string, BatchNote>;
  /** When each batch's `waitingSeconds` arrived (ms), so the wait counts down on screen. */
  waitingSince: Record<string, number>;
  /** The batch imported last from this window: its card takes the focus once shown. */
  lastImported: string | null;
  load: () => Promise<void>;
  receive: (batch: KytBatchView, nowMs?: number) => void;
  act: (id: string, action: Exclude<BatchAction, 'save'>) => Promise<void>;
  saveResult: (id: string) => Promise<void>;
  /** A batch imported from this window; `focus` while its dialog still shows (not closed meanwhile). */
  imported: (batch: KytBatchView, focus: boolean) => void;
  focused: () => void;
}

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
};

export const initialBatchState = {
  status: 'loading' as const,
  error: null,
  batches: [],
  busy: {},
  notes: {},
  waitingSince: {},
  lastImported: null,
};

/** Reads that answered after a newer one began are dropped. */
let readGeneration = 0;
const reading = listReading<KytBatchView>();

export const useKytBatches = create<BatchStore>((set, get) => ({
  ...initialBatchState,

  load: async () => {
    const mine = ++readGeneration;
    reading.begin();
    set((state) => ({ status: state.status === 'ready' ? 'ready' : 'loading', error: null }));
    try {
      const listed = await unwrap(api.kyt.batches());
      if (mine !== readGeneration) return;
      const batches = reading.answered(listed);
      const now = Date.now();
      set((state) => ({
        status: 'ready',
        error: null,
        batches: newestFirst(batches),
        waitingSince: Object.fromEntries(
          batches
            .filter((batch) => batch.waitingSeconds !== null)
            .map((batch) => [batch.id, state.waitingSince[batch.id] ?? now]),
        ),
      }));
    } catch (error) {
      if (mine !== readGeneration) return;
      set({ status: 'error', error });
    }
  },

  // An action's answer can arrive after an event main sent later (the line in flight when the
  // batch was paused, kept): the older view never replaces a newer one.
  receive: (batch, nowMs = Date.now()) => {
    reading.receive(batch);
    set((state) => {
      const batches = withView(state.batches, batch, newestFirst);
      if (!batches) return state;
      const waitingSince =
        batch.waitingSeconds === null
          ? without(state.waitingSince, batch.id)
          : { ...state.waitingSince, [batch.id]: nowMs };
      return { batches, waitingSince };
    });
  },

  act: async (id, action) => {
    if (get().busy[id]) return;
    set((state) => ({ busy: { ...state.busy, [id]: action }, notes: without(state.notes, id) }));
    try {
      const ref = { id };
      const view = await unwrap(
        action === 'pause'
          ? api.kyt.pauseBatch(ref)
          : action === 'cancel'
            ? api.kyt.cancelBatch(ref)
            : api.kyt.resumeBatch(ref),
      );
      get().receive(view);
    } catch (error) {
      set((state) => ({
        notes: {
          ...state.notes,
          [id]: { tone: 'danger', kind: 'failed', action, text: errorMessage(error) },
        },
      }));
    } finally {
      set((state) => ({ busy: without(state.busy, id) }));
    }
  },

  saveResult: async (id) => {
    if (get().busy[id]) return;
    set((state) => ({ busy: { ...state.busy, [id]: 'save' }, notes: without(state.notes, id) }));
    try {
      const { fileName } = await unwrap(api.kyt.saveBatchResult({ id }));
      set((state) => ({
        notes: { ...state.notes, [id]: { tone: 'success', kind: 'saved', fileName } },
      }));
    } catch (error) {
      set((state) => ({
        notes: {
          ...state.notes,
          [id]: { tone: 'danger', kind: 'failed', action: 'save', text: errorMessage(error) },
        },
      }));
    } finally {
      set((state) => ({ busy: without(state.busy, id) }));
    }
  },

  imported: (batch, focus) => {
    get().receive(batch);
    if (focus) set({ lastImported: batch.id });
  },

  focused: () => set({ lastImported: null }),
}));

/**
 * Reads the batches and follows them while the panel is shown; the returned function stops.
 * Another profile made active has other batches: what the panel showed is dropped, then read.
 */
export function followKytBatches(): () => void {
  void useKytBatches.getState().load();
  let profileId: string | null | undefined;
  unwrap(api.profiles.list()).then(
    (profiles) => (profileId ??= profiles.activeProfileId),
    () => undefined,
  );
  const stopBatches = api.kyt.onBatch((batch) => useKytBatches.getState().receive(batch));
  const stopProfiles = api.profiles.onChanged((profiles) => {
    if (profiles.activeProfileId !== profileId) useKytBatches.setState({ ...initialBatchState });
    profileId = profiles.activeProfileId;
    void useKytBatches.getState().load();
  });
  return () => {
    stopBatches();
    stopProfiles();
  };
}
