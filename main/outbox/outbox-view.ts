import type { OutboxItemView } from '../../preload/contract';
import type { KindedPayload, KindList } from './kinds/kind';
import { kindOf, OUTBOX_KINDS } from './kinds/registry';
import type { OutboxItem } from './outbox-store';

/** One line for the investigator: what this write does, naming the document as they know it. */
export function outboxSummary<P extends KindedPayload>(
  item: OutboxItem<P>,
  kinds: KindList = OUTBOX_KINDS,
): string {
  return kindOf(kinds, item.payload).summary(item.payload);
}

/** An item as the outbox screen shows it: its kind's words come with it, from its kind's file. */
export function outboxItemView<P extends KindedPayload>(
  item: OutboxItem<P>,
  kinds: KindList = OUTBOX_KINDS,
): OutboxItemView {
  const kind = kindOf(kinds, item.payload);
  return {
    id: item.id,
    kind: kind.name,
    label: kind.label,
    summary: kind.summary(item.payload),
    discardLoss: kind.discardLoss,
    state: item.state,
    attempts: item.attempts,
    lastError: item.lastError,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** What the rail's badge counts: waiting to be sent, and refused. */
export function outboxCounts(items: readonly OutboxItem<KindedPayload>[]): {
  pending: number;
  failed: number;
} {
  let pending = 0;
  let failed = 0;
  for (const item of items) {
    if (item.state === 'failed') failed += 1;
    else if (item.state !== 'done') pending += 1;
  }
  return { pending, failed };
}
