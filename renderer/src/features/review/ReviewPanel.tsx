import { useId, useState } from 'react';
import type {
  AlertView,
  ProposalStatus,
  ReviewImportView,
  SentReviewView,
} from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ChooseFileButton } from '../../components/ChooseFileButton';
import { DateText } from '../../components/DateText';
import { ServiceText } from '../../components/ServiceText';
import { ErrorState } from '../../components/StateViews';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useCached } from '../../lib/use-cached';
import { KeptLocallyBadge } from '../workbench';
import {
  importErrorText,
  importReviewFile,
  REVIEW_FILE_ENDINGS,
  useReviewFocus,
} from './review-import';
import { decided, KIND_NAMES, RESULT_LABELS, shortFingerprint } from './review-labels';
import './review.css';

type Notice = { tone: 'success' | 'info' | 'warning'; text: string } | null;

const CLOSED: Record<ProposalStatus, string> = {
  open: 'open',
  withdrawn: 'withdrawn',
  superseded: 'superseded by a newer proposal',
};

/** What an import did, in a sentence. */
function importedText(imported: ReviewImportView): Notice {
  if (imported.kind === 'request')
    return {
      tone: 'info',
      text: imported.alreadyImported
        ? `This request from ${imported.maker.name} was imported before: it is shown on alert ${imported.alertId}.`
        : `Imported the review request from ${imported.maker.name}: it is shown on alert ${imported.alertId}, with the evidence beside this cache.`,
    };
  const verdict = `${decided(imported.decision)} by ${imported.checker.name}`;
  if (imported.answeredClosedProposal)
    return {
      tone: 'warning',
      text: `${imported.alreadyRecorded ? 'Already recorded' : 'Recorded'}: ${verdict}. The proposal it answers was ${CLOSED[imported.answeredClosedProposal]} meanwhile.`,
    };
  return {
    tone: 'success',
    text: `${imported.alreadyRecorded ? 'This answer was already recorded' : 'Answer recorded'}: ${verdict}.`,
  };
}

/**
 * Second review of the alert's proposed decision, as files: send the open proposal (a signed
 * request written into the download folder, for a colleague's CaseDesk), follow where it stands,
 * and import a review file: a colleague's request (shown on its alert) or the answer to ours.
 */
export function ReviewPanel({ alert }: { alert: AlertView }) {
  const status = useCached(`review:${alert.id}`, () =>
    unwrap(api.review.status({ alertId: alert.id })),
  );
  const identity = useCached('review:identity', () => unwrap(api.review.identity()));
  const navigate = useNavigation((state) => state.navigate);
  const focusRequest = useReviewFocus((state) => state.focus);
  const [busy, setBusy] = useState<'send' | 'import' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [error, setError] = useState('');
  const titleId = useId();
  const data = status.data;
  const forOpen = data?.sent.filter((sent) => sent.proposalId === data.openProposalId) ?? [];
  // The answer that stands for the open proposal, else the newest request still awaiting one.
  const current = forOpen.find((sent) => sent.answer) ?? forOpen[0] ?? null;
  const earlier = (data?.sent ?? []).filter((sent) => sent !== current);
  const awaiting = current?.state === 'awaiting';

  const send = () => {
    setBusy('send');
    setError('');
    setNotice(null);
    unwrap(api.review.exportRequest({ alertId: alert.id }))
      .then((sent) => {
        setNotice({
          tone: 'success',
          text: `Saved “${sent.fileName}” in your download folder. Hand it to a colleague; import their answer here when it comes back.`,
        });
        status.reload();
      })
      .catch((caught: unknown) => setError(errorMessage(caught)))
      .finally(() => setBusy(null));
  };
  const importFile = (file: File) => {
    setBusy('import');
    setError('');
    setNotice(null);
    importReviewFile(file)
      .then((imported) => {
        setNotice(importedText(imported));
        status.reload();
        if (imported.kind === 'request') {
          focusRequest(imported.requestDigest);
          if (imported.alertId !== alert.id) navigate({ screen: 'alert', id: imported.alertId });
        }
      })
      .catch((caught: unknown) => setError(importErrorText(caught)))
      .finally(() => setBusy(null));
  };

  return (
    <section
      className="wb-card rv-panel"
      aria-labelledby={titleId}
      data-testid="review-panel"
      // A proposal made or withdrawn in the panel above changes what can be sent: read again
      // when the investigator turns to this one.
      onFocus={status.reload}
      onPointerEnter={status.reload}
    >
      <header className="wb-card-head">
        <h2 id={titleId} className="wb-card-title">
          Second review
        </h2>
        <KeptLocallyBadge />
      </header>
      {status.status === 'error' && !data ? (
        <ErrorState error={status.error} onRetry={status.reload} />
      ) : !data ? (
        <p className="wb-empty">Reading reviews…</p>
      ) : current ? (
        <SentReview sent={current} />
      ) : (
        <p className="wb-empty" data-testid="review-none">
          {data.openProposalId
            ? 'Not sent for a second review. A colleague checks the proposal and its evidence on their own CaseDesk; their answer comes back as a file.'
            : 'Propose a decision first: the open proposal is what goes for a second review.'}
        </p>
      )}
      {notice && (
        <p
          className={`rv-notice rv-notice-${notice.tone}`}
          role="status"
          data-testid="review-notice"
        >
          {notice.text}
        </p>
      )}
      {error && (
        <Banner tone="danger" title="Not done">
          <p data-testid="review-error">{error}</p>
        </Banner>
      )}
      <div className="wb-actions">
        <ChooseFileButton
          onFiles={([first]) => first && importFile(first.file)}
          accept={REVIEW_FILE_ENDINGS}
          testId="review-import"
          variant="secondary"
        >
          {busy === 'import' ? 'Importing…' : 'Import a review file…'}
        </ChooseFileButton>
        {/* Only an open proposal can be sent: without one the panel says to propose first. */}
        {data?.openProposalId && (
          <Button
            variant={current ? 'secondary' : 'primary'}
            busy={busy === 'send'}
            onClick={send}
            data-testid="review-send"
          >
            {awaiting ? 'Send again' : 'Send for second review'}
          </Button>
        )}
      </div>
      {earlier.length > 0 && (
        <details className="wb-earlier" data-testid="earlier-reviews">
          <summary>
            {earlier.length === 1
              ? '1 other review request'
              : `${earlier.length} other review requests`}
          </summary>
          <ol className="wb-notes">
            {earlier.map((sent) => (
              <li key={sent.requestDigest} className="wb-note">
                <SentReview sent={sent} compact />
              </li>
            ))}
          </ol>
        </details>
      )}
      {identity.data && (
        <p className="rv-identity" data-testid="review-identity">
          You review as <ServiceText text={identity.data.name} /> · this CaseDesk’s key{' '}
          <span className="mono rv-key">{shortFingerprint(identity.data.fingerprint)}</span>
        </p>
      )}
    </section>
  );
}

function SentReview({ sent, compact = false }: { sent: SentReviewView; compact?: boolean }) {
  const { answer } = sent;
  return (
    <div className="rv-sent" data-testid="review-status" data-state={sent.state}>
      <div className="wb-proposal-head">
        <span
          className={`pill pill-${answer ? (answer.decision === 'approve' ? 'success' : 'danger') : 'info'}`}
        >
          {answer ? decided(answer.decision) : 'Awaiting second review'}
        </span>
        {answer && (
          <span className="rv-by" data-testid="review-verdict">
            {decided(answer.decision)} by <ServiceText text={answer.checker.name} />
          </span>
        )}
      </div>
      {answer ? (
        <>
          <p className="rv-meta">
            answered <DateText value={answer.answeredAt} /> · key{' '}
            <span className="mono rv-key">{shortFingerprint(answer.checker.fingerprint)}</span>
          </p>
          <ServiceText
            text={answer.reason}
            lines={0}
            className="wb-reason"
            testId="review-reason"
          />
          {answer.differences.length > 0 && !compact && (
            <div>
              <span className="wb-label">Their cache held otherwise</span>
              <ul className="wb-evidence" data-testid="review-differences">
                {answer.differences.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    <span className="wb-evidence-kind">{KIND_NAMES[item.kind]}</span>{' '}
                    <ServiceText text={item.label || item.id} /> — {RESULT_LABELS[item.result]}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <p className="rv-meta">
          Sent by <ServiceText text={sent.sentBy} /> · <DateText value={sent.sentAt} />
          <span className="rv-file-name">
            File <ServiceText text={sent.fileName} lines={0} className="mono" />
          </span>
        </p>
      )}
      {sent.proposalStatus !== 'open' && (
        <Banner tone="warning" testId="review-closed-proposal">
          {answer
            ? `This answer is about a proposal since ${CLOSED[sent.proposalStatus]}: it no longer stands.`
            : `The proposal sent was ${CLOSED[sent.proposalStatus]}.`}
        </Banner>
      )}
    </div>
  );
}
