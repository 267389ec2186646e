import { useState } from 'react';
import type { KytSubmissionSummary } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { ServiceText } from '../../components/ServiceText';
import { useModalDialog } from '../../components/use-modal-dialog';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { formatAmount, formatScore, submissionMoment } from './kyt-format';

const CHOICES = 50;

/**
 * "Compare with…": any other kept submission, newest first, narrowed by label; the one this was
 * duplicated from chosen first.
 */
export function ComparePicker({
  submission,
  open,
  onClose,
}: {
  submission: KytSubmissionSummary;
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigation((state) => state.navigate);
  const [label, setLabel] = useState('');
  const [others, setOthers] = useState<KytSubmissionSummary[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  const find = (text: string) => {
    setOthers(null);
    setError(null);
    const filter = text.trim() ? { label: text.trim(), limit: CHOICES } : { limit: CHOICES };
    unwrap(api.kyt.list({ filter })).then(
      (list) => {
        const rest = list.submissions.filter((other) => other.id !== submission.id);
        setOthers(rest);
        setChosen((current) =>
          current && rest.some((other) => other.id === current)
            ? current
            : (rest.find((other) => other.id === submission.basedOnId)?.id ?? rest[0]?.id ?? null),
        );
      },
      (failure: unknown) => setError(failure),
    );
  };

  const ref = useModalDialog(open, {
    onShown: () => {
      setLabel('');
      setChosen(submission.basedOnId);
      find('');
    },
  });

  const compare = () => {
    if (!chosen) return;
    onClose();
    navigate({ screen: 'kyt-compare', a: chosen, b: submission.id });
  };

  return (
    <dialog
      ref={ref}
      className="dialog kyt-dialog"
      aria-labelledby="kyt-compare-title"
      data-testid="kyt-compare-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="kyt-compare-title" className="dialog-title">
        Compare with another submission
      </h2>
      <form
        className="dialog-body"
        onSubmit={(event) => {
          event.preventDefault();
          find(label);
        }}
      >
        <div className="kyt-picker-search">
          <label className="kyt-filter kyt-filter-wide">
            <span className="kyt-filter-label">Label</span>
            <input
              type="search"
              value={label}
              maxLength={200}
              placeholder="Part of a label"
              data-testid="kyt-compare-label"
              onChange={(event) => setLabel(event.target.value)}
            />
          </label>
          <Button type="submit">Find</Button>
        </div>
        {error !== null && <Banner tone="danger">{errorMessage(error)}</Banner>}
        {others === null && error === null && <p role="status">Reading the kept submissions…</p>}
        {others?.length === 0 && (
          <p data-testid="kyt-compare-none">
            No other kept submission{label.trim() ? ' has this label' : ''}. Duplicate this one to
            make a what-if to compare with.
          </p>
        )}
        {others && others.length > 0 && (
          <fieldset className="kyt-compare-choices">
            <legend className="visually-hidden">Submission to compare with</legend>
            {others.map((other) => (
              <label key={other.id} className="kyt-compare-choice" data-testid="kyt-compare-choice">
                <input
                  type="radio"
                  name="kyt-compare-other"
                  value={other.id}
                  checked={chosen === other.id}
                  onChange={() => setChosen(other.id)}
                />
                <DateText value={submissionMoment(other)} style="short" />
                <ServiceText text={other.label?.trim() || other.externalId} />
                <span className="kyt-muted">
                  {formatAmount(other.amount, other.currency)}, score {formatScore(other.score)}
                </span>
                {other.id === submission.basedOnId && <span className="badge">Original</span>}
              </label>
            ))}
          </fieldset>
        )}
      </form>
      <div className="dialog-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={!chosen} onClick={compare} data-testid="kyt-compare-go">
          Compare
        </Button>
      </div>
    </dialog>
  );
}
