import type { KytColumnMapping } from '../../../preload/contract';
import type { KytStore, NewSubmission } from '../kyt-ports';
import type { InvalidLine } from './batch-book';
import type { BatchSource } from './kyt-source';
import { csvLineReader, objectLineReader } from './line-convert';

// Every line of a batch file read into the store: a valid line becomes a waiting submission of the
// batch (written a chunk at a time, each chunk in one transaction), a bad one is kept as an error
// for its line. Only a chunk is held at once, whatever the file's length.

/** Lines written per transaction. */
export const CHUNK_LINES = 1000;

export interface ImportedLines {
  /** Lines read (blank ones aside), valid and invalid. */
  lines: number;
  invalidLines: InvalidLine[];
}

export interface ImportProgress {
  /** Submissions written so far: none means a failed read left nothing behind. */
  created: number;
}

export async function importLines(input: {
  id: string;
  source: BatchSource;
  mapping: KytColumnMapping | null;
  store: KytStore;
  progress: ImportProgress;
}): Promise<ImportedLines> {
  const { id, source, store, progress } = input;
  const readCsv = input.mapping ? csvLineReader(input.mapping, source.columns) : null;
  const invalidLines: InvalidLine[] = [];
  let chunk: NewSubmission[] = [];
  let lines = 0;
  const flush = () => {
    if (chunk.length === 0) return;
    store.createMany(chunk);
    progress.created += chunk.length;
    chunk = [];
  };
  for await (const line of source.lines()) {
    lines += 1;
    if (line.kind === 'error') {
      invalidLines.push({ line: line.line, message: line.error, externalId: null });
      continue;
    }
    const converted =
      line.kind === 'cells'
        ? readCsv
          ? readCsv(line.cells)
          : { transaction: null, error: 'No column mapping was given.', externalId: null }
        : objectLineReader(line.value);
    if (converted.transaction === null) {
      invalidLines.push({
        line: line.line,
        message: converted.error ?? 'This line is not a transaction.',
        externalId: converted.externalId,
      });
      continue;
    }
    chunk.push({ transaction: converted.transaction, batch: { id, line: line.line } });
    if (chunk.length === CHUNK_LINES) flush();
  }
  flush();
  return { lines, invalidLines };
}
