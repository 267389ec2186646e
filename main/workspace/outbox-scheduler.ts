import type { Connectivity } from '../../preload/contract';
import type { EventHub } from '../lib/event-hub';
import type { Logger } from '../lib/logger';
import type { KindList } from '../outbox/kinds/kind';
import { cacheTablesOf, OUTBOX_KINDS } from '../outbox/kinds/registry';
import type { OutboxChange, ReplayReport } from '../outbox/outbox-replayer';
import type { OutboxItem, OutboxState } from '../outbox/outbox-store';
import { outboxCounts } from '../outbox/outbox-view';
import { createUploadProgressReporter, uploadStateProgress } from '../uploads/upload-progress';
import type { ConnectivityState } from './connectivity';

/** After a replay the service could not take, the next tries: sooner than the next sync. */
// A retry is one connection attempt: cheap enough to keep at a minute, so that writes go out soon
// after the service is back even with no sync due.
export const REPLAY_RETRY_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

/** What the scheduler needs of a workspace: its outbox and what sends it. */
export interface OutboxSpace {
  outbox: { list(states: readonly OutboxState[]): OutboxItem[]; kinds?: KindList };
  replayer: { replay(): Promise<ReplayReport> };
}

/**
 * When the open workspace's outbox is sent: after a sync, soon after a new write, and again on its
 * own, backing off, while the service cannot take it. It says what its sends learn of the service,
 * and announces every change of a write (the badge, the screens showing it, an upload's progress).
 */
export function createOutboxScheduler(deps: {
  events: Pick<EventHub, 'emit'>;
  logger: Logger;
  connectivity: ConnectivityState;
  /** The workspace open now: what a replay of one since closed learns is not acted on. */
  workspace: () => OutboxSpace | null;
  /** Connectivity learned from the outbox changed: the status is told again. */
  onConnectivityChange: () => void;
  /** Waits between the outbox's own retries while the service is unreachable (the last repeats). */
  retryMs?: readonly number[];
  /**
   * Whether the open workspace's token may be sent now. While it may not (refused, or not known in
   * this run), nothing is sent: the writes wait, queued, and go once a new token is saved.
   */
  canSend?: () => boolean;
}) {
  const retryMs = deps.retryMs?.length ? deps.retryMs : REPLAY_RETRY_MS;
  const uploadProgress = createUploadProgressReporter((progress) =>
    deps.events.emit('uploads.progress', progress),
  );

  const changed = (): void => {
    const space = deps.workspace();
    if (!space) return;
    deps.events.emit(
      'outbox.changed',
      outboxCounts(space.outbox.list(['queued', 'sending', 'failed'])),
    );
  };

  // Writes the service could not take are tried again on their own, backing off, until it takes them.
  let retry: NodeJS.Timeout | null = null;
  let retries = 0;
  const stopRetry = () => {
    if (retry) clearTimeout(retry);
    retry = null;
  };
  /** `retrying`: run by the retry timer, which alone backs off; a new write does not slow the pace. */
  const attempt = async (space: OutboxSpace, retrying = false): Promise<void> => {
    if (deps.canSend && !deps.canSend()) {
      stopRetry();
      return;
    }
    const report = await space.replayer.replay();
    if (deps.workspace() !== space) return;
    if (report.tokenRefused) {
      // Sending again with the same token would be refused again, and repeated refusals can lock
      // the account: no retry on its own; a new token saved starts the sends again.
      stopRetry();
      retries = 0;
      const now = deps.connectivity.current();
      if (now !== 'token_refused' && now !== 'token_missing') {
        deps.connectivity.set('token_refused');
        deps.onConnectivityChange();
      }
      return;
    }
    // What the outbox learns of the service is what the top bar says: a send that cannot connect
    // means offline, a delivery means online again, without waiting for the next sync.
    const seen: Connectivity | null = report.unreachable
      ? 'offline'
      : report.delivered > 0
        ? 'online'
        : null;
    if (seen && deps.connectivity.learn(seen)) deps.onConnectivityChange();
    stopRetry();
    if (!report.stoppedBy || space.outbox.list(['queued', 'sending']).length === 0) {
      retries = 0;
      return;
    }
    if (retrying) retries += 1;
    const delay = retryMs[Math.min(retries, retryMs.length - 1)] ?? 60_000;
    retry = setTimeout(() => void attempt(space, true).catch(() => undefined), delay);
    retry.unref();
  };
  /** Sends what is queued; settles when the replay is over, whatever it met (that is logged). */
  const replay = (space: OutboxSpace): Promise<void> =>
    attempt(space).catch((error: unknown) =>
      deps.logger.error('the outbox could not be replayed', error),
    );

  return {
    replay,
    /** Sends what is queued, in the background; the answer does not wait for the service. */
    replaySoon: (space: OutboxSpace): void => {
      void replay(space);
    },
    /** Tells the badge how many writes wait and how many failed. */
    changed,
    /**
     * Every state change of a write: the badge, the documents list (it shows pending writes), an
     * upload's progress. A delivered write is announced by its cache change instead.
     */
    onOutboxChange: (change: OutboxChange): void => {
      changed();
      const kinds = deps.workspace()?.outbox.kinds ?? OUTBOX_KINDS;
      const tables = cacheTablesOf(kinds, change.item?.payload ?? null);
      if (tables.length > 0 && change.item?.state !== 'done')
        deps.events.emit('cache.changed', { tables });
      const progress = change.item
        ? uploadStateProgress(change.item)
        : // Gone: discarded. A form still showing it as on its way must hear so.
          { requestId: change.id, phase: 'discarded' as const, done: 0, total: 0, error: null };
      if (progress) uploadProgress.report(progress, true);
    },
    /** Bytes of an upload's file sent so far. */
    onUploadProgress: (item: OutboxItem, sent: number, total: number): void => {
      uploadProgress.report({
        requestId: item.id,
        phase: 'sending',
        done: Math.min(sent, total),
        total,
        error: null,
      });
    },
    /** `uploads.progress` events, throttled: the filing of a file reports its copying through here. */
    uploadProgress,
    /** No more retries on their own (the workspace is being left): the pace starts afresh. */
    stop: (): void => {
      stopRetry();
      retries = 0;
    },
  };
}

export type OutboxScheduler = ReturnType<typeof createOutboxScheduler>;
