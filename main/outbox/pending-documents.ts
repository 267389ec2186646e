import type {
  DocumentRowView,
  DocumentView,
  PendingChange,
  PendingUploadView,
} from '../../preload/contract';
import type { KindedPayload, KindList } from './kinds/kind';
import { kindOf, OUTBOX_KINDS } from './kinds/registry';
import type { OutboxItem } from './outbox-store';

const WAITING = ['queued', 'sending', 'failed'] as const;

/** What the outbox still holds for one cached document: the edits' new values, or its deletion. */
export interface PendingDocumentState {
  pending: PendingChange;
  displayName?: string;
  tags?: string[];
}

/**
 * Changes not yet confirmed by the service, by document id, in the order they were made: each
 * kind that changes a cached document says how it shows over the earlier ones.
 */
export function pendingDocumentChanges<P extends KindedPayload>(
  items: readonly OutboxItem<P>[],
  kinds: KindList = OUTBOX_KINDS,
): Map<string, PendingDocumentState> {
  const byDocument = new Map<string, PendingDocumentState>();
  for (const item of items) {
    if (!(WAITING as readonly string[]).includes(item.state)) continue;
    const change = kindOf(kinds, item.payload).documentChange;
    if (!change) continue;
    const id = change.documentId(item.payload);
    const pending = { outboxId: item.id, state: item.state, lastError: item.lastError };
    byDocument.set(id, change.over(item.payload, pending, byDocument.get(id)));
  }
  return byDocument;
}

/** A cached document as the list shows it: with its pending edit's values, marked pending. */
export function withPendingChange(
  document: DocumentView,
  changes: ReadonlyMap<string, PendingDocumentState>,
): DocumentRowView {
  const change = changes.get(document.id);
  if (!change) return { ...document, pending: null };
  return {
    ...document,
    displayName: change.displayName ?? document.displayName,
    tags: change.tags ?? document.tags,
    pending: change.pending,
  };
}

/** Uploads waiting in the outbox, of one customer or of all, newest first. */
export function pendingUploads<P extends KindedPayload>(
  items: readonly OutboxItem<P>[],
  customerExternalId?: string,
  kinds: KindList = OUTBOX_KINDS,
): PendingUploadView[] {
  const views: PendingUploadView[] = [];
  for (const item of items) {
    if (!(WAITING as readonly string[]).includes(item.state)) continue;
    const view = kindOf(kinds, item.payload).pendingUpload?.(item);
    if (!view) continue;
    if (customerExternalId !== undefined && view.customerExternalId !== customerExternalId)
      continue;
    views.push(view);
  }
  return views.reverse();
}
