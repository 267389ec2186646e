import type { ServiceClient } from '../api';
import type { SyncSource } from './sync-source';

/**
 * The sync engine's view of the service, through the API client: every response parsed with its
 * wire schema (a malformed one is an error before anything reaches the cache), reads retried with
 * backoff and Retry-After.
 */
export function createServiceSource(client: ServiceClient): SyncSource {
  return {
    searchAlerts: (body, signal) => client.alerts.search(body, { signal }),
    searchThreads: (body, signal) => client.threads.search(body, { signal }),
    customer: (externalId, signal) => client.customers.get(externalId, { signal }),
    customerStats: (externalId, signal) => client.customers.stats(externalId, { signal }),
    customerTimeline: (externalId, signal) =>
      client.customers.timeline(externalId, { limit: 1000 }, { signal }),
    customerDocuments: (externalId, page, signal) =>
      client.documents.search(
        { filters: { customer_external_id: externalId }, limit: page.limit, offset: page.offset },
        { signal },
      ),
  };
}
