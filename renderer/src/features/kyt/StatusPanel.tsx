import { useState } from 'react';
import type { KytSubmissionDetail } from '../../../../preload/contract';
import { Banner, type Tone } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateText } from '../../components/DateText';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { errorMessage } from '../../lib/api';
import { statusLabel, statusSentence } from './kyt-status';

export type Decision = 'send-again' | 'mark-sent';

const TONES: Record<KytSubmissionDetail['summary']['status'], Tone> = {
  waiting: 'info',
  sending: 'info',
  scored: 'success',
  refused: 'danger',
  'in-doubt': 'warning',
  'marked-sent': 'info',
  withdrawn: 'info',
};

const QUESTIONS: Record<Decision, { title: string; confirm: string; text: string }> = {
  'send-again': {
    title: 'Send this transaction again?',
    confirm: 'Send again',
    text:
      'Its first sending may have reached the service. If it did, the service will store this ' +
      'transaction twice, and both count for its participants: the interface cannot look it up ' +
      'to tell. It goes through the outbox and is sent once.',
  },
  'mark-sent': {
    title: 'Mark this transaction as sent?',
    confirm: 'Mark as sent',
    text:
      'CaseDesk will take it that the service received it and stop asking. Its answer was lost, ' +
      'so no score or rules can be shown for it.',
  },
};

/**
 * Where the submission stands, in words; a submission in doubt offers the two decisions the
 * investigator alone can take.
 */
export function StatusPanel({
  detail,
  deciding,
  decideError,
  onDecide,
}: {
  detail: KytSubmissionDetail;
  deciding: Decision | null;
  decideError: unknown;
  onDecide: (decision: Decision) => void;
}) {
  const { summary } = detail;
  const [asking, setAsking] = useState<Decision | null>(null);
  const decide = (decision: Decision) => {
    setAsking(null);
    onDecide(decision);
  };
  return (
    <div data-testid="kyt-status-panel" data-status={summary.status}>
      <Banner
        tone={summary.status === 'refused' ? 'warning' : TONES[summary.status]}
        title={statusLabel(summary.status)}
        testId="kyt-status"
      >
        <p className="kyt-status-text" data-testid="kyt-status-text">
          {statusSentence(summary)}
        </p>
        {summary.statusReason && (
          <p className="kyt-status-reason" data-testid="kyt-status-reason">
            {summary.status === 'refused' ? 'The service said: ' : 'Why: '}
            <ServiceText text={summary.statusReason} lines={0} />
          </p>
        )}
        {summary.settledAt && (summary.status === 'scored' || summary.status === 'marked-sent') && (
          <p className="kyt-muted">
            {summary.status === 'scored' ? 'Answered' : 'Marked'}{' '}
            <DateText value={summary.settledAt} />.
          </p>
        )}
        {summary.status === 'waiting' && detail.outboxItemId && (
          <p>
            <RecordLink to={{ screen: 'outbox' }} testId="kyt-open-outbox">
              Open the outbox
            </RecordLink>
          </p>
        )}
        {summary.status === 'in-doubt' && (
          <div className="kyt-decisions">
            <Button
              variant="primary"
              busy={deciding === 'send-again'}
              disabled={deciding !== null}
              onClick={() => setAsking('send-again')}
              data-testid="kyt-send-again"
            >
              Send again…
            </Button>
            <Button
              busy={deciding === 'mark-sent'}
              disabled={deciding !== null}
              onClick={() => setAsking('mark-sent')}
              data-testid="kyt-mark-sent"
            >
              Mark as sent…
            </Button>
          </div>
        )}
      </Banner>
      {decideError !== null && (
        <Banner tone="danger" title="Nothing was changed" testId="kyt-decide-error">
          {errorMessage(decideError)}
        </Banner>
      )}
      {/* One dialog for both questions: the page holds one confirmation at a time. */}
      <ConfirmDialog
        open={asking !== null}
        title={QUESTIONS[asking ?? 'send-again'].title}
        confirmLabel={QUESTIONS[asking ?? 'send-again'].confirm}
        onConfirm={() => {
          if (asking) decide(asking);
        }}
        onCancel={() => setAsking(null)}
      >
        <p data-testid="kyt-decide-text">{QUESTIONS[asking ?? 'send-again'].text}</p>
      </ConfirmDialog>
    </div>
  );
}
