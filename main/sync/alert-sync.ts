import { readState, type CacheWriter } from '../cache/repositories';
import { parseServiceDate } from '../lib/service-date';
import { DEFAULT_MAX_PAGES, pageGuard, type StoppedPaging } from './page-guard';
import { progressMeter } from './progress';
import { setAsideKeys, type PagedSyncOptions } from './sync-source';

/**
 * Where alert sync stands: the last update time reached (`since`, inclusive) and how many alerts
 * from that time on were already taken (`skip`). It is written in the same transaction as the
 * page it follows, so a crash at any moment resumes with no gap and no duplicate.
 */
export interface AlertCursor {
  since: string | null;
  skip: number;
}

export const ALERT_CURSOR_KEY = 'alerts.cursor';

type Pageable = {
  id: string;
  created_at?: unknown;
  last_revision?: { created_at?: unknown; revision_number?: unknown } | null;
};

/** The alert's last update, or null when the service sent no date CaseDesk can read. */
const updatedMs = (alert: Pageable): number | null =>
  parseServiceDate(alert.last_revision?.created_at) ?? parseServiceDate(alert.created_at);

/** An alert as of one revision: a revised alert is a new record for the page guard. */
const versionKey = (alert: Pageable): string =>
  `${alert.id}\u0000${String(alert.last_revision?.revision_number)}\u0000${String(alert.last_revision?.created_at)}`;

/** Pages through `last_update_from`, oldest change first, with keyset paging on (last update, id). */
export async function syncAlerts(
  options: PagedSyncOptions,
): Promise<{ fetched: number; stopped: StoppedPaging | null }> {
  const { db, writer, source, signal, pageSize } = options;
  const now = options.now ?? Date.now;
  const writePage = db.transaction(
    (alerts: Parameters<CacheWriter['putAlerts']>[0], cursor: AlertCursor) => {
      writer.putAlerts(alerts, now());
      writer.setState(ALERT_CURSOR_KEY, cursor);
    },
  );
  const meter = progressMeter('alerts');
  const guard = pageGuard('alerts', options.maxPages ?? DEFAULT_MAX_PAGES);
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
    const keys = [...alerts.map(versionKey), ...setAsideKeys(page)];
    const next = advance(cursor, alerts, keys.length);
    const more = guard.more({
      keys,
      full: keys.length >= pageSize,
      position: cursor.skip,
      total: page.total,
    });
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
    if (!more) return { fetched, stopped: guard.stopped() };
  }
}

/**
 * Keyset paging (move `since` to the page's last update) is sound only on a page whose every
 * date reads, which comes oldest first, as asked, and which holds the start of its last instant. Any other page advances by offset from the
 * same `since`: an alert with an unreadable date never moves the cursor, and a service that
 * orders otherwise is paged all the same instead of stopping the sync.
 */
function advance(cursor: AlertCursor, alerts: readonly Pageable[], received: number): AlertCursor {
  if (received === 0) return cursor;
  // Every record set aside took a place on the page: an offset counts it.
  if (alerts.length === 0) return { since: cursor.since, skip: cursor.skip + received };
  const sinceMs = parseServiceDate(cursor.since);
  const dates: number[] = [];
  for (const alert of alerts) {
    const ms = updatedMs(alert);
    const previous = dates.at(-1) ?? sinceMs ?? -Infinity;
    if (ms === null || ms < previous) return { since: cursor.since, skip: cursor.skip + received };
    dates.push(ms);
  }
  const lastMs = dates.at(-1) as number;
  // A page all at one instant may follow alerts of that instant on earlier pages (among them ones
  // whose date could not be read, so not counted): only the offset from the same `since` is sure.
  if ((sinceMs !== null && sinceMs === lastMs) || dates[0] === lastMs)
    return { since: cursor.since, skip: cursor.skip + received };
  const ties = dates.filter((ms) => ms === lastMs).length;
  return { since: new Date(lastMs).toISOString(), skip: ties };
}
