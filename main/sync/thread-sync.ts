import { readState, type CacheWriter } from '../cache/repositories';
import { parseServiceDate } from '../lib/service-date';
import { DEFAULT_MAX_PAGES, pageGuard, type StoppedPaging } from './page-guard';
import { progressMeter } from './progress';
import { setAsideKeys, type PagedSyncOptions } from './sync-source';

/**
 * Thread search has no order option; the service returns newest update first. Paging a fixed
 * `min_updated_at` by page number can then only repeat a thread (one updated meanwhile moves to the
 * front), never skip one, and the next run starts at the newest update seen.
 */
export interface ThreadCursor {
  since: string | null;
  page: number;
  newestMs: number;
}

export const THREAD_CURSOR_KEY = 'threads.cursor';

export async function syncThreads(
  options: PagedSyncOptions,
): Promise<{ fetched: number; stopped: StoppedPaging | null }> {
  const { db, writer, source, signal, pageSize } = options;
  const now = options.now ?? Date.now;
  const writePage = db.transaction(
    (threads: Parameters<CacheWriter['putThreads']>[0], cursor: ThreadCursor) => {
      writer.putThreads(threads, now());
      writer.setState(THREAD_CURSOR_KEY, cursor);
    },
  );
  const meter = progressMeter('threads');
  // One guard for both passes: a thread seen unchanged in the first is no progress in the second.
  const guard = pageGuard('threads', options.maxPages ?? DEFAULT_MAX_PAGES);
  let cursor = readState<ThreadCursor>(db, THREAD_CURSOR_KEY) ?? {
    since: null,
    page: 1,
    newestMs: 0,
  };
  let fetched = 0;
  // A pass of several pages (or resumed after an interruption) cannot see threads updated while it
  // ran: they moved to the front, behind it. One more pass from the newest update seen picks them up.
  let passes = 0;
  let pagesThisPass = 0;
  let resumed = cursor.page > 1;
  for (;;) {
    signal.throwIfAborted();
    const result = await source.searchThreads(
      {
        filters: { ...options.filters, ...(cursor.since ? { min_updated_at: cursor.since } : {}) },
        on_page: cursor.page,
        per_page: pageSize,
      },
      signal,
    );
    signal.throwIfAborted();
    const threads = result.data;
    pagesThisPass += 1;
    // A thread whose update time cannot be read is kept and leaves the cursor where it was.
    let newestMs = cursor.newestMs;
    for (const thread of threads) newestMs = Math.max(newestMs, updatedMs(thread));
    const keys = [
      ...threads.map((thread) => `${thread.id}\u0000${String(thread.updated_at)}`),
      ...setAsideKeys(result),
    ];
    const more = guard.more({
      keys,
      full: keys.length >= pageSize,
      position: (cursor.page - 1) * pageSize,
      total: result.total,
    });
    // Paged by page number, a page the service cut short cannot be paged past: the next page
    // number would skip what the short one left out.
    const finished = !more || keys.length < pageSize;
    // Newest first: moving `since` past this pass is sound only when it read to the end; after a
    // stale page, the ceiling or a cut-short page, the next pass starts from the same `since`.
    const complete = !more && guard.reachedTheEnd();
    const next: ThreadCursor = finished
      ? {
          since: complete && newestMs > 0 ? new Date(newestMs).toISOString() : cursor.since,
          page: 1,
          newestMs,
        }
      : { since: cursor.since, page: cursor.page + 1, newestMs };
    writePage(threads, next);
    cursor = next;
    fetched += threads.length;
    options.onProgress?.(
      meter.add(threads.length, fetched === threads.length ? result.total : undefined),
    );
    if (!finished) continue;
    passes += 1;
    if (passes >= 2 || (pagesThisPass === 1 && !resumed) || !guard.mayStartAgain())
      return { fetched, stopped: guard.stopped() };
    pagesThisPass = 0;
    resumed = false;
  }
}

function updatedMs(thread: { updated_at?: unknown }): number {
  return parseServiceDate(thread.updated_at) ?? 0;
}
