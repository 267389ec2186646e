import type { OutboxItemView } from '../../preload/contract';
import type { OutboxItem } from './outbox-store';

const quoted = (name: string) => `“${name}”`;

/** One line for the investigator: what this write does, naming the document as they know it. */
export function outboxSummary(item: OutboxItem): string {
  const payload = item.payload;
  switch (payload.kind) {
    case 'document.upload':
      return `Upload ${quoted(payload.display_name || payload.file_name)} (${payload.file_name}) to ${payload.customer_external_id}`;
    case 'document.update': {
      const document = payload.label ? quoted(payload.label) : `document ${payload.id}`;
      const rename =
        payload.display_name !== undefined && payload.display_name !== payload.label
          ? `Rename ${document} to ${quoted(payload.display_name)}`
          : null;
      const tags =
        payload.tag_codes === undefined
          ? null
          : payload.tag_codes.length
            ? `tags ${payload.tag_codes.join(', ')}`
            : 'no tags';
      if (rename && tags) return `${rename}, with ${tags}`;
      if (rename) return rename;
      if (tags) return `Give ${document} ${tags}`;
      return `Update ${document}`;
    }
    case 'document.delete':
      return `Delete ${payload.label ? quoted(payload.label) : `document ${payload.id}`}`;
    case 'customers.save':
      return `Save ${payload.customers.length} customer(s)`;
  }
}

export function outboxItemView(item: OutboxItem): OutboxItemView {
  return {
    id: item.id,
    kind: item.payload.kind,
    summary: outboxSummary(item),
    state: item.state,
    attempts: item.attempts,
    lastError: item.lastError,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** What the rail's badge counts: waiting to be sent, and refused. */
export function outboxCounts(items: readonly OutboxItem[]): { pending: number; failed: number } {
  let pending = 0;
  let failed = 0;
  for (const item of items) {
    if (item.state === 'failed') failed += 1;
    else if (item.state !== 'done') pending += 1;
  }
  return { pending, failed };
}
