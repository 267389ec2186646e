import { create } from 'zustand';
import type {
  ImportFilePreview,
  ImportMapping,
  ImportView,
  LocalFileInput,
} from '../../../../preload/contract';
import { errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { visibleFileName } from '../../lib/file-names';
import { LocalFileError } from '../../lib/local-files';
import type { ImportBridge } from './import-bridge';

// Starting an import, from the files dropped or chosen to the dry run begun: each file is handed
// to main (never read here) as an opaque staged token, main previews it, the investigator maps
// the CSV's columns and chooses the options, then main reads every line and starts the dry run.
// Nothing is sent to the service before that last step, so leaving the screen loses nothing.

export type Slot = 'customers' | 'relations';

export const IMPORT_FILE_ENDINGS = ['.csv', '.json', '.ndjson', '.jsonl', '.txt'] as const;

export interface StagedSource {
  fileName: string;
  handle: LocalFileInput;
  preview: ImportFilePreview;
  mapping: ImportMapping;
}

export type SlotState =
  | { step: 'empty' }
  /** The file goes to main (through the browser host, its bytes are streamed first). */
  | { step: 'reading'; fileName: string; sent: number; total: number }
  | { step: 'unreadable'; fileName: string; message: string }
  | { step: 'ready'; source: StagedSource };

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;

export interface StartState {
  customers: SlotState;
  relations: SlotState;
  saveMapping: boolean;
  /** As typed: checked when starting. */
  batchSize: string;
  disableRiskScan: boolean;
  starting: boolean;
  /** Starting was tried: missing columns say so. */
  checked: boolean;
  error: string | null;
  /** Main's messages by input field (`mapping.first_name`, `batchSize`, …). */
  fieldErrors: Record<string, string>;
  offer: (slot: Slot, files: ReadonlyArray<{ file: File; isFolder: boolean }>) => Promise<void>;
  clear: (slot: Slot) => void;
  setColumn: (slot: Slot, field: string, column: string) => void;
  setSaveMapping: (value: boolean) => void;
  setBatchSize: (value: string) => void;
  setDisableRiskScan: (value: boolean) => void;
  /** The import made (its dry run begun), or null when something must be fixed first. */
  start: () => Promise<ImportView | null>;
  reset: () => void;
}

const endingOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

/** The one file to read, or why none is, in words that say what to do. */
export function chooseImportFile<F extends { name: string }>(
  offered: ReadonlyArray<{ file: F; isFolder: boolean }>,
  slot: Slot,
): { ok: true; file: F } | { ok: false; message: string } {
  const what = slot === 'customers' ? 'customers' : 'relations';
  if (offered.length === 0)
    return { ok: false, message: 'Nothing was dropped that CaseDesk can read. Drop one file.' };
  if (offered.length > 1)
    return {
      ok: false,
      message: `${offered.length} files were dropped: the ${what} are read from one file. Drop the ${what} file alone${slot === 'customers' ? ', then the relations file on its own place' : ''}.`,
    };
  const only = offered[0]!;
  const name = visibleFileName(only.file.name);
  if (only.isFolder)
    return { ok: false, message: `“${name}” is a folder: drop the file inside it instead.` };
  if (!(IMPORT_FILE_ENDINGS as readonly string[]).includes(endingOf(only.file.name)))
    return {
      ok: false,
      message: `“${name}” is not a CSV, JSON or NDJSON file. Save the ${what} as CSV (a header line, then one ${slot === 'customers' ? 'customer' : 'relation'} per line), as a JSON array or as NDJSON (one JSON object per line), then choose that file.`,
    };
  return { ok: true, file: only.file };
}

/** Fields without which no line can be read: a CSV must name their column. */
export const REQUIRED_FIELDS: Record<Slot, readonly string[]> = {
  customers: ['external_id'],
  relations: ['relation_external_id', 'parent_customer_external_id', 'child_customer_external_id'],
};

/** The mapping with only the columns this file has, and only fields a column can fill. */
export function mappingForFile(preview: ImportFilePreview): ImportMapping {
  const columns = new Set(preview.columns.filter((column) => column.trim() !== ''));
  const fields = new Set(preview.fields);
  return Object.fromEntries(
    Object.entries(preview.mapping).filter(
      ([field, column]) => columns.has(column) && fields.has(field),
    ),
  );
}

/** The required fields of a CSV with no column, each with what to do. */
export function missingColumns(slot: Slot, source: StagedSource): Record<string, string> {
  if (source.preview.format !== 'csv') return {};
  const missing: Record<string, string> = {};
  for (const field of REQUIRED_FIELDS[slot])
    if (source.preview.fields.includes(field) && !source.mapping[field])
      missing[field] =
        `Choose the column that holds ${field}: no ${slot === 'customers' ? 'customer' : 'relation'} can be read without it.`;
  return missing;
}

/** The batch size typed, or the message to show beside it. */
export function readBatchSize(
  text: string,
): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (/^\d{1,6}$/.test(trimmed)) {
    const value = Number(trimmed);
    if (value >= 1 && value <= MAX_BATCH_SIZE) return { ok: true, value };
  }
  return {
    ok: false,
    message: `Type a whole number from 1 to ${MAX_BATCH_SIZE}: how many lines go in one request.`,
  };
}

const readingError = (error: unknown): string =>
  error instanceof LocalFileError ? error.message : errorMessage(error);

export type Stage = (
  file: File,
  onProgress: (sent: number, total: number) => void,
) => Promise<LocalFileInput>;

const initial = {
  customers: { step: 'empty' } as SlotState,
  relations: { step: 'empty' } as SlotState,
  saveMapping: true,
  batchSize: String(DEFAULT_BATCH_SIZE),
  disableRiskScan: false,
  starting: false,
  checked: false,
  error: null,
  fieldErrors: {},
};

export function createStartFlow(bridge: () => ImportBridge, stage: Stage) {
  /** Each file offered is a session per slot: answers for a file replaced since change nothing. */
  const sessions: Record<Slot, number> = { customers: 0, relations: 0 };

  return create<StartState>((set, get) => {
    const editSource = (slot: Slot, change: (source: StagedSource) => StagedSource) => {
      const current = get()[slot];
      if (current.step !== 'ready') return;
      set({ [slot]: { step: 'ready', source: change(current.source) } } as Partial<StartState>);
    };

    return {
      ...initial,

      offer: async (slot, files) => {
        const choice = chooseImportFile(files, slot);
        const mine = ++sessions[slot];
        if (!choice.ok) {
          const name = files.length === 1 ? visibleFileName(files[0]!.file.name) : '';
          set({
            [slot]: { step: 'unreadable', fileName: name, message: choice.message },
          } as Partial<StartState>);
          return;
        }
        const fileName = visibleFileName(choice.file.name);
        const reading = (sent: number, total: number) =>
          ({ [slot]: { step: 'reading', fileName, sent, total } }) as Partial<StartState>;
        set({ ...reading(0, choice.file.size), error: null });
        try {
          const handle = await stage(choice.file, (sent, total) => {
            if (mine === sessions[slot]) set(reading(sent, total));
          });
          if (mine !== sessions[slot]) return;
          const preview = await unwrap(bridge().preview({ file: handle, of: slot }));
          if (mine !== sessions[slot]) return;
          const source: StagedSource = {
            fileName,
            handle,
            preview,
            mapping: preview.format === 'csv' ? mappingForFile(preview) : {},
          };
          set({ [slot]: { step: 'ready', source } } as Partial<StartState>);
        } catch (error) {
          if (mine !== sessions[slot]) return;
          set({
            [slot]: { step: 'unreadable', fileName, message: readingError(error) },
          } as Partial<StartState>);
        }
      },

      clear: (slot) => {
        sessions[slot]++;
        set({ [slot]: { step: 'empty' } } as Partial<StartState>);
      },

      setColumn: (slot, field, column) => {
        editSource(slot, (source) => {
          const mapping = { ...source.mapping };
          if (column === '') delete mapping[field];
          else mapping[field] = column;
          return { ...source, mapping };
        });
        const key = `${slot === 'customers' ? 'mapping' : 'relationsMapping'}.${field}`;
        if (key in get().fieldErrors) {
          const next = { ...get().fieldErrors };
          delete next[key];
          set({ fieldErrors: next });
        }
      },

      setSaveMapping: (saveMapping) => set({ saveMapping }),
      setBatchSize: (batchSize) => set({ batchSize }),
      setDisableRiskScan: (disableRiskScan) => set({ disableRiskScan }),

      start: async () => {
        const state = get();
        if (state.starting) return null;
        set({ checked: true, error: null, fieldErrors: {} });
        const customers = state.customers;
        if (customers.step !== 'ready') {
          set({ error: 'Choose the customers file first: an import starts from it.' });
          return null;
        }
        if (state.relations.step === 'reading') {
          set({
            error: 'The relations file is still being read: wait for its preview, or remove it.',
          });
          return null;
        }
        const relations = state.relations.step === 'ready' ? state.relations.source : null;
        const batch = readBatchSize(state.batchSize);
        const missing =
          Object.keys(missingColumns('customers', customers.source)).length +
          (relations ? Object.keys(missingColumns('relations', relations)).length : 0);
        if (!batch.ok || missing > 0) {
          set({
            error: missing
              ? 'Some columns are missing: choose them where the mapping says, then start again.'
              : 'The batch size is not a number CaseDesk can use: see beside it.',
          });
          return null;
        }
        set({ starting: true });
        try {
          const csv = customers.source.preview.format === 'csv';
          const relationsCsv = relations?.preview.format === 'csv';
          const view = await unwrap(
            bridge().start({
              file: customers.source.handle,
              ...(relations ? { relationsFile: relations.handle } : {}),
              ...(csv ? { mapping: customers.source.mapping } : {}),
              ...(relations && relationsCsv ? { relationsMapping: relations.mapping } : {}),
              saveMapping: state.saveMapping && (csv || relationsCsv),
              batchSize: batch.value,
              disableRiskScan: state.disableRiskScan,
              verify: true,
            }),
          );
          // The form stays as it is (busy) until the screen, moving to the import, calls `reset`:
          // emptied here, it would be drawn empty once before the import replaces it.
          return view;
        } catch (error) {
          set({ starting: false, error: errorMessage(error), fieldErrors: fieldErrors(error) });
          return null;
        }
      },

      reset: () => {
        sessions.customers++;
        sessions.relations++;
        set({ ...initial });
      },
    };
  });
}
