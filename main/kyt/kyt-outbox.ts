import { kytSubmissionItems } from '../outbox/kinds/kyt-submit';
import type { OutboxReplayer } from '../outbox/outbox-replayer';
import type { Outbox, OutboxState } from '../outbox/outbox-store';

/** What the KYT core does with the profile's outbox: the items carrying its submissions. */
export interface KytOutbox {
  /** Queues a submission to be sent; answers the item's id. */
  enqueue(submissionId: string, label: string): string;
  /** The items still to be sent or decided on (queued, sending, failed), by submission id. */
  items(): Map<string, { id: string; state: OutboxState }>;
  /** Removes an item, even one in doubt; false when it is going out right now, or gone. */
  discard(itemId: string): boolean;
}

const PENDING: readonly OutboxState[] = ['queued', 'sending', 'failed'];

function pendingItems(outbox: Pick<Outbox, 'list'>) {
  const found = new Map<string, { id: string; state: OutboxState }>();
  for (const [submissionId, item] of kytSubmissionItems(outbox.list(PENDING)))
    found.set(submissionId, { id: item.id, state: item.state });
  return found;
}

/** The open workspace's outbox: queued through its replayer, which announces every change. */
export function workspaceKytOutbox(
  outbox: Pick<Outbox, 'list'>,
  replayer: Pick<OutboxReplayer, 'enqueue' | 'discard'>,
): KytOutbox {
  return {
    enqueue: (submissionId, label) =>
      replayer.enqueue({ kind: 'kyt.submit', submissionId, label }).id,
    items: () => pendingItems(outbox),
    discard: (itemId) => replayer.discard(itemId),
  };
}

/**
 * A profile's outbox file, opened for each use (the command line): what it queues, the app sends
 * exactly once; it sends nothing itself.
 */
export function fileKytOutbox(open: () => Outbox): KytOutbox {
  const using = <T>(use: (outbox: Outbox) => T): T => {
    const outbox = open();
    try {
      return use(outbox);
    } finally {
      outbox.close();
    }
  };
  return {
    enqueue: (submissionId, label) =>
      using((outbox) => outbox.enqueue({ kind: 'kyt.submit', submissionId, label }).id),
    items: () => using(pendingItems),
    discard: (itemId) => using((outbox) => outbox.discard(itemId, true)),
  };
}
