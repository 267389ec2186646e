import type { OutboxItemState, OutboxItemView } from '../../../../preload/contract';

// How the outbox shows its items' states, and in which order (no bridge here). What each kind of
// change is called, and what discarding it loses, come with the item from main.

export type PillTone = 'neutral' | 'info' | 'danger' | 'success';

export const STATE_PILL: Record<OutboxItemState, { label: string; tone: PillTone }> = {
  queued: { label: 'Waiting', tone: 'neutral' },
  sending: { label: 'Sending', tone: 'info' },
  failed: { label: 'Failed', tone: 'danger' },
  done: { label: 'Sent', tone: 'success' },
};

export const canRetry = (item: Pick<OutboxItemView, 'state'>): boolean => item.state === 'failed';
/**
 * Anything not yet sent; a `sending` item too, since one whose answer was lost waits in doubt (main
 * refuses, saying so, while its request is actually going out).
 */
export const canDiscard = (item: Pick<OutboxItemView, 'state'>): boolean => item.state !== 'done';

/** Said before discarding a change that may have reached the service already. */
export const DISCARD_IN_DOUBT =
  'It may already have reached the service: CaseDesk could not learn whether it arrived. Check the customer in the service afterwards.';

/**
 * Unsent items first, in the order they will be sent (the outbox's own order), then the sent
 * ones, most recently sent first.
 */
export function outboxSections(items: readonly OutboxItemView[]): {
  unsent: OutboxItemView[];
  sent: OutboxItemView[];
} {
  const unsent = items.filter((item) => item.state !== 'done');
  const sent = items
    .filter((item) => item.state === 'done')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { unsent, sent };
}

export interface OutboxCounts {
  /** Waiting or being sent. */
  pending: number;
  failed: number;
}

export function countItems(items: readonly Pick<OutboxItemView, 'state'>[]): OutboxCounts {
  return {
    pending: items.filter((item) => item.state === 'queued' || item.state === 'sending').length,
    failed: items.filter((item) => item.state === 'failed').length,
  };
}

/** The rail badge's words for a screen reader: "2 waiting, 1 failed". */
export function countsText(counts: OutboxCounts): string {
  return [
    counts.pending ? `${counts.pending} waiting` : '',
    counts.failed ? `${counts.failed} failed` : '',
  ]
    .filter(Boolean)
    .join(', ');
}
