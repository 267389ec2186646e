import {
  isServiceError,
  type OperationName,
  type RefusedRecord,
  type ServiceClient,
  type WithRefused,
} from '../api';
import { UnaskableIdError, type SyncSource } from './sync-source';

/** A record set aside: what was asked, what came back, why it could not be read. */
export interface UnreadableRecord extends RefusedRecord {
  operation: OperationName;
}

export interface ServiceSourceOptions {
  /** Each record the service sent that CaseDesk could not read; the sync goes on without it. */
  onUnreadable?: (record: UnreadableRecord) => void;
}

/**
 * The sync engine's view of the service, through the API client: every list read record by record
 * (one the wire schema refuses is set aside through `onUnreadable`, the rest of the page kept),
 * a single record that cannot be read set aside too before its error goes on to the sync, reads
 * retried with backoff and Retry-After.
 */
export function createServiceSource(
  client: ServiceClient,
  options: ServiceSourceOptions = {},
): SyncSource {
  const setAside = (operation: OperationName, refused: readonly RefusedRecord[]) => {
    for (const record of refused) {
      try {
        options.onUnreadable?.({ operation, ...record });
      } catch {
        // Keeping the list is best effort: it must never cost the sync the records it did read.
      }
    }
  };
  /** A single record: a body its schema refused is set aside, and the error goes on to the sync. */
  const reading = async <T>(operation: OperationName, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (isServiceError(error) && error.kind === 'malformed' && error.refusedBody !== undefined)
        setAside(operation, [{ raw: error.refusedBody, reason: error.detail ?? error.message }]);
      throw error;
    }
  };
  /** A customer read: an id the client cannot put in a path was never sent, and says so. */
  const asking = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof TypeError && !isServiceError(error))
        throw new UnaskableIdError(error.message);
      throw error;
    }
  };
  /** A list: the records refused one by one are set aside, the rest goes on. */
  const listing = async <T extends WithRefused>(
    operation: OperationName,
    call: () => Promise<T>,
  ): Promise<T> => {
    const answer = await reading(operation, call);
    setAside(operation, answer.refused);
    return answer;
  };
  return {
    searchAlerts: (body, signal) =>
      listing('alerts.search', () => client.alerts.search(body, { signal })),
    searchThreads: (body, signal) =>
      listing('threads.search', () => client.threads.search(body, { signal })),
    customer: (externalId, signal) =>
      reading('customers.get', () => asking(() => client.customers.get(externalId, { signal }))),
    customerStats: (externalId, signal) =>
      reading('customers.stats', () =>
        asking(() => client.customers.stats(externalId, { signal })),
      ),
    customerTimeline: (externalId, signal) =>
      listing('customers.timeline', () =>
        asking(() => client.customers.timeline(externalId, { limit: 1000 }, { signal })),
      ),
    customerDocuments: (externalId, page, signal) =>
      listing('documents.search', () =>
        client.documents.search(
          { filters: { customer_external_id: externalId }, limit: page.limit, offset: page.offset },
          { signal },
        ),
      ),
  };
}
