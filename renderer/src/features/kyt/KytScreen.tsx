import { useRef } from 'react';
import type { KytListFilterInput } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { StaleNotice } from '../../components/StaleNotice';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import type { Route } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { KytBatchPanel } from './batch';
import {
  KYT_PAGE,
  changedFilter,
  cleanKytFilter,
  inDoubtFilter,
  isFiltered,
  rangeProblems,
} from './kyt-filter';
import { inDoubtText } from './kyt-status';
import { KytFilters } from './KytFilters';
import { KytTabs, kytPanelId, kytTabId, type KytTab } from './KytTabs';
import { Pager } from './Pager';
import { SubmissionList } from './SubmissionList';
import { useKytRead } from './use-kyt-read';
import { useListKeys } from './use-list-keys';

/** Every kept KYT submission (`g k`), filtered and paged; and the batch imports. */
export function KytScreen({ route }: { route: Extract<Route, { screen: 'kyt' }> }) {
  const filter = cleanKytFilter(route.filter);
  const tab: KytTab = route.tab === 'batches' ? 'batches' : 'submissions';
  const navigate = useNavigation((state) => state.navigate);
  const replace = useNavigation((state) => state.replace);
  const labelRef = useRef<HTMLInputElement>(null);
  const offset = filter.offset ?? 0;
  const read = useKytRead(`kyt-list:${JSON.stringify(filter)}`, () =>
    unwrap(api.kyt.list({ filter: { ...filter, offset, limit: KYT_PAGE } })),
  );
  const list = read.data;
  const submissions = list?.submissions ?? [];
  const onSubmissions = tab === 'submissions';
  const keys = useListKeys(
    submissions.length,
    (index) => {
      const submission = submissions[index];
      if (submission) navigate({ screen: 'kyt-submission', id: submission.id });
    },
    onSubmissions,
  );

  const show = (next: { filter?: KytListFilterInput; tab?: KytTab }) => {
    const nextFilter = next.filter ?? filter;
    const nextTab = next.tab ?? tab;
    const route: Route = { screen: 'kyt' };
    if (Object.keys(nextFilter).length) route.filter = nextFilter;
    if (nextTab === 'batches') route.tab = 'batches';
    replace(route);
  };
  const setFilter = (patch: Partial<KytListFilterInput>) =>
    show({ filter: changedFilter(filter, patch) });
  const showInDoubt = () => show({ filter: inDoubtFilter(), tab: 'submissions' });
  const newTransaction = () => navigate({ screen: 'kyt-new' });

  useShortcuts([
    {
      keys: 'n',
      description: 'New transaction',
      group: 'Transactions',
      run: newTransaction,
    },
    ...(onSubmissions
      ? [
          {
            keys: '/',
            description: 'Filter by label',
            group: 'Transactions',
            run: () => labelRef.current?.focus(),
          },
        ]
      : []),
    ...(list && list.inDoubt > 0
      ? [
          {
            keys: 'i',
            description: 'Show the submissions in doubt',
            group: 'Transactions',
            run: showInDoubt,
          },
        ]
      : []),
  ]);

  const filtered = isFiltered(filter);
  const problems = rangeProblems(filter);
  const { status: _status, ...beyondStatus } = filter;
  // The banner's own filter is on: the list says the rest.
  const showingInDoubt = filter.status === 'in-doubt' && !isFiltered(beyondStatus);

  let body;
  if (!list) {
    body =
      read.status === 'error' ? (
        <ErrorState error={read.error} onRetry={read.reload} />
      ) : (
        <LoadingState label="Reading the kept submissions…" />
      );
  } else if (submissions.length === 0) {
    body = filtered ? (
      <EmptyState
        title="No kept submission matches these filters"
        testId="kyt-empty"
        action={<Button onClick={() => show({ filter: {} })}>Clear filters</Button>}
      />
    ) : offset > 0 ? (
      <EmptyState
        title="No submissions on this page"
        testId="kyt-empty"
        action={<Button onClick={() => setFilter({ offset: 0 })}>First page</Button>}
      />
    ) : (
      <EmptyState
        title="No transactions submitted yet"
        testId="kyt-empty"
        action={
          <span className="kyt-actions">
            <Button aria-keyshortcuts="n" variant="primary" onClick={newTransaction}>
              New transaction…
            </Button>
            <Button onClick={() => show({ tab: 'batches' })}>Import a batch…</Button>
          </span>
        }
      >
        Submit a transaction between two participants to see its score explained rule by rule. The
        service keeps every submission but cannot list them, so CaseDesk keeps each one here,
        request and answer, for reading offline and comparing what-ifs. Start from here, from a
        customer’s Transactions tab, or import a CSV or NDJSON file.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <SubmissionList
          submissions={submissions}
          selected={keys.selected}
          onSelect={keys.setSelected}
          label="Kept KYT submissions"
        />
        <Pager
          offset={offset}
          shown={submissions.length}
          total={list.total}
          pageSize={KYT_PAGE}
          onOffset={(next) => setFilter({ offset: next })}
        />
      </>
    );
  }

  return (
    <Screen
      title="Transactions"
      subtitle={
        list ? (
          <span data-testid="kyt-count">
            {list.total === 1
              ? '1 kept submission'
              : `${list.total.toLocaleString()} kept submissions`}
            {filtered && ' match'}
          </span>
        ) : undefined
      }
      testId="kyt-screen"
      actions={
        <Button
          variant="primary"
          aria-keyshortcuts="n"
          onClick={newTransaction}
          data-testid="kyt-new"
        >
          New transaction…
        </Button>
      }
    >
      {list && list.inDoubt > 0 && !showingInDoubt && (
        <Banner tone="warning" testId="kyt-in-doubt-banner">
          <span className="kyt-banner-line">
            <span data-testid="kyt-in-doubt-text">{inDoubtText(list.inDoubt)}.</span>
            <Button aria-keyshortcuts="i" onClick={showInDoubt} data-testid="kyt-show-in-doubt">
              Show {list.inDoubt === 1 ? 'it' : 'them'}
            </Button>
          </span>
        </Banner>
      )}
      <KytTabs current={tab} onChange={(next) => show({ tab: next })} />
      <div
        id={kytPanelId(tab)}
        role="tabpanel"
        aria-labelledby={kytTabId(tab)}
        className="kyt-panel"
        data-testid={`kyt-panel-${tab}`}
      >
        {onSubmissions ? (
          <>
            {read.status === 'error' && list && (
              <StaleNotice error={read.error} onRetry={read.reload} />
            )}
            <KytFilters
              filter={filter}
              states={list?.states ?? []}
              currencies={list?.currencies ?? []}
              onChange={setFilter}
              onClear={() => show({ filter: {} })}
              labelRef={labelRef}
            />
            {problems.map((problem) => (
              <Banner key={problem} tone="warning" testId="kyt-range-problem">
                {problem}
              </Banner>
            ))}
            {body}
          </>
        ) : (
          <KytBatchPanel />
        )}
      </div>
    </Screen>
  );
}
