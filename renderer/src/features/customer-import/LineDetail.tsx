import type { ImportLine } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { problemText } from './grid-fields';
import { LINE_STATUS_LABELS } from './import-figures';

function ProblemList({
  title,
  problems,
  testId,
}: {
  title: string;
  problems: ImportLine['errors'];
  testId: string;
}) {
  if (problems.length === 0) return null;
  return (
    <div>
      <h4 className="ci-detail-sub">{title}</h4>
      <ul className="ci-detail-problems" data-testid={testId}>
        {problems.map((problem, index) => (
          <li key={index}>
            {problem.field && (
              <>
                <code>
                  <ServiceText text={problem.field} />
                </code>
                :{' '}
              </>
            )}
            <ServiceText text={problemText(problem)} lines={0} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The active line in full: every problem with the field it names, and the source if unreadable;
 * `onEditWhole` (while lines can change) opens every field of the line in a form.
 */
export function LineDetail({
  line,
  onEditWhole,
}: {
  line: ImportLine | undefined;
  onEditWhole?: (() => void) | undefined;
}) {
  if (!line)
    return (
      <p className="ci-muted ci-detail" data-testid="ci-detail-empty">
        Select a line in the grid to see all of its problems here.
      </p>
    );
  const clean = line.errors.length === 0 && line.warnings.length === 0;
  return (
    <section
      className="ci-detail"
      aria-label={`Line ${line.line}`}
      data-testid="ci-detail"
      aria-live="polite"
    >
      <h3 className="ci-detail-title">
        {line.kind === 'customer' ? 'Customer' : 'Relation'} line {line.line}:{' '}
        <ServiceText text={line.externalId || '(no external id)'} /> ·{' '}
        {LINE_STATUS_LABELS[line.status]}
      </h3>
      {line.customerId && line.kind === 'customer' && line.status === 'saved' && (
        <p>
          Saved:{' '}
          <RecordLink to={{ screen: 'customer', externalId: line.externalId }}>
            open the customer
          </RecordLink>
        </p>
      )}
      {line.status === 'unreadable' && (
        <div>
          <h4 className="ci-detail-sub">The line as read</h4>
          <pre className="ci-source" data-testid="ci-source">
            <ServiceText text={line.source} lines={0} />
          </pre>
        </div>
      )}
      <ProblemList
        title="Errors (the line is not saved)"
        problems={line.errors}
        testId="ci-detail-errors"
      />
      <ProblemList
        title="Warnings (the line is saved)"
        problems={line.warnings}
        testId="ci-detail-warnings"
      />
      {clean && line.status !== 'unreadable' && (
        <p className="ci-muted">No problem reported for this line.</p>
      )}
      {onEditWhole && (
        <p>
          <Button onClick={onEditWhole} data-testid="ci-edit-whole-line">
            Edit every field of this line…
          </Button>{' '}
          <span className="ci-muted">(Shift+Enter in the grid)</span>
        </p>
      )}
    </section>
  );
}
