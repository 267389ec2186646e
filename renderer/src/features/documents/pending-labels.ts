import type { OutboxItemState, PendingChange } from '../../../../preload/contract';

export type PendingTone = 'info' | 'warning' | 'danger';

export interface PendingLabel {
  text: string;
  tone: PendingTone;
  /** Failed in the outbox: the investigator retries or discards it there. */
  failed: boolean;
  /** Shown struck through: the document is on its way out. */
  deleting: boolean;
}

/** How a document row says a change of it waits in the outbox. */
export function pendingChangeLabel(pending: PendingChange): PendingLabel {
  const failed = pending.state === 'failed';
  if (pending.kind === 'delete')
    return {
      text: failed ? 'Delete failed' : 'Deleting…',
      tone: failed ? 'danger' : 'warning',
      failed,
      deleting: true,
    };
  return {
    text: failed ? 'Edit failed' : 'Pending edit',
    tone: failed ? 'danger' : 'info',
    failed,
    deleting: false,
  };
}

/** How a row of a document filed from here, not confirmed by the service yet, says where it is. */
export function pendingUploadLabel(state: OutboxItemState): PendingLabel {
  switch (state) {
    case 'sending':
      return { text: 'Uploading…', tone: 'info', failed: false, deleting: false };
    case 'failed':
      return { text: 'Upload failed', tone: 'danger', failed: true, deleting: false };
    case 'done':
      return { text: 'Filed', tone: 'info', failed: false, deleting: false };
    default:
      return { text: 'Waiting to upload', tone: 'warning', failed: false, deleting: false };
  }
}
