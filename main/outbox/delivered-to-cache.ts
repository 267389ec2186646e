import type { CacheWriter } from '../cache/repositories';
import type { DocumentLike } from '../cache/records';
import type { Outbox, OutboxItem } from './outbox-store';

const isDocument = (value: unknown): value is DocumentLike =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as { id?: unknown }).id === 'string' &&
  (value as { id: string }).id.length > 0;

/**
 * What a delivered write changes in the offline cache, at once rather than at the next sync: the
 * filed document as the service answered it, an edit's new values, a deleted document gone.
 * Answers which cache tables changed (none for writes the cache does not mirror).
 */
export function applyDelivered(writer: CacheWriter, item: OutboxItem): string[] {
  const payload = item.payload;
  switch (payload.kind) {
    case 'document.upload':
      // Without a document in the answer, the next sync brings it; the list still loses its pending row.
      if (!isDocument(item.result)) return ['documents'];
      writer.putDocument({
        ...item.result,
        customer_external_id: item.result.customer_external_id ?? payload.customer_external_id,
      });
      return ['documents'];
    case 'document.update':
      writer.changeDocument(payload.id, {
        ...(payload.display_name === undefined ? {} : { display_name: payload.display_name }),
        ...(payload.tag_codes === undefined ? {} : { tag_codes: payload.tag_codes }),
      });
      return ['documents'];
    case 'document.delete':
      writer.removeDocument(payload.id);
      return ['documents'];
    case 'customers.save':
      return [];
  }
}

/**
 * A sync writes what it fetched, and a customer's documents are replaced whole: a write delivered
 * while the sync ran (after its fetch) would be undone until the next one. Applied again after the
 * sync, writes delivered since it began stand. Answers how many were applied again.
 */
export function reapplyDeliveredSince(
  writer: CacheWriter,
  outbox: Outbox,
  sinceMs: number,
): number {
  let applied = 0;
  for (const item of outbox.list(['done'])) {
    if (Date.parse(item.updatedAt) < sinceMs) continue;
    if (applyDelivered(writer, item).length > 0) applied += 1;
  }
  return applied;
}
