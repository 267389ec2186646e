import type {
  KytBatchLine,
  KytBatchState,
  KytBatchView,
  KytStatus,
} from '../../../../../preload/contract';
import { formatCount } from '../../../lib/format';
import type { Tone } from '../../../components/Banner';

// What a batch's figures say, in one place: the panel, its tests and the e2e read the same words.

/** What sending means, said before anything is sent: the interface has no way back. */
export const STORED_FOR_GOOD =
  'The service stores every transaction it is sent, and it cannot be asked for them again: the interface has no call to list, read again, correct or delete one.';

export const STATE_LABEL: Record<KytBatchState, string> = {
  ready: 'Ready, not started',
  running: 'Sending',
  paused: 'Paused',
  cancelled: 'Cancelled',
  done: 'Done',
};

export const STATE_TONE: Record<KytBatchState, 'neutral' | 'info' | 'warning' | 'success'> = {
  ready: 'neutral',
  running: 'info',
  paused: 'warning',
  cancelled: 'neutral',
  done: 'success',
};

/** Lines that can be sent: every line but those that could not be read. */
export const validLines = (batch: KytBatchView): number => Math.max(0, batch.lines - batch.invalid);

/**
 * Valid lines the batch is past (sent, or withdrawn by a cancel), as a share of the valid lines;
 * null when the file had none to send (the bar would say nothing).
 */
export function progressShare(batch: KytBatchView): number | null {
  const valid = validLines(batch);
  if (valid === 0) return null;
  const past = valid - Math.min(valid, Math.max(0, batch.remaining));
  return Math.min(1, past / valid);
}

/** Valid lines a cancel withdrew: neither sent nor left to send. */
export function withdrawnLines(batch: KytBatchView): number {
  if (batch.state !== 'cancelled') return 0;
  return Math.max(0, validLines(batch) - batch.sent - batch.remaining);
}

export interface Figure {
  key: 'lines' | 'invalid' | 'sent' | 'scored' | 'refused' | 'in-doubt' | 'remaining' | 'withdrawn';
  label: string;
  value: number;
  /** A figure that asks for the investigator's attention. */
  tone: 'plain' | 'warning' | 'danger';
}

export function batchFigures(batch: KytBatchView): Figure[] {
  const figures: Figure[] = [
    { key: 'lines', label: 'Lines', value: batch.lines, tone: 'plain' },
    {
      key: 'invalid',
      label: 'Invalid',
      value: batch.invalid,
      tone: batch.invalid ? 'danger' : 'plain',
    },
    { key: 'sent', label: 'Sent', value: batch.sent, tone: 'plain' },
    { key: 'scored', label: 'Scored', value: batch.scored, tone: 'plain' },
    {
      key: 'refused',
      label: 'Refused',
      value: batch.refused,
      tone: batch.refused ? 'danger' : 'plain',
    },
    {
      key: 'in-doubt',
      label: 'In doubt',
      value: batch.inDoubt,
      tone: batch.inDoubt ? 'warning' : 'plain',
    },
    { key: 'remaining', label: 'Remaining', value: batch.remaining, tone: 'plain' },
  ];
  const withdrawn = withdrawnLines(batch);
  if (batch.state === 'cancelled')
    figures.push({ key: 'withdrawn', label: 'Withdrawn', value: withdrawn, tone: 'plain' });
  return figures;
}

/** One sentence of where the batch stands, for its progress bar's label and screen readers. */
export function progressText(batch: KytBatchView): string {
  const valid = validLines(batch);
  const past = valid - Math.min(valid, Math.max(0, batch.remaining));
  if (valid === 0) return 'No line of this file can be sent.';
  return `${formatCount(past)} of ${formatCount(valid)} lines ${batch.state === 'cancelled' ? 'sent or withdrawn' : 'sent'}`;
}

/** Whole seconds still to wait, from the figure main gave and when it arrived. */
export function secondsLeft(waitingSeconds: number, receivedAtMs: number, nowMs: number): number {
  if (!Number.isFinite(waitingSeconds) || waitingSeconds <= 0) return 0;
  const elapsed = Math.max(0, nowMs - receivedAtMs) / 1000;
  return Math.max(0, Math.ceil(waitingSeconds - elapsed));
}

/** The wait in words; once counted down, main's word that it goes on has not come yet. */
export const waitingText = (seconds: number): string =>
  seconds > 0
    ? `waiting ${formatCount(seconds)} s: the service asked to slow down`
    : 'waiting: the service asked to slow down';

/** The address of the KYT list of this batch's lines in doubt (the list decides on them). */
export const inDoubtHref = (batchId: string): string =>
  `#/kyt?${new URLSearchParams({ status: 'in-doubt', batch: batchId }).toString()}`;

export const inDoubtLinkText = (count: number): string =>
  count === 1
    ? 'Decide on the line in doubt: send it again or mark it as sent'
    : `Decide on the ${formatCount(count)} lines in doubt: send them again or mark them as sent`;

/** A paused batch's reason is a stop to act on; any other state's a plain note. */
export const reasonTone = (batch: KytBatchView): Tone =>
  batch.state === 'paused' ? 'warning' : 'info';

/** What the investigator can do with a batch in its state. */
export interface BatchActions {
  start: boolean;
  pause: boolean;
  resume: boolean;
  cancel: boolean;
}

export function batchActions(batch: KytBatchView): BatchActions {
  return {
    start: batch.state === 'ready',
    pause: batch.state === 'running',
    resume: batch.state === 'paused',
    cancel: batch.state === 'ready' || batch.state === 'running' || batch.state === 'paused',
  };
}

/** A batch's problems: lines that cannot be read, and sent ones without a score. */
export const problemCount = (batch: KytBatchView): number =>
  batch.invalid + batch.refused + batch.inDoubt;

export const LINE_STATUS_LABEL: Record<KytStatus | 'invalid', string> = {
  invalid: 'Not read',
  waiting: 'Not sent yet',
  sending: 'Sending',
  scored: 'Scored',
  refused: 'Refused by the service',
  'in-doubt': 'In doubt',
  'marked-sent': 'Marked as sent',
  withdrawn: 'Withdrawn',
};

/** Why a problem line is one, when main gave no words for it. */
export function lineReason(line: KytBatchLine): string {
  if (line.error && line.error.trim() !== '') return line.error;
  switch (line.status) {
    case 'invalid':
      return 'This line could not be read into a transaction.';
    case 'refused':
      return 'The service refused this transaction without saying why.';
    case 'in-doubt':
      return 'Its answer was lost: the service may have stored it. Send it again or mark it as sent.';
    case 'withdrawn':
      return 'Not sent: the batch was cancelled.';
    default:
      return '';
  }
}

/** Newest first; the same instant keeps the order main gave. */
export function newestFirst(batches: readonly KytBatchView[]): KytBatchView[] {
  return batches
    .map((batch, index) => ({ batch, index, at: Date.parse(batch.createdAt) }))
    .sort((a, b) => {
      const byTime = (Number.isFinite(b.at) ? b.at : 0) - (Number.isFinite(a.at) ? a.at : 0);
      return byTime !== 0 ? byTime : a.index - b.index;
    })
    .map((entry) => entry.batch);
}
