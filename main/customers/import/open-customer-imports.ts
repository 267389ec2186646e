import type { ServiceClient } from '../../api';
import type { CacheDb } from '../../cache/open-cache';
import type { CacheWriter } from '../../cache/repositories';
import type { Logger } from '../../lib/logger';
import type { LocalStore } from '../../local/local-store';
import { runUnflushed } from '../../local/unflushed';
import { readCustomersBack } from '../customer-read-back';
import { createCustomerImports, type CustomerImportDeps } from './customer-imports';
import type { CustomerImports } from './import-ports';

// The profile's customer imports over its local store, the service client and the cache: a batch
// is POST /customers/save (waiting as long as a 429's Retry-After asks), and the saved customers
// are read back by the one reader of saved customers (GET /customers/{id}, written into the cache
// as the sync writes one, each in its own transaction).

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
  return createCustomerImports({
    records: store,
    transaction: (work) => store.db.transaction(work)(),
    unflushed: (work) => runUnflushed(store.db, work),
    wire: {
      save: (body, signal) => client.customers.save(body, { signal, waitsForRetryAfter: true }),
    },
    readBack: cache ? importReader(client, cache) : null,
    logger: options.logger,
    ...(options.recover === undefined ? {} : { recover: options.recover }),
    ...(options.onSaved ? { onSaved: options.onSaved } : {}),
    onReadBack: (id, done, total) => {
      options.onReadBack?.(id, done, total);
      if (done === total && total > 0) options.onCacheChange?.(['customers']);
    },
  });
}

function importReader(
  client: Pick<ServiceClient, 'customers'>,
  cache: { db: CacheDb; writer: CacheWriter },
): NonNullable<CustomerImportDeps['readBack']> {
  const inTransaction = cache.db.transaction((work: () => unknown) => work());
  return (externalIds, { signal, onProgress }) =>
    readCustomersBack({
      customers: client.customers,
      writer: cache.writer,
      transaction: <T>(work: () => T) => inTransaction(work) as T,
      externalIds,
      signal,
      onProgress,
    });
}
