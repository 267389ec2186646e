import { agentLabel } from '../../lib/alert-states';
import type { AlertView } from '../../../../preload/contract';
import { CategoryTag, ScoreBar, StatePill } from '../../components/Pills';
import { DateText } from '../../components/DateText';
import { ServiceText } from '../../components/ServiceText';

/** Where the alert stands now: its last revision, as the service last sent it. */
export function LastRevision({ alert }: { alert: AlertView }) {
  const last = alert.last;
  return (
    <section
      className="alert-card alert-last"
      aria-labelledby="alert-last-title"
      data-testid="alert-last"
    >
      <header className="alert-card-head">
        <h2 id="alert-last-title" className="alert-card-title">
          Last revision
        </h2>
        <span className="badge" data-testid="alert-revision-number">
          Revision {last.revisionNumber}
        </span>
      </header>
      <div className="alert-headline">
        <div className="alert-headline-item">
          <span className="alert-label">State</span>
          <span data-testid="alert-state" data-value={last.state}>
            <StatePill state={last.state} />
          </span>
        </div>
        <div className="alert-headline-item alert-headline-score">
          <span className="alert-label">Score</span>
          <span data-testid="alert-score" data-value={last.score}>
            <ScoreBar score={last.score} />
          </span>
        </div>
        <div className="alert-headline-item">
          <span className="alert-label">Top category</span>
          <span data-testid="alert-category" data-value={last.topCategory.toLowerCase()}>
            <CategoryTag category={last.topCategory} />
          </span>
        </div>
      </div>
      <dl className="alert-facts">
        <div>
          <dt>Agent</dt>
          <dd data-testid="alert-agent">{agentLabel(last.agentId)}</dd>
        </div>
        <div>
          <dt>Profile number</dt>
          <dd className="mono" data-testid="alert-profile-number">
            {alert.profileNumber ? <ServiceText text={alert.profileNumber} /> : '—'}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <DateText value={alert.createdAt} testId="alert-created" />
          </dd>
        </div>
        <div>
          <dt>Updated</dt>
          <dd>
            <DateText value={last.createdAt} testId="alert-updated" />
          </dd>
        </div>
      </dl>
      <div className="alert-comment">
        <span className="alert-label">Comment</span>
        {last.comment ? (
          <p className="alert-comment-text" data-testid="alert-comment">
            <ServiceText text={last.comment} lines={0} />
          </p>
        ) : (
          <p className="alert-comment-text is-empty" data-testid="alert-comment">
            No comment on this revision.
          </p>
        )}
      </div>
    </section>
  );
}
