import { useEffect, useRef } from 'react';
import type { KytSubmissionSummary } from '../../../../preload/contract';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { formatAmount, formatScore, partyText, submissionMoment } from './kyt-format';
import { StatusPill } from './StatusPill';

/** Kept submissions, newest first; `selected` follows j/k and shows the focus. */
export function SubmissionList({
  submissions,
  selected,
  onSelect,
  label,
}: {
  submissions: KytSubmissionSummary[];
  selected: number;
  onSelect: (index: number) => void;
  label: string;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    body.current?.querySelector(`[data-index="${selected}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <div className="table-frame">
      <table className="data-table kyt-table" aria-label={label} data-testid="kyt-list">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Transaction</th>
            <th scope="col">Sender → receiver</th>
            <th scope="col" className="numeric">
              Amount
            </th>
            <th scope="col" className="numeric">
              Score
            </th>
            <th scope="col">State</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody ref={body}>
          {submissions.map((submission, index) => (
            <tr
              key={submission.id}
              data-index={index}
              data-testid="kyt-row"
              data-submission-id={submission.id}
              data-status={submission.status}
              aria-selected={index === selected}
              className={index === selected ? 'kyt-row-selected' : undefined}
              onClick={() => onSelect(index)}
            >
              <td className="kyt-nowrap">
                <DateText value={submissionMoment(submission)} style="short" />
              </td>
              <td>
                <RecordLink
                  to={{ screen: 'kyt-submission', id: submission.id }}
                  testId="kyt-row-link"
                  className="kyt-row-title"
                >
                  <ServiceText text={submission.label?.trim() || submission.externalId} />
                </RecordLink>
                {submission.basedOnId && (
                  <span className="kyt-muted kyt-block" data-testid="kyt-row-what-if">
                    What-if of another submission
                  </span>
                )}
                {submission.batch && (
                  <span className="kyt-muted kyt-block">
                    Batch line {submission.batch.line.toLocaleString()}
                  </span>
                )}
              </td>
              <td>
                <span className="kyt-parties">
                  <ServiceText text={partyText(submission.fromName, submission.fromExternalId)} />
                  <span aria-hidden="true"> → </span>
                  <span className="visually-hidden"> to </span>
                  <ServiceText text={partyText(submission.toName, submission.toExternalId)} />
                </span>
              </td>
              <td className="numeric kyt-nowrap" data-testid="kyt-row-amount">
                {formatAmount(submission.amount, submission.currency)}
              </td>
              <td className="numeric" data-testid="kyt-row-score">
                {formatScore(submission.score)}
              </td>
              <td data-testid="kyt-row-state">
                {submission.state ? <ServiceText text={submission.state.text} /> : '—'}
              </td>
              <td>
                <StatusPill status={submission.status} testId="kyt-row-status" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
