import { useEffect, useRef } from 'react';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { formatCount } from '../../lib/format';
import { StaleNotice } from '../../components/StaleNotice';
import { useCached } from '../../lib/use-cached';
import { PAGE_SIZE, useThreadList } from './thread-list-store';
import { ThreadFilters } from './ThreadFilters';
import { ThreadTable } from './ThreadTable';
import './threads.css';

const GROUP = 'Threads';

/** Buttons, links and fields keep Enter for themselves. */
function pressesControl(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  const control = target.closest('button, a[href], summary, [role="button"]');
  if (control instanceof HTMLElement) {
    control.click();
    return true;
  }
  return false;
}

export function ThreadsScreen() {
  const { filter, offset, selected, change, clear, page, select } = useThreadList();
  const navigate = useNavigation((state) => state.navigate);
  const contentRef = useRef<HTMLInputElement>(null);

  const facets = useCached('thread-facets', () => unwrap(api.threads.facets()));
  const list = useCached(`threads:${JSON.stringify(filter)}:${offset}`, () =>
    unwrap(api.threads.list({ filter, offset, limit: PAGE_SIZE })),
  );
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const current = Math.min(selected, Math.max(0, rows.length - 1));

  const open = (index: number) => {
    const row = rows[index];
    if (row) navigate({ screen: 'thread', id: row.id });
  };
  const move = (step: number) => {
    if (rows.length === 0) return;
    select(Math.max(0, Math.min(rows.length - 1, current + step)));
  };
  const hasNext = offset + rows.length < total;
  const hasPrevious = offset > 0;

  // A sync can shrink the list below the page being shown: go to its last page.
  const lastPage = total > 0 && list.data && rows.length === 0 && offset > 0;
  useEffect(() => {
    if (lastPage) page(Math.floor((total - 1) / PAGE_SIZE) * PAGE_SIZE);
  }, [lastPage, page, total]);

  useShortcuts([
    { keys: 'j', description: 'Next thread', group: GROUP, run: () => move(1) },
    { keys: 'k', description: 'Previous thread', group: GROUP, run: () => move(-1) },
    {
      keys: 'ArrowDown',
      description: 'Next thread',
      group: GROUP,
      hidden: true,
      run: () => move(1),
    },
    {
      keys: 'ArrowUp',
      description: 'Previous thread',
      group: GROUP,
      hidden: true,
      run: () => move(-1),
    },
    {
      keys: 'Enter',
      description: 'Open the selected thread',
      group: GROUP,
      run: (event) => {
        if (!pressesControl(event)) open(current);
      },
    },
    {
      keys: 'n',
      description: 'Next page',
      group: GROUP,
      run: () => {
        if (hasNext) page(offset + PAGE_SIZE);
      },
    },
    {
      keys: 'p',
      description: 'Previous page',
      group: GROUP,
      run: () => {
        if (hasPrevious) page(offset - PAGE_SIZE);
      },
    },
    {
      keys: '/',
      description: 'Search message content',
      group: GROUP,
      run: () => contentRef.current?.focus(),
    },
  ]);

  const filtered = Object.keys(filter).length > 0;
  let body;
  if (list.status === 'loading' && !list.data) body = <LoadingState label="Loading threads…" />;
  else if (list.status === 'error' && !list.data)
    body = <ErrorState error={list.error} onRetry={list.reload} />;
  else if (rows.length === 0)
    body = filtered ? (
      <EmptyState
        title="No thread matches these filters"
        testId="threads-empty"
        action={<Button onClick={clear}>Clear filters</Button>}
      >
        Only threads in the offline cache are searched; message content covers the messages synced
        so far.
      </EmptyState>
    ) : (
      <EmptyState title="No threads yet" testId="threads-empty">
        Threads arrive with the next sync of this profile.
      </EmptyState>
    );
  else
    body = (
      <>
        {list.status === 'error' && <StaleNotice error={list.error} onRetry={list.reload} />}
        <div className="table-frame">
          <ThreadTable rows={rows} selectedIndex={current} onSelect={select} label="Threads" />
        </div>
      </>
    );

  return (
    <Screen
      title="Threads"
      testId="threads-screen"
      subtitle={
        list.data ? (
          <span data-testid="threads-total">
            {formatCount(total)} {total === 1 ? 'thread' : 'threads'}
            {filtered ? ' match' : ''}
          </span>
        ) : null
      }
    >
      <ThreadFilters
        filter={filter}
        facets={facets.data}
        onChange={change}
        onClear={clear}
        contentRef={contentRef}
      />
      {body}
      {total > 0 && (
        <nav className="thread-pager" aria-label="Pages">
          <span data-testid="threads-range">
            {formatCount(offset + 1)}–{formatCount(offset + rows.length)} of {formatCount(total)}
          </span>
          <Button
            onClick={() => page(offset - PAGE_SIZE)}
            disabled={!hasPrevious}
            data-testid="threads-previous"
          >
            Previous
          </Button>
          <Button
            onClick={() => page(offset + PAGE_SIZE)}
            disabled={!hasNext}
            data-testid="threads-next"
          >
            Next
          </Button>
        </nav>
      )}
    </Screen>
  );
}
