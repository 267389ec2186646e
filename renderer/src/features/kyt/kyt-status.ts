import type { KytStatus, KytSubmissionSummary } from '../../../../preload/contract';

// Where a submission stands, in words (a pill's colour only repeats what its word says).

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export const STATUSES: readonly KytStatus[] = [
  'waiting',
  'sending',
  'scored',
  'refused',
  'in-doubt',
  'marked-sent',
  'withdrawn',
];

const LABELS: Record<KytStatus, { label: string; tone: StatusTone }> = {
  waiting: { label: 'Waiting', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'info' },
  scored: { label: 'Scored', tone: 'success' },
  refused: { label: 'Refused', tone: 'danger' },
  'in-doubt': { label: 'In doubt', tone: 'warning' },
  'marked-sent': { label: 'Marked sent', tone: 'neutral' },
  withdrawn: { label: 'Withdrawn', tone: 'neutral' },
};

export const statusLabel = (status: KytStatus): string => LABELS[status]?.label ?? status;
export const statusTone = (status: KytStatus): StatusTone => LABELS[status]?.tone ?? 'neutral';

/** What the submission's status means for the investigator, in a sentence or two. */
export function statusSentence(summary: Pick<KytSubmissionSummary, 'status' | 'batch'>): string {
  switch (summary.status) {
    case 'waiting':
      return summary.batch
        ? 'Waiting in its batch: it is sent in line order when the batch runs.'
        : 'Waiting in the outbox: it is sent once the service can be reached.';
    case 'sending':
      return 'Being sent now.';
    case 'scored':
      return 'Scored by the service; its answer is kept here.';
    case 'refused':
      return 'Refused by the service: it was not stored there. Duplicate it to correct what was refused and submit again.';
    case 'in-doubt':
      return 'It went out but its answer was lost, so it may be stored on the service. The interface cannot look a transaction up, so CaseDesk never sends it again by itself: send it again (it may then be stored twice) or mark it as sent.';
    case 'marked-sent':
      return 'Marked as sent: you said it reached the service. No answer is kept.';
    case 'withdrawn':
      return 'Withdrawn before it was sent: the service never received it.';
    default:
      return '';
  }
}

/** "3 submissions are in doubt: decide for each" */
export function inDoubtText(count: number): string {
  return count === 1
    ? '1 submission is in doubt: decide what to do with it'
    : `${count.toLocaleString()} submissions are in doubt: decide for each`;
}
