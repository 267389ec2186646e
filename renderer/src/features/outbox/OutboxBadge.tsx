import { useEffect } from 'react';
import { countsText } from './outbox-labels';
import { connectOutbox, useOutbox } from './outbox-store';
import './outbox.css';

/** On the rail's Outbox item: how many changes wait, and how many failed (in the warning colour). */
export function OutboxBadge() {
  const counts = useOutbox((state) => state.counts);
  useEffect(() => connectOutbox(), []);
  if (counts.pending === 0 && counts.failed === 0) return null;
  return (
    <span
      className="outbox-badges"
      data-testid="outbox-badge"
      data-pending={counts.pending}
      data-failed={counts.failed}
    >
      <span className="visually-hidden">{countsText(counts)}</span>
      {counts.pending > 0 && (
        <span className="outbox-badge" aria-hidden="true" title={`${counts.pending} waiting`}>
          {counts.pending}
        </span>
      )}
      {counts.failed > 0 && (
        <span
          className="outbox-badge outbox-badge-failed"
          aria-hidden="true"
          title={`${counts.failed} failed`}
        >
          ! {counts.failed}
        </span>
      )}
    </span>
  );
}
