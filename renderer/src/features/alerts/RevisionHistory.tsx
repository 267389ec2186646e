import type { AlertRevisionView } from '../../../../preload/contract';
import { StatePill } from '../../components/Pills';
import { agentLabel, categoryLabel } from '../../lib/alert-states';
import { DateText } from '../../components/DateText';
import { changesComment, describeChange } from './alert-values';
import { ServiceText } from '../../components/ServiceText';

/**
 * Every revision the cache has seen, newest first, each with what it changed. The cache only
 * knows the revisions that were last when a sync ran, so numbers may skip.
 */
export function RevisionHistory({ revisions }: { revisions: AlertRevisionView[] }) {
  const newestFirst = [...revisions].reverse();
  return (
    <section
      className="alert-card"
      aria-labelledby="alert-history-title"
      data-testid="alert-history"
    >
      <header className="alert-card-head">
        <h2 id="alert-history-title" className="alert-card-title">
          History
        </h2>
        <span className="alert-card-note">
          {revisions.length === 1 ? '1 revision seen' : `${revisions.length} revisions seen`}
        </span>
      </header>
      <ol className="alert-timeline">
        {newestFirst.map((revision, position) => {
          const first = position === newestFirst.length - 1;
          return (
            <li
              key={revision.id}
              className="alert-timeline-item"
              data-testid="alert-revision"
              data-revision={revision.revisionNumber}
            >
              <span className="alert-timeline-dot" aria-hidden="true" />
              <div className="alert-timeline-head">
                <span className="alert-timeline-title">Revision {revision.revisionNumber}</span>
                <StatePill state={revision.state} />
                <span className="alert-timeline-meta">
                  <DateText value={revision.createdAt} /> · {agentLabel(revision.agentId)}
                </span>
              </div>
              {revision.changes.length > 0 ? (
                <ul className="alert-changes">
                  {revision.changes.map((change) => {
                    const shown = describeChange(change);
                    return (
                      <li key={change.field} className="alert-change" data-testid="alert-change">
                        <span className="alert-change-field">{shown.label}</span>
                        <span className="alert-change-before">
                          <ServiceText text={shown.before} lines={2} />
                        </span>
                        <span className="alert-change-arrow" aria-label="changed to">
                          →
                        </span>
                        <span className="alert-change-after">
                          <ServiceText text={shown.after} lines={2} />
                        </span>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <p className="alert-timeline-note">
                  {first
                    ? `First seen: score ${revision.score}, ${categoryLabel(revision.topCategory)}.`
                    : 'No field changed.'}
                </p>
              )}
              {revision.comment && !revision.changes.some(changesComment) && (
                <p className="alert-timeline-comment">
                  “<ServiceText text={revision.comment} lines={0} />”
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
