import { useEffect, useId, useRef, useState } from 'react';
import type {
  ReceivedReviewView,
  ReviewDecision,
  ReviewItemComparison,
  ReviewRequestView,
} from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { StatePill } from '../../components/Pills';
import { ServiceText } from '../../components/ServiceText';
import { ErrorState } from '../../components/StateViews';
import { profileDateText, stateLabel } from '../../lib/alert-states';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { useCached } from '../../lib/use-cached';
import { useReviewFocus } from './review-import';
import {
  decided,
  FILE_LABELS,
  KIND_NAMES,
  RESULT_LABELS,
  RESULT_TONES,
  shortFingerprint,
  shortHash,
} from './review-labels';
import './review.css';

/**
 * Review requests about this alert that colleagues sent to this CaseDesk, newest first: their
 * proposal, who made it, and each piece of their evidence beside what this cache holds, with the
 * answer to give (or given). Nothing is shown when there is none.
 */
export function ReceivedReviews({ alertId }: { alertId: string }) {
  const status = useCached(`review:${alertId}`, () => unwrap(api.review.status({ alertId })));
  const received = status.data?.received ?? [];
  if (received.length === 0) return null;
  return (
    <>
      {received.map((request) => (
        <ReceivedReview key={request.requestDigest} request={request} onAnswered={status.reload} />
      ))}
    </>
  );
}

function ReceivedReview({
  request,
  onAnswered,
}: {
  request: ReceivedReviewView;
  onAnswered: () => void;
}) {
  const view = useCached(`review-request:${request.requestDigest}`, () =>
    unwrap(api.review.request({ requestDigest: request.requestDigest })),
  );
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const focusDigest = useReviewFocus((state) => state.requestDigest);
  const clearFocus = useReviewFocus((state) => state.focus);
  useEffect(() => {
    if (focusDigest !== request.requestDigest) return;
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'start' });
    clearFocus(null);
  }, [focusDigest, request.requestDigest, clearFocus]);

  const answered = request.answer;
  return (
    <section
      className="wb-card rv-received"
      aria-labelledby={titleId}
      data-testid="received-review"
      data-answered={answered ? 'true' : 'false'}
    >
      <header className="wb-card-head">
        <h2 id={titleId} ref={heading} tabIndex={-1} className="wb-card-title">
          Second review requested of you
        </h2>
        <span className="rv-maker" data-testid="review-maker">
          by <ServiceText text={request.maker.name} /> · key{' '}
          <span className="mono rv-key">{shortFingerprint(request.maker.fingerprint)}</span> ·{' '}
          <DateText value={request.requestedAt} />
        </span>
      </header>
      {view.status === 'error' && !view.data ? (
        <ErrorState error={view.error} onRetry={view.reload} />
      ) : !view.data ? (
        <p className="wb-empty">Comparing their evidence with this cache…</p>
      ) : (
        <>
          {!answered && (
            <p className="rv-lead">
              Check the proposal and its evidence against what this CaseDesk holds, then approve or
              reject it with a reason. Your answer is saved as a file for{' '}
              <ServiceText text={request.maker.name} />.
            </p>
          )}
          <ProposalShown view={view.data} />
          {answered ? (
            <details className="wb-earlier">
              <summary>The evidence, theirs beside this cache</summary>
              <Evidence items={view.data.items} />
            </details>
          ) : (
            <Evidence items={view.data.items} />
          )}
        </>
      )}
      {answered ? (
        <Banner
          tone={answered.decision === 'approve' ? 'success' : 'warning'}
          title={`You ${answered.decision === 'approve' ? 'approved' : 'rejected'} it`}
          testId="review-answered"
        >
          <p className="rv-meta">
            <DateText value={answered.answeredAt} />
          </p>
          <ServiceText text={answered.reason} lines={0} className="wb-reason" />
          <p>
            Answer saved in your download folder as{' '}
            <ServiceText text={answered.fileName} lines={0} className="mono" />: hand it back to{' '}
            <ServiceText text={request.maker.name} />.
          </p>
        </Banner>
      ) : (
        <AnswerForm request={request} onAnswered={onAnswered} />
      )}
    </section>
  );
}

function ProposalShown({ view }: { view: ReviewRequestView }) {
  const { proposal } = view;
  const { pinned } = proposal;
  return (
    <div className="wb-proposal" data-testid="review-proposal">
      <div className="wb-proposal-head">
        <span className="wb-label">Proposed state</span>
        <StatePill state={proposal.state} />
        <span className="wb-note-meta">
          by <ServiceText text={proposal.author} /> · <DateText value={proposal.createdAt} />
        </span>
      </div>
      <div>
        <span className="wb-label">Reason</span>
        <ServiceText
          text={proposal.reason}
          lines={0}
          className="wb-reason"
          testId="review-proposal-reason"
        />
      </div>
      <p className="wb-pin">
        Pinned to revision {pinned.revisionNumber} ({stateLabel(pinned.state)}), customer revision{' '}
        <ServiceText text={pinned.customerRevisionId || '—'} className="mono" />
        {pinned.profileDate !== null && <>, profile date {profileDateText(pinned.profileDate)}</>}.
      </p>
    </div>
  );
}

function Evidence({ items }: { items: ReviewItemComparison[] }) {
  const same = items.filter((item) => item.result === 'same').length;
  const flagged = items.length - same;
  return (
    <div className="rv-evidence">
      <p className="rv-summary" data-testid="review-summary">
        {flagged === 0
          ? `All ${items.length === 1 ? 'the record' : `${items.length} records`} the same here as in their file.`
          : `${flagged} of ${items.length} ${items.length === 1 ? 'record' : 'records'} not the same here: check ${flagged === 1 ? 'it' : 'them'} before you answer.`}
      </p>
      {/* Scrolls sideways in a narrow window: reachable and named for the keyboard. */}
      <div
        className="rv-table-wrap"
        tabIndex={0}
        role="region"
        aria-label="Evidence, their file beside this cache"
      >
        <table className="data-table rv-table" data-testid="review-evidence">
          <caption className="visually-hidden">
            Each record of their evidence, their copy beside this cache’s
          </caption>
          <thead>
            <tr>
              <th scope="col">Record</th>
              <th scope="col">Their file</th>
              <th scope="col">This cache</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <EvidenceRow key={`${item.kind}:${item.id}`} item={item} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function EvidenceRow({ item }: { item: ReviewItemComparison }) {
  const side = (found: ReviewItemComparison['theirs']) =>
    found.state === 'missing' ? (
      <span className="rv-missing">not held</span>
    ) : (
      <span className="mono rv-hash" title={`SHA-256 ${found.sha256}`}>
        {shortHash(found.sha256)}
      </span>
    );
  return (
    <tr data-testid="review-item" data-result={item.result} data-kind={item.kind}>
      <th scope="row" className="rv-record">
        <span className="wb-evidence-kind">{KIND_NAMES[item.kind]}</span>
        {item.label && item.label !== item.id && (
          <>
            {' '}
            <ServiceText text={item.label} />
          </>
        )}
        <ServiceText text={item.id} lines={0} className="mono rv-id" />
        {item.file && (
          <span className="rv-file" data-testid="review-file" data-file={item.file}>
            {FILE_LABELS[item.file]}
          </span>
        )}
      </th>
      <td>{side(item.theirs)}</td>
      <td>{side(item.here)}</td>
      <td>
        <span className={`pill pill-${RESULT_TONES[item.result]}`} data-testid="review-result">
          {RESULT_LABELS[item.result]}
        </span>
        {item.changes.length > 0 && (
          <ul className="rv-changes" data-testid="review-changes">
            {item.changes.map((change) => (
              <li key={change.path}>
                <span className="mono rv-path">{change.path}</span>{' '}
                <span className="rv-value">
                  theirs <ServiceText text={change.theirs} />
                </span>{' '}
                <span className="rv-value">
                  here <ServiceText text={change.here} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

function AnswerForm({
  request,
  onAnswered,
}: {
  request: ReceivedReviewView;
  onAnswered: () => void;
}) {
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<{ decision?: string; reason?: string }>({});
  const [error, setError] = useState('');
  const ids = { reason: useId(), decision: useId() };
  const submit = () => {
    const found = {
      ...(decision === null && { decision: 'Choose: approve or reject.' }),
      ...(reason.trim() === '' && { reason: 'Say why: an answer needs a reason.' }),
    };
    setProblems(found);
    setError('');
    if (decision === null || found.reason) return;
    setBusy(true);
    unwrap(api.review.answer({ requestDigest: request.requestDigest, decision, reason }))
      .then(onAnswered)
      .catch((caught: unknown) => {
        setProblems(fieldErrors(caught));
        setError(errorMessage(caught));
      })
      .finally(() => setBusy(false));
  };
  return (
    <form
      className="wb-form rv-answer"
      data-testid="review-answer-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset
        className="choice-group rv-decision"
        aria-describedby={problems.decision ? ids.decision : undefined}
      >
        <legend className="field-label">Your answer</legend>
        {(['approve', 'reject'] as const).map((value) => (
          <label key={value} className={`choice${decision === value ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name={`decision-${request.requestDigest}`}
              value={value}
              checked={decision === value}
              onChange={() => setDecision(value)}
              data-testid={`review-${value}`}
            />
            <span>
              <span className="choice-label">{decided(value)}</span>
              <span className="choice-detail">
                {value === 'approve'
                  ? 'The proposal stands on its evidence.'
                  : 'The proposal should not be entered as it is.'}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {problems.decision && (
        <p id={ids.decision} className="field-error">
          {problems.decision}
        </p>
      )}
      <label htmlFor={ids.reason} className="field-label">
        Why
      </label>
      <textarea
        id={ids.reason}
        className="wb-textarea"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            submit();
          }
        }}
        aria-invalid={problems.reason ? true : undefined}
        aria-describedby={problems.reason ? `${ids.reason}-error` : undefined}
        data-testid="review-answer-reason"
      />
      {problems.reason && (
        <p id={`${ids.reason}-error`} className="field-error">
          {problems.reason}
        </p>
      )}
      {error && !problems.reason && !problems.decision && (
        <p className="field-error" role="alert" data-testid="review-answer-error">
          {error}
        </p>
      )}
      <div className="wb-actions">
        <Button type="submit" variant="primary" busy={busy} data-testid="review-answer-save">
          Save the answer file
        </Button>
      </div>
    </form>
  );
}
