import type { KytBatches } from '../kyt/kyt-ports';
import { CliUsageError, type ParsedArgs } from './cli-args';

export const KYT_IMPORT_USAGE = `  kyt import FILE.csv|FILE.ndjson [--mapping FILE] [--out FILE] [--json]`;

export interface KytImportCliDeps {
  batches: KytBatches;
  /** Lines for the person (progress, the summary); `--json` prints one JSON document instead. */
  out: (text: string) => void;
  err: (text: string) => void;
}

// Scaffold while the batches are built (issue 15).
export function runKytImport(_args: ParsedArgs, _deps: KytImportCliDeps): Promise<number> {
  throw new CliUsageError('kyt import is not available in this build yet.');
}
