import type { CustomersApi } from '../api/customers';
import type { CacheWriter } from '../cache/repositories';
import type { CustomersKindContext, ReadBack } from '../outbox/kinds/customers-save';
import { storedAs } from '../sync/customer-sync';

/** A few at a time, as the sync reads customers: a save of 1000 lines does not open 1000 requests. */
const CONCURRENCY = 4;

export type { ReadBack };

/** Said when the signal stopped the read-back before a customer was read. */
export const READ_BACK_STOPPED = 'the read-back was stopped before this customer was read';

/** One customer tried (read, or not: `notRead` says why), and how far the read-back is. */
export interface ReadBackProgress {
  externalId: string;
  notRead: string | null;
  done: number;
  total: number;
}

export interface ReadCustomersBackOptions {
  customers: Pick<CustomersApi, 'get'>;
  writer: Pick<CacheWriter, 'putCustomerDetail'>;
  externalIds: readonly string[];
  /** Stops the read-back: no customer is asked for after it, the one in flight is not written. */
  signal?: AbortSignal;
  /** Runs one customer's write in one cache transaction; without it, the writer's statements run as they come. */
  transaction?: <T>(work: () => T) => T;
  /**
   * After each customer was tried, read or not. One the signal stopped is not tried: it is in
   * `notRead` of the answer (READ_BACK_STOPPED) but never passed here.
   */
  onProgress?: (progress: ReadBackProgress) => void;
  now?: () => number;
}

/**
 * Reads saved customers back (GET /customers/{id}) into the offline cache with the sync's own
 * writer (putCustomerDetail, stats, timeline and documents left as cached) and under the id the
 * sync keeps it (storedAs: a customer the service answers in another case is kept under the id it
 * was saved with), so every screen shows what the service now holds. One that cannot be read is
 * said, never fatal: the save is done, and the next sync that meets it brings it.
 *
 * The one reader of saved customers: the saver, the outbox's customers.save and the bulk import.
 */
export async function readCustomersBack(options: ReadCustomersBackOptions): Promise<ReadBack> {
  const now = options.now ?? Date.now;
  const { signal } = options;
  const transaction = options.transaction ?? ((work) => work());
  const queue = [...new Set(options.externalIds)];
  const total = queue.length;
  const result: ReadBack = { read: [], notRead: [] };
  let done = 0;
  /** Reads and writes one customer: null once it is in the cache, else why not. */
  const readOne = async (externalId: string): Promise<string | null> => {
    try {
      const detail = await options.customers.get(externalId, signal ? { signal } : {});
      transaction(() =>
        options.writer.putCustomerDetail({
          customer: storedAs(externalId, detail.customer),
          detail,
          stats: null,
          events: [],
          documents: null,
          nowMs: now(),
        }),
      );
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  };
  const worker = async () => {
    for (let externalId = queue.shift(); externalId !== undefined; externalId = queue.shift()) {
      const notRead = signal?.aborted ? READ_BACK_STOPPED : await readOne(externalId);
      if (notRead !== null && signal?.aborted) {
        // Stopped before it was asked for, or while in flight: not tried, so whoever keeps what is
        // left reads it again.
        result.notRead.push({ externalId, reason: READ_BACK_STOPPED });
        continue;
      }
      if (notRead === null) result.read.push(externalId);
      else result.notRead.push({ externalId, reason: notRead });
      done += 1;
      options.onProgress?.({ externalId, notRead, done, total });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, total) }, worker));
  return result;
}

/** What the outbox's customers.save kind reads saved customers back with (see CustomersKindContext). */
export function customersKindContext(deps: {
  customers: Pick<CustomersApi, 'get'>;
  writer: Pick<CacheWriter, 'putCustomerDetail'>;
  /** The answer of a delivered save that carried relations (the relations service keeps them). */
  onRelationsAnswered?: CustomersKindContext['relationsAnswered'];
  transaction?: <T>(work: () => T) => T;
}): CustomersKindContext {
  return {
    readBack: (externalIds) =>
      readCustomersBack({
        customers: deps.customers,
        writer: deps.writer,
        externalIds,
        ...(deps.transaction ? { transaction: deps.transaction } : {}),
      }),
    ...(deps.onRelationsAnswered ? { relationsAnswered: deps.onRelationsAnswered } : {}),
  };
}
