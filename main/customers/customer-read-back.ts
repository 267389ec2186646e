import type { CustomersApi } from '../api/customers';
import type { CacheWriter } from '../cache/repositories';
import type { CustomersKindContext, ReadBack } from '../outbox/kinds/customers-save';
import { storedAs } from '../sync/customer-sync';

/** A few at a time, as the sync reads customers: a save of 1000 lines does not open 1000 requests. */
const CONCURRENCY = 4;

export type { ReadBack };

/**
 * Reads saved customers back (GET /customers/{id}) into the offline cache with the sync's own
 * writer (putCustomerDetail, stats, timeline and documents left as cached), so every screen shows
 * what the service now holds. One that cannot be read is said, never fatal: the save is done.
 */
export async function readCustomersBack(options: {
  customers: Pick<CustomersApi, 'get'>;
  writer: Pick<CacheWriter, 'putCustomerDetail'>;
  externalIds: readonly string[];
  signal?: AbortSignal;
  now?: () => number;
}): Promise<ReadBack> {
  const now = options.now ?? Date.now;
  const queue = [...new Set(options.externalIds)];
  const result: ReadBack = { read: [], notRead: [] };
  const worker = async () => {
    for (let externalId = queue.shift(); externalId !== undefined; externalId = queue.shift()) {
      try {
        const detail = await options.customers.get(
          externalId,
          options.signal ? { signal: options.signal } : {},
        );
        options.writer.putCustomerDetail({
          customer: storedAs(externalId, detail.customer),
          detail,
          stats: null,
          events: [],
          documents: null,
          nowMs: now(),
        });
        result.read.push(externalId);
      } catch (error) {
        result.notRead.push({
          externalId,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return result;
}

/** What the outbox's customers.save kind reads saved customers back with (see CustomersKindContext). */
export function customersKindContext(deps: {
  customers: Pick<CustomersApi, 'get'>;
  writer: Pick<CacheWriter, 'putCustomerDetail'>;
  /** The answer of a delivered save that carried relations (the relations service keeps them). */
  onRelationsAnswered?: CustomersKindContext['relationsAnswered'];
}): CustomersKindContext {
  return {
    readBack: (externalIds) =>
      readCustomersBack({ customers: deps.customers, writer: deps.writer, externalIds }),
    ...(deps.onRelationsAnswered ? { relationsAnswered: deps.onRelationsAnswered } : {}),
  };
}
