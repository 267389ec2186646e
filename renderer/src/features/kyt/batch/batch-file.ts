import { visibleFileName } from '../../../lib/file-names';
import { BATCH_FILE_ENDINGS } from './column-mapping';

// What the panel takes from a drop or the file picker: one CSV or NDJSON file.

/** Enough of a dropped file to choose it (a DroppedFile, or a test's stand-in). */
export interface OfferedFile<F> {
  file: F & { name: string };
  isFolder: boolean;
}

export type FileChoice<F> = { ok: true; file: F } | { ok: false; message: string };

const endingOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
};

export const isBatchFileName = (name: string): boolean =>
  (BATCH_FILE_ENDINGS as readonly string[]).includes(endingOf(name));

/** The file to import, or why none is, in words that say what to do. */
export function chooseBatchFile<F>(offered: ReadonlyArray<OfferedFile<F>>): FileChoice<F> {
  if (offered.length === 0)
    return { ok: false, message: 'Nothing was dropped that CaseDesk can read. Drop one file.' };
  if (offered.length > 1)
    return {
      ok: false,
      message: `${offered.length} files were dropped: a batch is read from one file. Drop them one at a time.`,
    };
  const [only] = offered;
  if (!only) return { ok: false, message: 'Drop one file.' };
  const name = visibleFileName(only.file.name);
  if (only.isFolder)
    return {
      ok: false,
      message: `“${name}” is a folder: drop the CSV or NDJSON file inside it instead.`,
    };
  if (!isBatchFileName(only.file.name))
    return {
      ok: false,
      message: `“${name}” is not a CSV or NDJSON file. A batch is read from a file ending in ${BATCH_FILE_ENDINGS.join(', ')}: save the transactions as CSV (or one JSON object per line), then import that file.`,
    };
  return { ok: true, file: only.file };
}
