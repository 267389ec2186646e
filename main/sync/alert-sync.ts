import { timestampMs } from '../cache/records';
import { readState, type CacheWriter } from '../cache/repositories';
import { progressMeter } from './progress';
import type { PagedSyncOptions } from './sync-source';

/**
 * Where alert sync stands: the last update time reached (`since`, inclusive) and how many alerts
 * with exactly that time were already taken (`skip`). It is written in the same transaction as
 * the page it follows, so a crash at any moment resumes with no gap and no duplicate.
 */
export interface AlertCursor {
  since: string | null;
  skip: number;
}

export const ALERT_CURSOR_KEY = 'alerts.cursor';

const updatedMs = (alert: {
  created_at?: string | null;
  last_revision?: { created_at?: string | null } | null;
}) => timestampMs(alert.last_revision?.created_at) || timestampMs(alert.created_at);

/** Pages through `last_update_from`, oldest change first, with keyset paging on (last update, id). */
export async function syncAlerts(options: PagedSyncOptions): Promise<{ fetched: number }> {
  const { db, writer, source, signal, pageSize } = options;
  const now = options.now ?? Date.now;
  const writePage = db.transaction(
    (alerts: Parameters<CacheWriter['putAlerts']>[0], cursor: AlertCursor) => {
      writer.putAlerts(alerts, now());
      writer.setState(ALERT_CURSOR_KEY, cursor);
    },
  );
  const meter = progressMeter('alerts');
  let cursor = readState<AlertCursor>(db, ALERT_CURSOR_KEY) ?? { since: null, skip: 0 };
  let fetched = 0;
  const fetchFrom = (from: AlertCursor) =>
    source.searchAlerts(
      {
        ...options.filters,
        ...(from.since ? { last_update_from: from.since } : {}),
        order_by: 'last_update',
        order_way: 'asc',
        limit: pageSize,
        offset: from.skip,
      },
      signal,
    );
  let pending = fetchFrom(cursor);
  for (;;) {
    signal.throwIfAborted();
    const page = await pending;
    signal.throwIfAborted();
    const alerts = page.data;
    assertOldestFirst(alerts);
    const next = advance(cursor, alerts);
    const more = alerts.length >= pageSize;
    // The next page is on its way while this one is written: the network and the disk overlap.
    if (more) {
      pending = fetchFrom(next);
      pending.catch(() => undefined);
    }
    writePage(alerts, next);
    cursor = next;
    fetched += alerts.length;
    options.onProgress?.(
      meter.add(alerts.length, fetched === alerts.length ? page.total : undefined),
    );
    if (!more) return { fetched };
  }
}

function advance(
  cursor: AlertCursor,
  alerts: ReadonlyArray<Parameters<typeof updatedMs>[0]>,
): AlertCursor {
  const last = alerts.at(-1);
  if (!last) return cursor;
  const lastMs = updatedMs(last);
  const ties = alerts.filter((alert) => updatedMs(alert) === lastMs).length;
  if (cursor.since !== null && timestampMs(cursor.since) === lastMs)
    return { since: cursor.since, skip: cursor.skip + alerts.length };
  return { since: new Date(lastMs).toISOString(), skip: ties };
}

/** Keyset paging is only sound when the service honours the order asked for; say so when it does not. */
function assertOldestFirst(alerts: ReadonlyArray<Parameters<typeof updatedMs>[0]>): void {
  for (let index = 1; index < alerts.length; index += 1) {
    const previous = alerts[index - 1];
    const current = alerts[index];
    if (previous && current && updatedMs(current) < updatedMs(previous)) {
      throw new Error(
        'alerts.search: the service did not return alerts oldest update first (order_by last_update), so sync cannot page safely.',
      );
    }
  }
}
