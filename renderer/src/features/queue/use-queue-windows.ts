import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { QueueRow, QueueWindow } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';
import { queryKey, type QueueQuery } from './queue-query';

/** Rows per read; pages are cached by index while the viewport moves. */
export const PAGE_SIZE = 100;
/** Pages kept on each side of the visible ones; farther ones are dropped. */
const KEEP_AROUND = 6;
/** A fast scroll asks only for where it stops, not for every page it passes. */
const SETTLE_MS = 40;

/** Why a read looked for the selected alert: the queue opened, or a sync changed the cache. */
export type FocusCause = 'open' | 'sync';

export interface FocusReply {
  cause: FocusCause;
  id: string;
  index: number | null;
  total: number;
}

export interface QueueWindows {
  /** Loading only until the first answer; later reads keep the rows on screen. */
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  /** A read for a new query is on its way; the rows shown belong to the previous one. */
  pending: boolean;
  total: number;
  stateCounts: Record<string, number>;
  /** The row at an index, if its page is here (during `pending`, the previous query's). */
  rowAt: (index: number) => QueueRow | undefined;
  /** The row shown at an index may be out of date (before a sync, or of the previous query). */
  isStale: (index: number) => boolean;
  /** Changes whenever pages arrive or go: what `rowAt` answers may have changed. */
  version: number;
  /** The table shows rows first..last: read the pages that are missing. */
  show: (first: number, last: number) => void;
  retry: () => void;
}

interface Pages {
  key: string;
  generation: number;
  pages: Map<number, QueueRow[]>;
  /** Pages from before a sync, shown until their fresh read arrives. */
  stale: Set<number>;
  loading: Set<number>;
  /** The rows on screen belong to an older query until the new one's first page arrives. */
  replacing: boolean;
  visible: [number, number];
  timer: ReturnType<typeof setTimeout> | null;
}

interface Snapshot {
  /** The query whose rows are shown. */
  key: string;
  status: QueueWindows['status'];
  error: unknown;
  total: number;
  stateCounts: Record<string, number>;
  /** Bumped when pages change, so the table renders again. */
  tick: number;
}

const pageOf = (index: number) => Math.floor(index / PAGE_SIZE);

/** Drops the pages kept from the previous query once the new one has answered. */
function forgetPreviousQuery(pages: Pages): void {
  if (!pages.replacing) return;
  pages.pages.clear();
  pages.stale.clear();
  pages.replacing = false;
}

/**
 * The filtered, sorted queue as a sparse list: pages of `queue.window` read as the viewport
 * moves, all dropped when the query changes, re-read in place when a sync changes the cache.
 * `focusId` names the selected alert; reads that must find it (opening, after a sync) ask where it
 * now sits and report it through `onFocus`.
 */
export function useQueueWindows(
  query: QueueQuery,
  focusOn: () => { id: string | null; index: number },
  onFocus: (reply: FocusReply) => void,
): QueueWindows {
  const key = queryKey(query);
  const queryRef = useRef(query);
  const focusRef = useRef(focusOn);
  const onFocusRef = useRef(onFocus);
  // The reads below run later (after a scroll, a sync): they use the newest query and callbacks.
  useLayoutEffect(() => {
    queryRef.current = query;
    focusRef.current = focusOn;
    onFocusRef.current = onFocus;
  });

  const store = useRef<Pages>({
    key,
    generation: 0,
    pages: new Map(),
    stale: new Set(),
    loading: new Set(),
    replacing: false,
    visible: [0, 0],
    timer: null,
  });
  const [snapshot, setSnapshot] = useState<Snapshot>({
    key,
    status: 'loading',
    error: null,
    total: 0,
    stateCounts: {},
    tick: 0,
  });

  const prune = useCallback(() => {
    const s = store.current;
    const low = pageOf(s.visible[0]) - KEEP_AROUND;
    const high = pageOf(s.visible[1]) + KEEP_AROUND;
    for (const page of s.pages.keys()) {
      if (page < low || page > high) {
        s.pages.delete(page);
        s.stale.delete(page);
      }
    }
  }, []);

  const read = useCallback(
    (page: number, focus: { id: string; cause: FocusCause } | null) => {
      const s = store.current;
      const generation = s.generation;
      s.loading.add(page);
      const { filter, sort } = queryRef.current;
      unwrap(
        api.queue.window({
          filter,
          sort,
          offset: page * PAGE_SIZE,
          limit: PAGE_SIZE,
          ...(focus ? { focusId: focus.id } : {}),
        }),
      ).then(
        (window: QueueWindow) => {
          if (generation !== s.generation) return;
          s.loading.delete(page);
          forgetPreviousQuery(s);
          s.pages.set(page, window.rows);
          s.stale.delete(page);
          prune();
          setSnapshot((previous) => ({
            key: s.key,
            status: 'ready',
            error: null,
            total: window.total,
            stateCounts: window.stateCounts,
            tick: previous.tick + 1,
          }));
          if (focus)
            onFocusRef.current({
              cause: focus.cause,
              id: focus.id,
              index: window.focusIndex,
              total: window.total,
            });
        },
        (error: unknown) => {
          if (generation !== s.generation) return;
          s.loading.delete(page);
          // Failed or not, the new query's first answer ends the previous query's rows: they must
          // not stay on screen under the new filters, where Enter could open one of them.
          forgetPreviousQuery(s);
          setSnapshot((previous) => ({
            ...previous,
            key: s.key,
            status: 'error',
            error,
            tick: previous.tick + 1,
          }));
        },
      );
    },
    [prune],
  );

  /**
   * Reads every visible page that is missing or stale. `focus` rides on the read of the page
   * holding the selected row, so the row and where the alert went arrive together.
   */
  const fill = useCallback(
    (focus: { id: string; cause: FocusCause; page: number } | null) => {
      const s = store.current;
      const [first, last] = s.visible;
      const focusPage =
        focus && focus.page >= pageOf(first) && focus.page <= pageOf(last)
          ? focus.page
          : pageOf(first);
      if (focus) read(focusPage, { id: focus.id, cause: focus.cause });
      for (let page = pageOf(first); page <= pageOf(last); page++) {
        if (focus && page === focusPage) continue;
        if (s.loading.has(page) || (s.pages.has(page) && !s.stale.has(page) && !s.replacing))
          continue;
        read(page, null);
      }
    },
    [read],
  );

  /** Starts a new generation: answers of older reads are ignored from now on. */
  const restart = useCallback(
    (mode: 'query' | 'sync', cause: FocusCause) => {
      const s = store.current;
      s.generation++;
      s.loading.clear();
      if (s.timer) clearTimeout(s.timer);
      s.timer = null;
      if (mode === 'query') {
        s.replacing = true;
        s.visible = [0, 0];
      } else {
        for (const page of s.pages.keys()) s.stale.add(page);
      }
      const { id, index } = focusRef.current();
      fill(id ? { id, cause, page: pageOf(index) } : null);
    },
    [fill],
  );

  useEffect(() => {
    store.current.key = key;
    restart('query', 'open');
  }, [key, restart]);

  useEffect(() => {
    const onSync = () => restart('sync', 'sync');
    const stopCache = api.cache.onChanged(({ tables }) => {
      if (tables.length === 0 || tables.includes('alerts') || tables.includes('customers'))
        onSync();
    });
    // Another profile is another cache.
    const stopProfiles = api.profiles.onChanged(onSync);
    const pages = store.current;
    return () => {
      stopCache();
      stopProfiles();
      if (pages.timer) clearTimeout(pages.timer);
    };
  }, [restart]);

  const show = useCallback(
    (first: number, last: number) => {
      const s = store.current;
      s.visible = [Math.max(0, first), Math.max(0, last)];
      if (s.timer) clearTimeout(s.timer);
      s.timer = setTimeout(() => {
        s.timer = null;
        fill(null);
      }, SETTLE_MS);
    },
    [fill],
  );

  const rowAt = useCallback(
    (index: number): QueueRow | undefined =>
      store.current.pages.get(pageOf(index))?.[index % PAGE_SIZE],
    [],
  );

  const isStale = useCallback(
    (index: number): boolean => {
      const s = store.current;
      const page = pageOf(index);
      // Until the effect below has started the new query, the pages are the previous query's.
      return s.key !== key || s.replacing || s.stale.has(page) || !s.pages.has(page);
    },
    [key],
  );

  const retry = useCallback(() => {
    setSnapshot((previous) => ({ ...previous, status: 'loading', error: null }));
    restart('sync', 'open');
  }, [restart]);

  return {
    status: snapshot.status,
    error: snapshot.error,
    pending: snapshot.key !== key && snapshot.status !== 'loading',
    total: snapshot.total,
    stateCounts: snapshot.stateCounts,
    rowAt,
    isStale,
    version: snapshot.tick,
    show,
    retry,
  };
}
