import { useState } from 'react';
import type { PressReportDetail, PressSourceView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { RecordLink } from '../../components/RecordLink';
import { Screen } from '../../components/Screen';
import { ServiceText } from '../../components/ServiceText';
import { StaleNotice } from '../../components/StaleNotice';
import { LoadingState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useShortcuts } from '../../lib/shortcuts';
import { useCached } from '../../lib/use-cached';
import { useExternalLinks } from '../threads';
import { ComparePicker } from './ComparePicker';
import { DiffView } from './DiffView';
import { GenerateDialog } from './GenerateDialog';
import { pressErrorText } from './press-errors';
import { usePressSession } from './press-session';
import { subjectFromReport } from './press-subject';
import { ReportReader } from './ReportReader';

type Dialog = 'compare' | 'generate' | null;

/** A kept report; one that is not kept yet (a timeline link, a colleague's id) is fetched and kept. */
async function readReport(id: string): Promise<{ report: PressReportDetail; fetched: boolean }> {
  const kept = await unwrap(api.press.get({ id }));
  if (kept) return { report: kept, fetched: false };
  return { report: await unwrap(api.press.open({ id })), fetched: true };
}

function withReadMarks(
  report: PressReportDetail,
  marks: Record<string, boolean>,
): PressReportDetail {
  if (Object.keys(marks).length === 0) return report;
  return {
    ...report,
    sources: report.sources.map((source) =>
      source.key in marks ? { ...source, read: marks[source.key] ?? source.read } : source,
    ),
  };
}

export function ReportScreen({ id }: { id: string }) {
  const read = useCached(`press-report:${id}`, () => readReport(id));
  const links = useExternalLinks();
  const freshDiff = usePressSession((state) => state.diffs[id] ?? null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [marks, setMarks] = useState<Record<string, boolean>>({});
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [markError, setMarkError] = useState<string | null>(null);
  const report = read.data ? withReadMarks(read.data.report, marks) : null;
  // A customer's report is generated again with the customer's date of birth (see
  // subjectFromReport); a customer the cache cannot read leaves the field for the investigator.
  const customerId = report?.summary.customerExternalId ?? null;
  const customer = useCached(`press-report-customer:${customerId ?? ''}`, () =>
    customerId
      ? unwrap(api.customers.get({ externalId: customerId })).catch(() => null)
      : Promise.resolve(null),
  );

  const toggleRead = (source: PressSourceView) => {
    setBusyKey(source.key);
    setMarkError(null);
    unwrap(api.press.markSourceRead({ reportId: id, sourceKey: source.key, read: !source.read }))
      .then(
        () => setMarks((current) => ({ ...current, [source.key]: !source.read })),
        (error: unknown) => setMarkError(errorMessage(error)),
      )
      .finally(() => setBusyKey(null));
  };

  useShortcuts(
    [
      {
        keys: 'c',
        description: 'Compare with another report of this subject',
        group: 'Press report',
        run: () => setDialog('compare'),
      },
      {
        keys: 'n',
        description: 'Generate a new report of this subject',
        group: 'Press report',
        run: () => setDialog('generate'),
      },
    ],
    report !== null && dialog === null,
  );

  if (!report) {
    return (
      <Screen
        title="Press report"
        subtitle={<ServiceText text={id} className="mono" />}
        testId="press-report-screen"
      >
        {read.status === 'error' ? (
          <div className="press-report-failed">
            <Banner
              tone="danger"
              title="This report could not be shown"
              testId="press-report-error"
            >
              {pressErrorText(read.error, 'open')}
            </Banner>
            <Button onClick={read.reload} data-testid="press-report-retry">
              Try again
            </Button>
          </div>
        ) : (
          <LoadingState label="Reading the report…" />
        )}
      </Screen>
    );
  }

  const summary = report.summary;
  return (
    <Screen
      title={<ServiceText text={summary.subjectName || summary.id} lines={2} />}
      subtitle={
        <span>
          Press report{' '}
          <RecordLink to={{ screen: 'press' }} testId="press-back-to-list">
            (all kept reports)
          </RecordLink>
        </span>
      }
      testId="press-report-screen"
      actions={
        <>
          <Button
            aria-keyshortcuts="c"
            onClick={() => setDialog('compare')}
            data-testid="press-compare-with"
          >
            Compare with…
          </Button>
          <Button
            aria-keyshortcuts="n"
            onClick={() => setDialog('generate')}
            data-testid="press-generate-again"
          >
            Generate again…
          </Button>
        </>
      }
    >
      {read.status === 'error' && <StaleNotice error={read.error} onRetry={read.reload} />}
      {read.data?.fetched && (
        <Banner tone="success" testId="press-report-fetched">
          Fetched from the service and kept for reading offline.
        </Banner>
      )}
      {markError && (
        <Banner tone="danger" testId="press-mark-error">
          {markError}
        </Banner>
      )}
      {freshDiff ? (
        <section
          className="press-fresh-diff"
          aria-label="Changes since the previous report"
          data-testid="press-fresh-diff"
        >
          <h2 className="press-section-title">
            Changes since the previous report{' '}
            <RecordLink
              to={{ screen: 'press-compare', a: freshDiff.older.id, b: freshDiff.newer.id }}
              testId="press-fresh-diff-open"
            >
              Side by side
            </RecordLink>
          </h2>
          <DiffView diff={freshDiff} />
        </section>
      ) : (
        summary.previousReportId && (
          <p className="press-previous">
            Generated to be compared with an earlier report:{' '}
            <RecordLink
              to={{ screen: 'press-compare', a: summary.previousReportId, b: summary.id }}
              testId="press-compare-previous"
            >
              show what changed
            </RecordLink>
          </p>
        )
      )}
      <ReportReader
        report={report}
        onOpenLink={links.request}
        onToggleRead={toggleRead}
        busyKey={busyKey}
      />
      {links.dialog}
      <ComparePicker report={summary} open={dialog === 'compare'} onClose={() => setDialog(null)} />
      <GenerateDialog
        open={dialog === 'generate'}
        initial={subjectFromReport(
          {
            subjectName: summary.subjectName,
            customerExternalId: summary.customerExternalId,
            input: report.input,
            asked: report.asked ?? null,
          },
          customer.data ?? null,
        )}
        onClose={() => setDialog(null)}
      />
    </Screen>
  );
}
