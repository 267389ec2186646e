import { useState } from 'react';
import type { PressReportSummary } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ServiceText } from '../../components/ServiceText';
import { useModalDialog } from '../../components/use-modal-dialog';
import { errorMessage } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { ReportDate } from './ReportList';
import { SeverityPill } from './SeverityPill';
import { defaultOther, reportsOfSubject } from './same-subject';

/**
 * "Compare with…": any other kept report of the same subject (the same name however typed, or the
 * same customer), the previous one chosen first.
 */
export function ComparePicker({
  report,
  open,
  onClose,
}: {
  report: PressReportSummary;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigation((state) => state.navigate);
  const [others, setOthers] = useState<PressReportSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const ref = useModalDialog(open, {
    onShown: () => {
      setOthers(null);
      setError(null);
      reportsOfSubject(report).then(
        (all) => {
          const rest = all.filter((other) => other.id !== report.id);
          setOthers(rest);
          setChosen(defaultOther(report, all)?.id ?? null);
        },
        (failure: unknown) => setError(failure),
      );
    },
  });
  const compare = () => {
    if (!chosen) return;
    onClose();
    navigate({ screen: 'press-compare', a: chosen, b: report.id });
  };
  return (
    <dialog
      ref={ref}
      className="dialog press-dialog"
      aria-labelledby="press-compare-title"
      data-testid="press-compare-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="press-compare-title" className="dialog-title">
        Compare with another report of <ServiceText text={report.subjectName} />
      </h2>
      <div className="dialog-body">
        {error !== null && <Banner tone="danger">{errorMessage(error)}</Banner>}
        {others === null && error === null && <p role="status">Reading the kept reports…</p>}
        {others?.length === 0 && (
          <p data-testid="press-compare-none">
            No other report of this subject is kept. Generate one to compare with.
          </p>
        )}
        {others && others.length > 0 && (
          <fieldset className="press-compare-choices">
            <legend className="visually-hidden">Report to compare with</legend>
            {others.map((other) => (
              <label
                key={other.id}
                className="press-compare-choice"
                data-testid="press-compare-choice"
              >
                <input
                  type="radio"
                  name="press-compare-other"
                  value={other.id}
                  checked={chosen === other.id}
                  onChange={() => setChosen(other.id)}
                />
                <ReportDate report={other} />
                {other.subjectName !== report.subjectName && (
                  // Same customer or same name typed otherwise: say which name it was made for.
                  <ServiceText text={other.subjectName} testId="press-compare-choice-name" />
                )}
                <SeverityPill severity={other.highestSeverity} />
                <span className="press-muted">
                  {other.categories.length} categories, {other.sourceCount} sources
                </span>
                {other.id === report.previousReportId && <span className="badge">Previous</span>}
              </label>
            ))}
          </fieldset>
        )}
      </div>
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="primary"
          disabled={!chosen}
          onClick={compare}
          data-testid="press-compare-go"
        >
          Compare
        </Button>
      </div>
    </dialog>
  );
}
