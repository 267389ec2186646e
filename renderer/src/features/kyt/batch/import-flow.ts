import { create } from 'zustand';
import type {
  KytColumnMapping,
  KytImportPreview,
  LocalFileInput,
} from '../../../../../preload/contract';
import { api, BridgeCallError, errorMessage, fieldErrors, unwrap } from '../../../lib/api';
import { visibleFileName } from '../../../lib/file-names';
import { LocalFileError, toLocalFile } from '../../../lib/local-files';
import { useKytBatches } from './batch-store';
import {
  mappingForColumns,
  mappingProblems,
  placeImportErrors,
  withTarget,
} from './column-mapping';

// Importing a batch, from the file dropped or chosen to the batch made: the file is handed to main
// (never read here), main previews it, the investigator checks the mapping and confirms, main
// imports it. Closing the dialog at any step loses nothing: a file not imported was only read.

export interface ImportError {
  message: string;
  /** Messages about one field's column, by the field's path. */
  byPath: Record<string, string>;
  /** Other messages about the input. */
  other: string[];
}

export interface ImportDraft {
  file: LocalFileInput;
  preview: KytImportPreview;
  mapping: KytColumnMapping;
  /** Save the mapping for the profile's next CSV files. */
  remember: boolean;
  /** Continuing was tried: missing fields say so. */
  checked: boolean;
  error: ImportError | null;
}

export type ImportStep =
  | { step: 'closed' }
  /** The file goes to main (through the browser host, its bytes are streamed first). */
  | { step: 'reading'; fileName: string; sent: number; total: number }
  | { step: 'unreadable'; fileName: string; message: string }
  | { step: 'mapping'; draft: ImportDraft }
  | { step: 'confirm'; draft: ImportDraft }
  /** `start`: which of the two buttons was pressed. */
  | { step: 'importing'; draft: ImportDraft; start: boolean };

interface ImportFlow {
  current: ImportStep;
  open: (file: File) => Promise<void>;
  close: () => void;
  setTarget: (path: string, column: string) => void;
  setRemember: (remember: boolean) => void;
  /** From the mapping to the confirmation, once amount and currency have their columns. */
  proceed: () => void;
  back: () => void;
  submit: (start: boolean) => Promise<void>;
}

/** Each opening is a session: answers for an earlier one (closed since) change nothing here. */
let session = 0;
let reading: AbortController | null = null;

const readingError = (error: unknown): string =>
  error instanceof LocalFileError ? error.message : errorMessage(error);

/** A refusal that is about the file itself (gone, unreadable): choosing it again is the way on. */
const aboutTheFile = (error: unknown): boolean =>
  error instanceof BridgeCallError && error.code === 'not_found';

export function importErrorOf(error: unknown): ImportError {
  const { byPath, other } = placeImportErrors(fieldErrors(error));
  return { message: errorMessage(error), byPath, other };
}

export const useImportFlow = create<ImportFlow>((set, get) => {
  const editDraft = (change: (draft: ImportDraft) => ImportDraft) => {
    const current = get().current;
    if (current.step !== 'mapping') return;
    set({ current: { step: 'mapping', draft: change(current.draft) } });
  };

  return {
    current: { step: 'closed' },

    open: async (file) => {
      const mine = ++session;
      reading?.abort();
      const controller = new AbortController();
      reading = controller;
      const fileName = visibleFileName(file.name);
      set({ current: { step: 'reading', fileName, sent: 0, total: file.size } });
      try {
        const handle = await toLocalFile(
          file,
          (sent, total) => {
            if (mine === session) set({ current: { step: 'reading', fileName, sent, total } });
          },
          controller.signal,
        );
        if (mine !== session) return;
        const preview = await unwrap(api.kyt.previewImport({ file: handle }));
        if (mine !== session) return;
        set({
          current: {
            step: 'mapping',
            draft: {
              file: handle,
              preview,
              mapping:
                preview.format === 'csv' ? mappingForColumns(preview.mapping, preview.columns) : {},
              remember: true,
              checked: false,
              error: null,
            },
          },
        });
      } catch (error) {
        if (mine !== session) return;
        set({ current: { step: 'unreadable', fileName, message: readingError(error) } });
      } finally {
        if (reading === controller) reading = null;
      }
    },

    close: () => {
      session++;
      reading?.abort();
      reading = null;
      // An import already asked for goes on in main: its batch shows in the list all the same.
      set({ current: { step: 'closed' } });
    },

    setTarget: (path, column) =>
      editDraft((draft) => {
        const mapping = withTarget(draft.mapping, path, column);
        // A field given another column has no refusal of its own any more.
        const error = draft.error && {
          ...draft.error,
          byPath: Object.fromEntries(
            Object.entries(draft.error.byPath).filter(([errorPath]) => errorPath !== path),
          ),
        };
        return { ...draft, mapping, error };
      }),

    setRemember: (remember) => editDraft((draft) => ({ ...draft, remember })),

    proceed: () => {
      const current = get().current;
      if (current.step !== 'mapping') return;
      const { draft } = current;
      const blocking =
        draft.preview.format === 'csv' &&
        Object.keys(mappingProblems(draft.mapping).errors).length > 0;
      if (blocking) {
        set({ current: { step: 'mapping', draft: { ...draft, checked: true } } });
        return;
      }
      set({ current: { step: 'confirm', draft: { ...draft, checked: true } } });
    },

    back: () => {
      const current = get().current;
      if (current.step === 'confirm') set({ current: { step: 'mapping', draft: current.draft } });
    },

    submit: async (start) => {
      const current = get().current;
      if (current.step !== 'confirm') return;
      const mine = session;
      const { draft } = current;
      set({ current: { step: 'importing', draft, start } });
      const csv = draft.preview.format === 'csv';
      try {
        const batch = await unwrap(
          api.kyt.import({
            file: draft.file,
            ...(csv ? { mapping: draft.mapping } : {}),
            saveMapping: csv && draft.remember,
            start,
          }),
        );
        // Made whether or not the dialog is still open: the list shows it. Its card takes the
        // focus only from the dialog: closed meanwhile, the investigator is elsewhere.
        useKytBatches.getState().imported(batch, mine === session);
        if (mine === session) set({ current: { step: 'closed' } });
      } catch (error) {
        if (mine !== session) return;
        if (aboutTheFile(error))
          set({
            current: {
              step: 'unreadable',
              fileName: visibleFileName(draft.preview.fileName),
              message: readingError(error),
            },
          });
        else
          set({ current: { step: 'mapping', draft: { ...draft, error: importErrorOf(error) } } });
      }
    },
  };
});
