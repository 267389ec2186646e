import type { Logger } from '../../lib/logger';
import type { ReadBack, ReadBackProgress } from '../customer-read-back';
import type { ImportBook } from './import-book';

// The customers an import saved, read back into the cache in the background by the one reader of
// saved customers (readCustomersBack, main/customers/customer-read-back.ts). Which are left to read
// is kept with the import (pendingReadBack, import-book.ts) as each save batch is answered, so a
// read-back cut short by a pause or a restart goes on: at the end of the next save, and when the
// imports open again. A customer leaves the list once it was tried; one that could not be read is
// logged and left to the next sync, never tried forever.

/** Reads saved customers back into the cache: readCustomersBack over the profile's client and cache. */
export type ImportReader = (
  externalIds: readonly string[],
  options: { signal: AbortSignal; onProgress: (progress: ReadBackProgress) => void },
) => Promise<ReadBack>;

/** Where each import's customers left to read back are kept: the import book. */
export type PendingReadBacks = Pick<
  ImportBook,
  'addPendingReadBack' | 'removePendingReadBack' | 'pendingReadBack' | 'withPendingReadBack'
>;

export interface ImportReadBacks {
  /** Keeps saved customers as left to read back (a save batch's, once it is answered). */
  keep(id: string, externalIds: readonly string[]): void;
  /** Reads back, in the background, what the import has left to read (these kept first). */
  start(id: string, externalIds: readonly string[]): void;
  /** Goes on with every import's read-back left unfinished (the imports opened again). */
  resume(): void;
  /** Resolves when the import's read-back (if one runs) has stopped. */
  settled(id: string): Promise<void>;
  /** Stops every read-back; what each had left stays kept for the next open. */
  close(): Promise<void>;
}

/**
 * Customers tried between two writes of what is left: a restart after a crash reads at most these
 * again (harmless: a read-back writes what the service holds), and a 10,000-customer read-back
 * rewrites the import's record 100 times, not 10,000.
 */
const KEEP_EVERY = 100;

interface Running {
  controller: AbortController;
  /** Customers were kept while it ran: read them once it ends. */
  again: boolean;
  done: Promise<void>;
}

export function createImportReadBacks(deps: {
  /** None where there is no cache: what was saved stays kept for an open with one. */
  read: ImportReader | null;
  pending: PendingReadBacks;
  logger: Logger;
  onReadBack?: (id: string, done: number, total: number) => void;
}): ImportReadBacks {
  const { pending, logger } = deps;
  const running = new Map<string, Running>();
  let closed = false;

  async function readLeft(id: string, read: ImportReader, run: Running): Promise<void> {
    const left = pending.pendingReadBack(id);
    let tried: string[] = [];
    const forget = () => {
      if (tried.length === 0) return;
      pending.removePendingReadBack(id, tried);
      tried = [];
    };
    try {
      deps.onReadBack?.(id, 0, left.length);
      await read(left, {
        signal: run.controller.signal,
        onProgress: (progress) => {
          if (progress.notRead !== null)
            // The next sync reads it: the customer is saved, only the cache is behind.
            logger.warn(
              `customer import ${id}: reading ${progress.externalId} back failed: ${progress.notRead}`,
            );
          tried.push(progress.externalId);
          if (tried.length >= KEEP_EVERY) forget();
          deps.onReadBack?.(id, progress.done, progress.total);
        },
      });
      forget();
    } catch (error) {
      logger.warn(`customer import ${id}: the read-back stopped: ${String(error)}`);
    }
  }

  function begin(id: string): void {
    const read = deps.read;
    if (!read || closed) return;
    const current = running.get(id);
    if (current) {
      current.again = true;
      return;
    }
    if (pending.pendingReadBack(id).length === 0) return;
    const run: Running = {
      controller: new AbortController(),
      again: false,
      done: Promise.resolve(),
    };
    running.set(id, run);
    // Nobody may be waiting on a background read-back: its failure is logged, never unhandled.
    run.done = readLeft(id, read, run)
      .finally(() => {
        running.delete(id);
        if (run.again && !run.controller.signal.aborted) begin(id);
      })
      .catch((error: unknown) => {
        logger.warn(`customer import ${id}: the read-back stopped: ${String(error)}`);
      });
  }

  const keep = (id: string, externalIds: readonly string[]) => {
    try {
      pending.addPendingReadBack(id, externalIds);
    } catch (error) {
      logger.warn(
        `customer import ${id}: the customers to read back were not kept: ${String(error)}`,
      );
    }
  };

  return {
    keep,
    start(id, externalIds) {
      keep(id, externalIds);
      begin(id);
    },
    resume() {
      for (const id of pending.withPendingReadBack()) begin(id);
    },
    async settled(id) {
      // A read-back that ends with customers kept meanwhile begins again at once.
      for (let run = running.get(id); run; run = running.get(id)) await run.done;
    },
    async close() {
      closed = true;
      const open = [...running.values()];
      for (const run of open) run.controller.abort();
      await Promise.all(open.map((run) => run.done));
    },
  };
}
