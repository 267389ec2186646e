import type {
  DocumentRowView,
  DocumentView,
  PendingChange,
  PendingUploadView,
} from '../../preload/contract';
import type { OutboxItem } from './outbox-store';

const WAITING = ['queued', 'sending', 'failed'] as const;

/** What the outbox still holds for one cached document: the edits' new values, or its deletion. */
export interface PendingDocumentState {
  pending: PendingChange;
  displayName?: string;
  tags?: string[];
}

/**
 * Changes not yet confirmed by the service, by document id. Edits are merged in the order they
 * were made (the last one's values show); a deletion, whenever made, is what the list marks.
 */
export function pendingDocumentChanges(
  items: readonly OutboxItem[],
): Map<string, PendingDocumentState> {
  const byDocument = new Map<string, PendingDocumentState>();
  for (const item of items) {
    if (!(WAITING as readonly string[]).includes(item.state)) continue;
    const payload = item.payload;
    if (payload.kind !== 'document.update' && payload.kind !== 'document.delete') continue;
    const previous = byDocument.get(payload.id);
    const pending: PendingChange = {
      outboxId: item.id,
      kind: payload.kind === 'document.update' ? 'update' : 'delete',
      state: item.state,
      lastError: item.lastError,
    };
    if (payload.kind === 'document.delete') {
      byDocument.set(payload.id, { ...previous, pending });
    } else if (previous?.pending.kind !== 'delete') {
      byDocument.set(payload.id, {
        pending,
        displayName: payload.display_name ?? previous?.displayName,
        tags: payload.tag_codes ?? previous?.tags,
      });
    } else {
      byDocument.set(payload.id, {
        ...previous,
        displayName: payload.display_name ?? previous.displayName,
        tags: payload.tag_codes ?? previous.tags,
      });
    }
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
export function pendingUploads(
  items: readonly OutboxItem[],
  customerExternalId?: string,
): PendingUploadView[] {
  const views: PendingUploadView[] = [];
  for (const item of items) {
    if (!(WAITING as readonly string[]).includes(item.state)) continue;
    const payload = item.payload;
    if (payload.kind !== 'document.upload') continue;
    if (customerExternalId !== undefined && payload.customer_external_id !== customerExternalId)
      continue;
    const external = payload.source.type === 'external';
    views.push({
      outboxId: item.id,
      customerExternalId: payload.customer_external_id,
      displayName: payload.display_name || payload.file_name,
      fileName: payload.file_name,
      fileSize: payload.source.type === 'file' ? payload.source.size : payload.source.file_size,
      tags: payload.tag_codes,
      external,
      state: item.state,
      lastError: item.lastError,
      createdAt: item.createdAt,
    });
  }
  return views.reverse();
}
