import type { QueueRow } from '../../preload/contract';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import { QUEUE_ROW_SELECT, queueRow, type QueueRowRecord } from './queue-rows';

/** One customer's cached alerts as queue rows, most recently updated first. */
export function customerAlertRows(
  db: CacheDb,
  customerExternalId: string,
  options: { exceptId?: string; limit: number },
): QueueRow[] {
  return (
    prepared(
      db,
      `${QUEUE_ROW_SELECT}
         WHERE a.customer_external_id = ? AND a.id IS NOT ?
         ORDER BY a.updated_ms DESC, a.id DESC
         LIMIT ?`,
    ).all(customerExternalId, options.exceptId ?? null, options.limit) as QueueRowRecord[]
  ).map(queueRow);
}
