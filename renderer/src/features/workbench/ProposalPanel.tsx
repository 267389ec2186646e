import { useId, useState } from 'react';
import type { AlertView, FieldChange, ProposalView } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { StatePill } from '../../components/Pills';
import { ServiceText } from '../../components/ServiceText';
import { ErrorState } from '../../components/StateViews';
import { ALERT_STATES, profileDateText, stateLabel } from '../../lib/alert-states';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useShortcuts } from '../../lib/shortcuts';
import { useCached } from '../../lib/use-cached';
import { KeptLocallyBadge } from './NotesPanel';
import { ProposalForm } from './ProposalForm';
import './workbench.css';

const PROPOSABLE = ALERT_STATES.filter((state) => state.value !== 1);

/** A pinned or current value as the screens name it. */
function shownChange(change: FieldChange): FieldChange {
  const label = (value: string) => (value === '' ? '—' : stateLabel(Number(value)));
  const date = (value: string) => (value === '' ? '—' : profileDateText(Number(value)));
  if (change.field === 'State')
    return { ...change, before: label(change.before), after: label(change.after) };
  if (change.field === 'Profile date')
    return { ...change, before: date(change.before), after: date(change.after) };
  return change;
}

/**
 * The investigator's proposed decision on an alert. The interface cannot change an alert's
 * state, so a proposal is a record kept in CaseDesk for someone to enter in the service's back
 * office: pinned to the revision it was made on, and marked stale when the alert moves on.
 */
export function ProposalPanel({
  alert,
  shortcutGroup,
}: {
  alert: AlertView;
  shortcutGroup?: string;
}) {
  const proposals = useCached(`proposals:${alert.id}`, () =>
    unwrap(api.workbench.proposals({ alertId: alert.id })),
  );
  const [proposing, setProposing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const titleId = useId();
  const open = proposals.data?.find((proposal) => proposal.status === 'open') ?? null;
  const earlier = (proposals.data ?? []).filter((proposal) => proposal !== open);

  useShortcuts(
    shortcutGroup
      ? [
          {
            keys: 'p',
            description: 'Propose a decision on this alert',
            group: shortcutGroup,
            run: () => setProposing(true),
          },
        ]
      : [],
  );

  return (
    <section className="wb-card" aria-labelledby={titleId} data-testid="proposal-panel">
      <header className="wb-card-head">
        <h2 id={titleId} className="wb-card-title">
          Proposed decision
        </h2>
        <KeptLocallyBadge />
      </header>
      {proposals.status === 'error' && !proposals.data ? (
        <ErrorState error={proposals.error} onRetry={proposals.reload} />
      ) : open ? (
        <OpenProposal
          proposal={open}
          withdrawing={withdrawing}
          onWithdrawn={() => {
            setWithdrawing(false);
            proposals.reload();
          }}
          onCancelWithdraw={() => setWithdrawing(false)}
        />
      ) : (
        !proposing && (
          <p className="wb-empty" data-testid="proposal-none">
            {proposals.status === 'loading'
              ? 'Reading proposals…'
              : 'No decision proposed yet. The service cannot take a decision from CaseDesk: a proposal is kept here, pinned to what you saw, for the back office to enter.'}
          </p>
        )
      )}
      {proposing ? (
        <ProposalForm
          alert={alert}
          states={PROPOSABLE}
          onDone={() => {
            setProposing(false);
            proposals.reload();
          }}
          onCancel={() => setProposing(false)}
        />
      ) : (
        !withdrawing && (
          <div className="wb-actions">
            {open && (
              <Button
                variant="ghost"
                onClick={() => setWithdrawing(true)}
                data-testid="withdraw-proposal"
              >
                Withdraw…
              </Button>
            )}
            <Button
              variant={open ? 'secondary' : 'primary'}
              onClick={() => setProposing(true)}
              data-testid="propose"
            >
              {open ? 'Propose again' : 'Propose a decision'} <kbd>P</kbd>
            </Button>
          </div>
        )
      )}
      {earlier.length > 0 && (
        <details className="wb-earlier" data-testid="earlier-proposals">
          <summary>
            {earlier.length === 1 ? '1 earlier proposal' : `${earlier.length} earlier proposals`}
          </summary>
          <ol className="wb-notes">
            {earlier.map((proposal) => (
              <li key={proposal.id} className="wb-note" data-testid="earlier-proposal">
                <div className="wb-note-meta">
                  <StatePill state={proposal.state} />
                  <span className="wb-status">{proposal.status}</span>
                  <span>
                    {proposal.author} · <DateText value={proposal.createdAt} />
                  </span>
                </div>
                <ServiceText text={proposal.reason} lines={0} className="wb-reason" />
                {proposal.withdrawal && (
                  <p className="wb-withdrawal">
                    Withdrawn: <ServiceText text={proposal.withdrawal} lines={0} />
                  </p>
                )}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function OpenProposal({
  proposal,
  withdrawing,
  onWithdrawn,
  onCancelWithdraw,
}: {
  proposal: ProposalView;
  withdrawing: boolean;
  onWithdrawn: () => void;
  onCancelWithdraw: () => void;
}) {
  const { pinned } = proposal;
  return (
    <div
      className="wb-proposal"
      data-testid="open-proposal"
      data-stale={proposal.stale ? 'true' : 'false'}
    >
      {proposal.stale && (
        <Banner
          tone="warning"
          title="Stale: the alert moved on since this proposal"
          testId="proposal-stale"
        >
          <p>Check what changed, then propose again or withdraw it.</p>
          <ul className="wb-changes" data-testid="stale-changes">
            {proposal.stale.changes.map((change) => {
              const shown = shownChange(change);
              return (
                <li key={change.field}>
                  <span className="wb-change-field">{shown.field}</span>{' '}
                  <ServiceText text={shown.before || '—'} /> →{' '}
                  <ServiceText text={shown.after || '—'} />
                </li>
              );
            })}
          </ul>
        </Banner>
      )}
      <div className="wb-proposal-head">
        <span className="wb-label">Proposed state</span>
        <StatePill state={proposal.state} />
        <span className="wb-note-meta">
          by {proposal.author} · <DateText value={proposal.createdAt} />
        </span>
      </div>
      <div>
        <span className="wb-label">Reason</span>
        <ServiceText
          text={proposal.reason}
          lines={0}
          className="wb-reason"
          testId="proposal-reason"
        />
      </div>
      {proposal.evidence.length > 0 && (
        <div>
          <span className="wb-label">Evidence</span>
          <ul className="wb-evidence" data-testid="proposal-evidence">
            {proposal.evidence.map((item) => (
              <li key={`${item.kind}:${item.id}`}>
                <span className="wb-evidence-kind">{item.kind}</span>{' '}
                <ServiceText text={item.label || item.id} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="wb-pin" data-testid="proposal-pin">
        Pinned to revision {pinned.revisionNumber} ({stateLabel(pinned.state)}), customer revision{' '}
        <ServiceText text={pinned.customerRevisionId || '—'} className="mono" />
        {pinned.profileDate !== null && <>, profile date {profileDateText(pinned.profileDate)}</>}.
      </p>
      {withdrawing && (
        <WithdrawForm proposal={proposal} onDone={onWithdrawn} onCancel={onCancelWithdraw} />
      )}
    </div>
  );
}

function WithdrawForm({
  proposal,
  onDone,
  onCancel,
}: {
  proposal: ProposalView;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const withdraw = () => {
    setBusy(true);
    setError('');
    unwrap(api.workbench.withdraw({ id: proposal.id, reason }))
      .then(onDone)
      .catch((caught: unknown) => setError(errorMessage(caught)))
      .finally(() => setBusy(false));
  };
  return (
    <div className="wb-withdraw">
      <label htmlFor={id} className="field-label">
        Why is it withdrawn?
      </label>
      <input
        id={id}
        className="wb-input"
        value={reason}
        autoFocus
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && reason.trim()) withdraw();
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
          }
        }}
        data-testid="withdraw-reason"
      />
      <span className="wb-actions">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="danger"
          busy={busy}
          disabled={reason.trim() === ''}
          onClick={withdraw}
          data-testid="confirm-withdraw"
        >
          Withdraw the proposal
        </Button>
      </span>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
