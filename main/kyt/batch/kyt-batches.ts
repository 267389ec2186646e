import type { LocalRecords } from '../../local/local-records';
import type { Logger } from '../../lib/logger';
import { AppError } from '../../lib/app-error';
import type { KytBatches, KytSender, KytStore } from '../kyt-ports';

/** What the batches stand on; the workspace (and the command line) build it. */
export interface KytBatchDeps {
  store: KytStore;
  sender: KytSender;
  /** The profile's local store: batches (kind `kyt.batch`) and the saved column mapping (`kyt.mapping`). */
  records: LocalRecords;
  logger: Logger;
  /** ms since epoch; tests give their own. */
  now?: () => number;
  /** Waits `ms` (a 429's Retry-After), or until the signal aborts; tests give their own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

// Scaffold while the batches are built (issue 15).
export function createKytBatches(_deps: KytBatchDeps): KytBatches {
  const notYet = (): never => {
    throw new AppError(
      'unavailable',
      'Batch import of transactions is not available in this build yet.',
    );
  };
  return {
    preview: notYet,
    import: notYet,
    list: () => [],
    get: () => null,
    lines: notYet,
    resume: notYet,
    pause: notYet,
    cancel: notYet,
    saveResult: notYet,
    settled: notYet,
    onChange: () => () => undefined,
    close: () => Promise.resolve(),
  };
}
