import { z } from 'zod';
import { method } from './define';

export type OutboxItemState = 'queued' | 'sending' | 'failed' | 'done';

export interface OutboxItemView {
  id: string;
  kind: 'document.upload' | 'document.update' | 'document.delete' | 'customers.save';
  /** One line for the investigator: what this write does. */
  summary: string;
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
