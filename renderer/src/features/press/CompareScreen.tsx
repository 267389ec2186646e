import { useEffect, useState } from 'react';
import type { PressDiff, PressReportSummary } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { RecordLink } from '../../components/RecordLink';
import { Screen } from '../../components/Screen';
import { ServiceText } from '../../components/ServiceText';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { api, unwrap } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useNavigation } from '../../lib/navigation';
import type { Route } from '../../lib/routes';
import { useShortcuts, type Shortcut } from '../../lib/shortcuts';
import { useCached } from '../../lib/use-cached';
import { DiffView } from './DiffView';
import { reportMadeAt } from './report-date';
import { reportsOfSubject } from './same-subject';

// Embeddings, overrides, isolates and the direction marks (LRM, RLM, ALM): an option is plain text.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * A report as an <option> names it. Option text cannot hold an isolate, so the id's direction
 * controls (service data) are dropped rather than left to reorder the line.
 */
export function sideOptionText(report: PressReportSummary): string {
  return `${formatDateTime(reportMadeAt(report))} — ${report.id.replace(BIDI_CONTROLS, '')}`;
}

/** The comparison's keys. It always reads from the older to the newer, so there is no swap. */
export function compareShortcuts(diff: PressDiff, navigate: (route: Route) => void): Shortcut[] {
  return [
    {
      keys: 'o',
      description: 'Open the older report',
      group: 'Comparison',
      run: () => navigate({ screen: 'press-report', id: diff.older.id }),
    },
    {
      keys: 'n',
      description: 'Open the newer report',
      group: 'Comparison',
      run: () => navigate({ screen: 'press-report', id: diff.newer.id }),
    },
  ];
}

/** A side of the comparison, changeable to any kept report of the subject. */
function SidePicker({
  label,
  value,
  reports,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  reports: PressReportSummary[];
  onChange: (id: string) => void;
  testId: string;
}) {
  return (
    <label className="press-filter press-filter-side">
      <span className="press-filter-label">{label}</span>
      <select value={value} data-testid={testId} onChange={(event) => onChange(event.target.value)}>
        {reports.map((report) => (
          <option key={report.id} value={report.id}>
            {sideOptionText(report)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Any two kept reports of one subject: what changed from the older to the newer. */
export function CompareScreen({ a, b }: { a: string; b: string }) {
  const navigate = useNavigation((state) => state.navigate);
  const replace = useNavigation((state) => state.replace);
  const read = useCached(`press-compare:${a}:${b}`, () => unwrap(api.press.compare({ a, b })));
  const diff = read.data;
  const [subjectReports, setSubjectReports] = useState<PressReportSummary[]>([]);
  const newer = diff?.newer ?? null;
  useEffect(() => {
    if (!newer) return;
    let live = true;
    reportsOfSubject(newer).then(
      (reports) => {
        if (live) setSubjectReports(reports);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [newer]);

  useShortcuts(diff ? compareShortcuts(diff, navigate) : [], diff !== null);

  if (!diff) {
    return (
      <Screen title="Comparing press reports" testId="press-compare-screen">
        {read.status === 'error' ? (
          <ErrorState error={read.error} onRetry={read.reload} />
        ) : (
          <LoadingState label="Comparing…" />
        )}
      </Screen>
    );
  }

  const choices = subjectReports.length ? subjectReports : [diff.older, diff.newer];
  return (
    <Screen
      title={
        <>
          What changed: <ServiceText text={diff.newer.subjectName} />
        </>
      }
      subtitle={<RecordLink to={{ screen: 'press' }}>All kept reports</RecordLink>}
      testId="press-compare-screen"
      actions={
        <>
          <Button
            aria-keyshortcuts="o"
            onClick={() => navigate({ screen: 'press-report', id: diff.older.id })}
            data-testid="press-open-older"
          >
            Open older
          </Button>
          <Button
            aria-keyshortcuts="n"
            onClick={() => navigate({ screen: 'press-report', id: diff.newer.id })}
            data-testid="press-open-newer"
          >
            Open newer
          </Button>
        </>
      }
    >
      <div className="press-filters" role="group" aria-label="Reports compared">
        <SidePicker
          label="Older"
          value={diff.older.id}
          reports={choices}
          testId="press-compare-older"
          onChange={(id) => replace({ screen: 'press-compare', a: id, b: diff.newer.id })}
        />
        <SidePicker
          label="Newer"
          value={diff.newer.id}
          reports={choices}
          testId="press-compare-newer"
          onChange={(id) => replace({ screen: 'press-compare', a: diff.older.id, b: id })}
        />
      </div>
      <DiffView diff={diff} />
    </Screen>
  );
}
