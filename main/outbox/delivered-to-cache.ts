import type { CacheWriter } from '../cache/repositories';
import type { KindedPayload, KindList } from './kinds/kind';
import { kindOf, OUTBOX_KINDS } from './kinds/registry';
import type { Outbox, OutboxItem } from './outbox-store';

/**
 * What a delivered write changes in the offline cache, at once rather than at the next sync (the
 * filed document as the service answered it, an edit's new values, a deleted document gone), as
 * its kind says. Answers which cache tables changed (none for writes the cache does not mirror).
 */
export function applyDelivered<P extends KindedPayload>(
  writer: CacheWriter,
  item: OutboxItem<P>,
  kinds: KindList = OUTBOX_KINDS,
): string[] {
  const kind = kindOf(kinds, item.payload);
  kind.applyDelivery?.(writer, item.payload, item.result);
  return [...kind.cacheTables];
}

/**
 * A sync writes what it fetched, and a customer's documents are replaced whole: a write delivered
 * while the sync ran (after its fetch) would be undone until the next one. Applied again after the
 * sync, writes delivered since it began stand. Answers how many were applied again.
 */
export function reapplyDeliveredSince<K extends KindList>(
  writer: CacheWriter,
  outbox: Outbox<K>,
  sinceMs: number,
): number {
  let applied = 0;
  for (const item of outbox.list(['done'])) {
    if (Date.parse(item.updatedAt) < sinceMs) continue;
    if (applyDelivered(writer, item, outbox.kinds).length > 0) applied += 1;
  }
  return applied;
}
