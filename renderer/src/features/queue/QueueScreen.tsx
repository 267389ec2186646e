import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { QueueColumnName, QueueFilterInput, SavedView } from '../../../../preload/contract';
import { useNavigation } from '../../lib/navigation';
import type { Route } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { useCached } from '../../lib/use-cached';
import { QueueFilters } from './QueueFilters';
import { rememberedSelection, routeQuery, useQueueMemory, type QueueRoute } from './queue-memory';
import { cleanFilter, firstDirection, isFilterEmpty, queryKey } from './queue-query';
import { QueueTable, type QueueTableHandle } from './QueueTable';
import { SavedViews } from '../views';
import { useSync } from '../sync';
import { useQueueWindows, type FocusReply } from './use-queue-windows';
import './queue.css';

interface Selection {
  index: number;
  /** The alert at `index` when known: what a re-read looks for after a sync. */
  id: string | null;
}

const GROUP = 'Queue';

/** Buttons and links keep Enter for themselves; Enter elsewhere opens the selected alert. */
function pressesControl(event: KeyboardEvent): boolean {
  const target = event.target;
  // The grid itself (and its rows) is where Enter opens; a sort button in its header is a button.
  if (!(target instanceof HTMLElement) || target.getAttribute('role') === 'grid') return false;
  const control = target.closest('button, a[href], summary, [role="button"]');
  if (control instanceof HTMLElement) {
    control.click();
    return true;
  }
  return false;
}

/**
 * The queue of an empty cache: while the first sync runs it says so. A component of its own, so
 * the sync's progress re-renders only it, never the queue (whose selection a re-render while a
 * sync refreshes its rows would lose).
 */
function EmptyCache() {
  const syncing = useSync((state) => state.status?.state === 'running');
  return (
    <EmptyState
      title={
        syncing
          ? 'Syncing — alerts appear here as they arrive'
          : 'No alerts cached yet — sync from the top bar'
      }
      testId="queue-empty"
    >
      The queue reads the offline cache; a sync brings the service’s alerts into it.
    </EmptyState>
  );
}

/** The alert queue: filters, saved views and a virtualized, keyboard-driven table. */
export function QueueScreen({ route }: { route: Extract<Route, { screen: 'queue' }> }) {
  const navigate = useNavigation((state) => state.navigate);
  const query = useMemo(() => routeQuery(route), [route]);
  const key = queryKey(query);

  const [selection, setSelection] = useState<Selection>(() => ({
    index: 0,
    id: rememberedSelection(query),
  }));
  const [notice, setNotice] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [scrollRequest, setScrollRequest] = useState(0);
  const tableRef = useRef<QueueTableHandle>(null);
  const firstFieldRef = useRef<HTMLInputElement>(null);

  // A new query starts at its top; the first read of the first one looks for the remembered alert.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setSelection({ index: 0, id: null });
    setNotice('');
  }
  // What the reads after a scroll or a sync look for; kept current below.
  const selectionRef = useRef(selection);

  const onFocus = useCallback((reply: FocusReply) => {
    const current = selectionRef.current;
    if (current.id !== reply.id) return;
    if (reply.index !== null) {
      setSelection({ index: reply.index, id: reply.id });
      setScrollRequest((count) => count + 1);
      return;
    }
    if (reply.cause === 'sync') {
      // Gone from this filtered set: keep the place, so the next alert down is selected.
      const index = Math.max(0, Math.min(current.index, reply.total - 1));
      setSelection({ index, id: null });
      setNotice('The alert you had selected no longer matches these filters.');
    } else {
      setSelection({ index: 0, id: null });
    }
  }, []);

  const windows = useQueueWindows(query, () => selectionRef.current, onFocus);
  const { rowAt, isStale, total } = windows;
  const freshIdAt = (index: number) => (isStale(index) ? null : (rowAt(index)?.id ?? null));
  // A move onto a row whose page was still on its way learns the alert when the page arrives.
  // A sync may have shortened the queue under the selection.
  const selectedIndex = Math.max(0, Math.min(selection.index, total - 1));
  const selectedId = selection.id ?? freshIdAt(selectedIndex);
  useLayoutEffect(() => {
    selectionRef.current = { index: selectedIndex, id: selectedId };
  });
  // The selection found by a read is brought into view once the table shows it (it may only
  // now be mounted, on the first read).
  useEffect(() => {
    if (scrollRequest) tableRef.current?.scrollToIndex(selectionRef.current.index);
  }, [scrollRequest]);

  // A new query is read from its top.
  useEffect(() => {
    tableRef.current?.scrollToIndex(0);
  }, [key]);

  useEffect(() => {
    useQueueMemory.getState().remember(route);
  }, [route]);
  useEffect(() => {
    if (selectedId) useQueueMemory.getState().select(selectedId, route);
  }, [selectedId, route]);

  const update = useCallback((next: Omit<QueueRoute, 'screen'>) => {
    const replace = useNavigation.getState().replace;
    replace({ screen: 'queue', ...next });
  }, []);

  /** Applies a filter change to the newest route, so quick edits never undo each other. */
  const changeFilter = useCallback(
    (patch: Partial<QueueFilterInput>) => {
      const current = useNavigation.getState().route;
      const base = current.screen === 'queue' ? current : route;
      const filter = cleanFilter({ ...cleanFilter(base.filter), ...patch });
      update({ filter, ...(base.sort ? { sort: base.sort } : {}) });
    },
    [route, update],
  );
  const clearFilters = useCallback(
    () => update(route.sort ? { filter: {}, sort: route.sort } : { filter: {} }),
    [route.sort, update],
  );
  const sortBy = (column: QueueColumnName) => {
    const direction =
      query.sort.column === column
        ? query.sort.direction === 'asc'
          ? 'desc'
          : 'asc'
        : firstDirection(column);
    update({ filter: query.filter, sort: { column, direction } });
  };
  const applyView = (view: SavedView) =>
    update({ filter: cleanFilter(view.filter), sort: view.sort, viewId: view.id });

  const moveTo = (index: number) => {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, index));
    setSelection({ index: next, id: freshIdAt(next) });
    setNotice('');
    tableRef.current?.scrollToIndex(next);
  };
  const open = (index: number) => {
    // Until the new filter's first rows arrive, the rows shown are the previous filter's.
    if (windows.pending) return;
    const row = rowAt(index);
    if (!row) return;
    setSelection({ index, id: row.id });
    useQueueMemory.getState().select(row.id, route);
    navigate({ screen: 'alert', id: row.id });
  };
  const step = () => tableRef.current?.rowsPerPage() ?? 10;

  useShortcuts(
    [
      {
        keys: 'j',
        description: 'Next alert',
        group: GROUP,
        run: () => moveTo(selectedIndex + 1),
      },
      {
        keys: 'k',
        description: 'Previous alert',
        group: GROUP,
        run: () => moveTo(selectedIndex - 1),
      },
      {
        keys: 'ArrowDown',
        description: 'Next alert',
        group: GROUP,
        hidden: true,
        run: () => moveTo(selectedIndex + 1),
      },
      {
        keys: 'ArrowUp',
        description: 'Previous alert',
        group: GROUP,
        hidden: true,
        run: () => moveTo(selectedIndex - 1),
      },
      {
        keys: 'Enter',
        description: 'Open the selected alert',
        group: GROUP,
        run: (event) => {
          if (!pressesControl(event)) open(selectedIndex);
        },
      },
      { keys: 'Home', description: 'First alert', group: GROUP, run: () => moveTo(0) },
      { keys: 'End', description: 'Last alert', group: GROUP, run: () => moveTo(total - 1) },
      {
        keys: 'PageDown',
        description: 'One screen down',
        group: GROUP,
        run: () => moveTo(selectedIndex + step()),
      },
      {
        keys: 'PageUp',
        description: 'One screen up',
        group: GROUP,
        run: () => moveTo(selectedIndex - step()),
      },
      {
        keys: '/',
        description: 'Filter by customer ID',
        group: GROUP,
        run: () => firstFieldRef.current?.focus(),
      },
    ],
    !dialogOpen,
  );

  // Land on the table once it shows, so a screen reader follows the selection from the start.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.id === 'screen-title')
      tableRef.current?.focus();
  }, [windows.status]);

  const facets = useCached('queue-facets', () => unwrap(api.queue.facets()));
  const filterEmpty = isFilterEmpty(query.filter);
  const countText =
    windows.status === 'ready'
      ? `${formatCount(total)} ${total === 1 ? 'alert' : 'alerts'}${filterEmpty ? '' : ' match'}`
      : windows.status === 'loading'
        ? 'Reading the cache…'
        : '';

  let body;
  if (windows.status === 'loading' && total === 0) body = <LoadingState label="Loading alerts…" />;
  else if (windows.status === 'error' && total === 0)
    body = (
      <>
        <ErrorState error={windows.error} onRetry={windows.retry} />
        {!filterEmpty && (
          // A filter from an edited address may be one the cache refuses: offer the way out.
          <div className="queue-error-way-out">
            <Button variant="ghost" onClick={clearFilters}>
              Clear filters
            </Button>
          </div>
        )}
      </>
    );
  else if (windows.status === 'ready' && total === 0 && !windows.pending)
    body = filterEmpty ? (
      <EmptyCache />
    ) : (
      <EmptyState
        title="No alert matches these filters"
        testId="queue-no-match"
        action={<Button onClick={clearFilters}>Clear filters</Button>}
      >
        Loosen a filter, or start again from every alert.
      </EmptyState>
    );
  else
    body = (
      <QueueTable
        ref={tableRef}
        windows={windows}
        sort={query.sort}
        onSort={sortBy}
        selectedIndex={selectedIndex}
        onOpen={open}
      />
    );

  return (
    <Screen
      title="Alert queue"
      subtitle={
        <span className="queue-count" data-testid="queue-total" aria-live="polite">
          {countText}
        </span>
      }
      actions={
        <SavedViews
          query={query}
          viewId={route.viewId}
          onApply={applyView}
          onDialogChange={setDialogOpen}
        />
      }
      testId="queue-screen"
      flush
    >
      <div className="queue-layout">
        <QueueFilters
          filter={query.filter}
          facets={facets.data}
          facetsStatus={facets.status}
          stateCounts={windows.stateCounts}
          onChange={changeFilter}
          onClear={clearFilters}
          firstFieldRef={firstFieldRef}
        />
        <p className="queue-notice" role="status" data-testid="queue-notice">
          {notice}
        </p>
        {windows.status === 'error' && total > 0 && (
          <div className="queue-inline-error">
            <ErrorState error={windows.error} onRetry={windows.retry} />
          </div>
        )}
        <div className="queue-table-frame">{body}</div>
      </div>
    </Screen>
  );
}
