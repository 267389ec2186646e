import { useRef, useState } from 'react';
import type { PressListFilterInput } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { StaleNotice } from '../../components/StaleNotice';
import { EmptyState, ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import type { Route } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { useCached } from '../../lib/use-cached';
import { GenerateDialog } from './GenerateDialog';
import { OpenByIdDialog } from './OpenByIdDialog';
import { PressFilters } from './PressFilters';
import { ReportList } from './ReportList';
import { cleanPressFilter, keptRangeProblem } from './press-filter';
import { useListKeys } from './use-list-keys';

type Dialog = 'generate' | 'open' | null;

/** Every press report kept in the profile's local store (`g r`): filter, open, generate, fetch. */
export function PressScreen({ route }: { route: Extract<Route, { screen: 'press' }> }) {
  const filter = cleanPressFilter(route.filter);
  const navigate = useNavigation((state) => state.navigate);
  const replace = useNavigation((state) => state.replace);
  const subjectRef = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const read = useCached(`press-list:${JSON.stringify(filter)}`, () =>
    unwrap(api.press.list({ filter })),
  );
  const list = read.data;
  const reports = list?.reports ?? [];
  const openReport = (index: number) => {
    const report = reports[index];
    if (report) navigate({ screen: 'press-report', id: report.id });
  };
  const keys = useListKeys(reports.length, openReport, dialog === null);
  const setFilter = (next: PressListFilterInput) => {
    const clean = cleanPressFilter(next);
    replace(Object.keys(clean).length ? { screen: 'press', filter: clean } : { screen: 'press' });
  };

  useShortcuts(
    [
      {
        keys: 'n',
        description: 'Generate a new report',
        group: 'Press reports',
        run: () => setDialog('generate'),
      },
      {
        keys: 'o',
        description: 'Open a report by its id',
        group: 'Press reports',
        run: () => setDialog('open'),
      },
      {
        keys: '/',
        description: 'Filter by subject',
        group: 'Press reports',
        run: () => subjectRef.current?.focus(),
      },
    ],
    dialog === null,
  );

  const filtered = Object.keys(filter).length > 0;
  const rangeProblem = keptRangeProblem(filter);

  let body;
  if (!list) {
    body =
      read.status === 'error' ? (
        <ErrorState error={read.error} onRetry={read.reload} />
      ) : (
        <LoadingState label="Reading the kept reports…" />
      );
  } else if (reports.length === 0) {
    body = filtered ? (
      <EmptyState
        title="No kept report matches these filters"
        testId="press-empty"
        action={<Button onClick={() => setFilter({})}>Clear filters</Button>}
      />
    ) : (
      <EmptyState
        title="No press reports kept yet"
        testId="press-empty"
        action={
          <span className="press-empty-actions">
            <Button aria-keyshortcuts="n" variant="primary" onClick={() => setDialog('generate')}>
              Generate a report…
            </Button>
            <Button aria-keyshortcuts="o" onClick={() => setDialog('open')}>
              Open by id…
            </Button>
          </span>
        }
      >
        The service cannot list its reports, so CaseDesk keeps every report it generates or opens,
        for reading offline. Generate one for any name here or from a customer’s Press tab, open one
        by its id, or force one for a customer: it arrives with a sync.
      </EmptyState>
    );
  } else {
    body = (
      <ReportList
        reports={reports}
        selected={keys.selected}
        onSelect={keys.setSelected}
        label="Kept press reports"
      />
    );
  }

  return (
    <Screen
      title="Press reports"
      subtitle={
        list ? (
          <span data-testid="press-count">
            {list.total === 1 ? '1 kept report' : `${list.total.toLocaleString()} kept reports`}
            {filtered && ' match'}
          </span>
        ) : undefined
      }
      testId="press-screen"
      actions={
        <>
          <Button onClick={() => setDialog('open')} data-testid="press-open-by-id">
            Open by id…
          </Button>
          <Button
            variant="primary"
            onClick={() => setDialog('generate')}
            data-testid="press-generate"
          >
            Generate report…
          </Button>
        </>
      }
    >
      {read.status === 'error' && list && <StaleNotice error={read.error} onRetry={read.reload} />}
      <PressFilters
        filter={filter}
        categories={list?.categories ?? []}
        onChange={(patch) => setFilter({ ...filter, ...patch })}
        onClear={() =>
          setFilter(
            filter.customerExternalId ? { customerExternalId: filter.customerExternalId } : {},
          )
        }
        subjectRef={subjectRef}
      />
      {rangeProblem && (
        <Banner tone="warning" testId="press-range-problem">
          {rangeProblem}
        </Banner>
      )}
      {body}
      <GenerateDialog
        open={dialog === 'generate'}
        initial={null}
        onClose={() => setDialog(null)}
        onGenerated={read.reload}
      />
      <OpenByIdDialog open={dialog === 'open'} onClose={() => setDialog(null)} />
    </Screen>
  );
}
