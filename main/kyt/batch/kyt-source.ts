import { MAX_INPUT_NESTING } from '../../../preload/contract';
import { openTabularSource, type TabularSource } from '../../lib/tabular/tabular-source';

// A batch file of transactions, read as CSV or NDJSON (main/lib/tabular/).

export type BatchSource = TabularSource<'csv' | 'ndjson'>;

/** A line's own levels (participants, their device) above the custom fields' own. */
const LINE_NESTING = MAX_INPUT_NESTING + 4;

export function openBatchSource(path: string, fileName: string): Promise<BatchSource> {
  return openTabularSource(path, fileName, {
    noun: 'transaction',
    maxNesting: LINE_NESTING,
    json: false,
  });
}
