import { z } from 'zod';
import { method } from './define';

export type OutboxItemState = 'queued' | 'sending' | 'failed' | 'done';

export interface OutboxItemView {
  id: string;
  /** The kind of write (main's outbox kinds: one file each, main/outbox/kinds/). */
  kind: string;
  /** What the outbox screen calls this kind of change ("Document upload"). */
  label: string;
  /** One line for the investigator: what this write does. */
  summary: string;
  /** What discarding it gives up, said before it is done. */
  discardLoss: string;
  state: OutboxItemState;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

const ItemRef = z.object({ id: z.string().uuid() }).strict();

export const outboxMethods = {
  list: method<OutboxItemView[]>()(z.undefined()),
  retry: method<OutboxItemView[]>()(ItemRef),
  discard: method<OutboxItemView[]>()(ItemRef),
};

export interface OutboxEvents {
  'outbox.changed': { pending: number; failed: number };
}
