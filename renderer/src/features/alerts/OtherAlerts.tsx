import { useState } from 'react';
import type { QueueRow } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { CategoryTag, ScoreBar, StatePill } from '../../components/Pills';
import { DateText } from '../../components/DateText';

/** Enough to see the customer's pattern at a glance; the rest is one click away. */
const FIRST_SHOWN = 8;

/** The same customer's other alerts, most recently updated first; each opens its alert. */
export function OtherAlerts({
  alerts,
  onOpen,
}: {
  alerts: QueueRow[];
  onOpen: (id: string) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? alerts : alerts.slice(0, FIRST_SHOWN);
  return (
    <section className="alert-card" aria-labelledby="alert-others-title" data-testid="other-alerts">
      <header className="alert-card-head">
        <h2 id="alert-others-title" className="alert-card-title">
          Other alerts of this customer
        </h2>
        <span className="alert-card-note">{alerts.length || 'None'}</span>
      </header>
      {alerts.length === 0 ? (
        <p className="alert-muted">This customer has no other alert in the cache.</p>
      ) : (
        <ul className="alert-others">
          {shown.map((row) => (
            <li key={row.id}>
              <button
                type="button"
                className="alert-other"
                onClick={() => onOpen(row.id)}
                title={`Alert ${row.id}`}
                data-testid="other-alert"
                data-alert-id={row.id}
              >
                <StatePill state={row.state} />
                <CategoryTag category={row.category} />
                <ScoreBar score={row.score} />
                <span className="alert-other-date">
                  Updated <DateText value={row.updatedAt} style="date" /> · created{' '}
                  <DateText value={row.createdAt} style="date" />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {alerts.length > FIRST_SHOWN && (
        <div className="alert-others-more">
          <Button variant="ghost" onClick={() => setShowAll((value) => !value)}>
            {showAll ? 'Show fewer' : `Show all ${alerts.length}`}
          </Button>
        </div>
      )}
    </section>
  );
}
