import type { ServiceClient } from '../../api';
import type { CacheDb } from '../../cache/open-cache';
import type { CacheWriter } from '../../cache/repositories';
import type { Logger } from '../../lib/logger';
import type { LocalStore } from '../../local/local-store';
import { runUnflushed } from '../../local/unflushed';
import { createCustomerImports, type CustomerImportDeps } from './customer-imports';
import type { CustomerImports } from './import-ports';

// The profile's customer imports over its local store, the service client and the cache: a batch
// is POST /customers/save (waiting as long as a 429's Retry-After asks), and a saved customer is
// read back with GET /customers/{id} and written into the cache as the sync writes one.

export function openCustomerImports(options: {
  store: LocalStore;
  client: Pick<ServiceClient, 'customers'>;
  /** Without a cache (the command line's dry run), nothing is read back. */
  cache: { db: CacheDb; writer: CacheWriter } | null;
  logger: Logger;
  /** The cache tables a read-back changed, once it is done. */
  onCacheChange?: (tables: string[]) => void;
  recover?: boolean;
  onReadBack?: CustomerImportDeps['onReadBack'];
  onSaved?: CustomerImportDeps['onSaved'];
}): CustomerImports {
  const { store, client, cache } = options;
  const writeDetail = cache
    ? cache.db.transaction((input: Parameters<CacheWriter['putCustomerDetail']>[0]) =>
        cache.writer.putCustomerDetail(input),
      )
    : null;
  return createCustomerImports({
    records: store,
    transaction: (work) => store.db.transaction(work)(),
    unflushed: (work) => runUnflushed(store.db, work),
    wire: {
      save: (body, signal) => client.customers.save(body, { signal, waitsForRetryAfter: true }),
    },
    readBack: writeDetail
      ? async (externalId, signal) => {
          const detail = await client.customers.get(externalId, { signal });
          // As the sync writes a customer (main/sync/customer-sync.ts): its stats, timeline and
          // documents are left as they are, for the next sync.
          writeDetail({
            customer: detail.customer,
            detail,
            stats: null,
            events: [],
            documents: null,
            nowMs: Date.now(),
          });
        }
      : null,
    logger: options.logger,
    ...(options.recover === undefined ? {} : { recover: options.recover }),
    ...(options.onSaved ? { onSaved: options.onSaved } : {}),
    onReadBack: (id, done, total) => {
      options.onReadBack?.(id, done, total);
      if (done === total && total > 0) options.onCacheChange?.(['customers']);
    },
  });
}
