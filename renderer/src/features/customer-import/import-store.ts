import { create } from 'zustand';
import type { ImportLine, ImportView } from '../../../../preload/contract';
import { errorMessage, unwrap } from '../../lib/api';
import { listReading, withView } from '../../lib/revised-views';
import { newestFirst, resumeWith, type ImportAction } from './import-figures';
import { importBridge, type ImportBridge } from './import-bridge';

// The profile's imports as the screens show them: read once, then kept up to date by main's
// `customerImport.changed` events (each carries an import's whole view) and by the answers to the
// screen's own actions.

export type ImportNote =
  { tone: 'success'; text: string } | { tone: 'danger'; action: ImportAction; text: string };

export interface ImportsState {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** Newest first. */
  imports: ImportView[];
  busy: Record<string, ImportAction>;
  notes: Record<string, ImportNote>;
  load: () => Promise<void>;
  receive: (view: ImportView) => void;
  act: (id: string, action: ImportAction) => Promise<void>;
  /** One cell's edit: the line as main kept it, or the message to show beside the cell. */
  editLine: (
    id: string,
    line: number,
    shape: Pick<ImportLine, 'customer' | 'relation'>,
  ) => Promise<{ ok: true; line: ImportLine } | { ok: false; message: string }>;
}

const without = <T>(record: Record<string, T>, key: string): Record<string, T> => {
  if (!(key in record)) return record;
  const next = { ...record };
  delete next[key];
  return next;
};

export const initialImportsState = {
  status: 'loading' as const,
  error: null,
  imports: [],
  busy: {},
  notes: {},
};

const ACTION_NAMES: Record<ImportAction, string> = {
  verify: 'The dry run',
  verifyAll: 'The dry run of every line',
  save: 'Saving',
  pause: 'Pausing',
  cancel: 'Cancelling',
  resume: 'Resuming',
  saveResult: 'Saving the result file',
};

/** The store over a bridge: the app's, or a test's fake. */
export function createImportsStore(bridge: () => ImportBridge) {
  /** Reads that answered after a newer one began are dropped. */
  let generation = 0;
  const reading = listReading<ImportView>();

  const call = (id: string, action: Exclude<ImportAction, 'saveResult'>, view?: ImportView) => {
    const ref = { id };
    switch (action) {
      case 'verify':
        return bridge().verify({ id });
      case 'verifyAll':
        return bridge().verify({ id, all: true });
      case 'save':
        return bridge().save(ref);
      case 'pause':
        return bridge().pause(ref);
      case 'cancel':
        return bridge().cancel(ref);
      case 'resume':
        return view && resumeWith(view) === 'verify' ? bridge().verify({ id }) : bridge().save(ref);
    }
  };

  return create<ImportsState>((set, get) => ({
    ...initialImportsState,

    load: async () => {
      const mine = ++generation;
      reading.begin();
      set((state) => ({ status: state.status === 'ready' ? 'ready' : 'loading', error: null }));
      try {
        const imports = await unwrap(bridge().list());
        if (mine !== generation) return;
        set({ status: 'ready', error: null, imports: newestFirst(reading.answered(imports)) });
      } catch (error) {
        if (mine !== generation) return;
        set({ status: 'error', error });
      }
    },

    // An action's answer can arrive after the change events its run sent (a dry run of one line
    // ends before the answer to starting it is read): the older view never replaces a newer one.
    receive: (view) => {
      reading.receive(view);
      set((state) => {
        const imports = withView(state.imports, view, newestFirst);
        return imports ? { imports } : state;
      });
    },

    act: async (id, action) => {
      if (get().busy[id]) return;
      set((state) => ({ busy: { ...state.busy, [id]: action }, notes: without(state.notes, id) }));
      try {
        if (action === 'saveResult') {
          const { fileName } = await unwrap(bridge().saveResult({ id }));
          set((state) => ({
            notes: {
              ...state.notes,
              [id]: { tone: 'success', text: `The result file was saved as “${fileName}”.` },
            },
          }));
        } else {
          const view = get().imports.find((entry) => entry.id === id);
          get().receive(await unwrap(call(id, action, view)));
        }
      } catch (error) {
        set((state) => ({
          notes: {
            ...state.notes,
            [id]: {
              tone: 'danger',
              action,
              text: `${ACTION_NAMES[action]} did not start: ${errorMessage(error)}`,
            },
          },
        }));
      } finally {
        set((state) => ({ busy: without(state.busy, id) }));
      }
    },

    editLine: async (id, line, shape) => {
      try {
        const edited = await unwrap(
          bridge().editLine({
            id,
            line,
            ...(shape.customer ? { customer: shape.customer } : {}),
            ...(shape.relation ? { relation: shape.relation } : {}),
          }),
        );
        return { ok: true, line: edited };
      } catch (error) {
        return { ok: false, message: errorMessage(error) };
      }
    },
  }));
}

export const useCustomerImports = createImportsStore(importBridge);

/**
 * Reads the imports and follows them while a screen shows them; the returned function stops.
 * Another profile made active has other imports: what was shown is dropped, then read.
 */
export function followCustomerImports(
  store: typeof useCustomerImports,
  bridge: () => ImportBridge,
  onProfileChange: (listener: () => void) => () => void,
): () => void {
  void store.getState().load();
  const stopImports = bridge().onChanged((view) => store.getState().receive(view));
  const stopProfiles = onProfileChange(() => {
    store.setState({ ...initialImportsState });
    void store.getState().load();
  });
  return () => {
    stopImports();
    stopProfiles();
  };
}
