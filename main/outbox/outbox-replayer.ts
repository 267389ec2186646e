import type { Logger } from '../lib/logger';
import type { KindList, PayloadOf, Sending, TransportOf } from './kinds/kind';
import { type BuiltInKinds, kindOf } from './kinds/registry';
import type { Outbox, OutboxItem } from './outbox-store';

export type { OutboxTransport } from './kinds/registry';

/** How a failed send is to be treated; the API client's errors carry these facts. */
export interface FailureFacts {
  /** Worth trying again later as it is: the service was unreachable, busy or failing. */
  transient: boolean;
  /** The service could not be reached at all (no connection, or no answer in time). */
  unreachable?: boolean;
  /** The service refused the token (or there is none to send): nothing more goes with it. */
  tokenRefused?: boolean;
  /** The service may have done it: look before sending again. */
  outcomeUnknown: boolean;
  notFound: boolean;
  message: string;
}

/** An item changed state; `item` is null once it is gone (discarded). */
export interface OutboxChange<K extends KindList = BuiltInKinds> {
  id: string;
  item: OutboxItem<PayloadOf<K>> | null;
}

export interface ReplayReport {
  delivered: number;
  failed: number;
  /** Replay stopped early because the service could not be reached; the rest waits. */
  stoppedBy: string | null;
  /** It stopped because there was no connection to the service: CaseDesk is offline. */
  unreachable: boolean;
  /** It stopped because the token was refused (or none may be sent): the rest waits for a new one. */
  tokenRefused?: boolean;
}

/**
 * Sends queued writes in the order they were made, each at most once. An item is marked `sending`
 * (and committed) before anything goes out; after a crash or a send whose outcome is unknown, its
 * kind says what is done so that it is never sent twice silently: sent again where that is
 * harmless, looked for on the service first (an upload), or held for the investigator. The kinds
 * are the outbox's own.
 */
export function createOutboxReplayer<K extends KindList = BuiltInKinds>(deps: {
  outbox: Outbox<K>;
  transport: TransportOf<K>;
  classify: (error: unknown) => FailureFacts;
  logger: Logger;
  /** Every change of an item's state, including being queued and being discarded. */
  onChange?: (change: OutboxChange<K>) => void;
  /** An item the service has done (or a delete of a document already gone), once marked done. */
  onDelivered?: (item: OutboxItem<PayloadOf<K>>) => void;
  /** The clock an item's time in doubt is measured with. */
  now?: () => number;
  /** Bytes of an item's body (an upload's file) sent so far. */
  onProgress?: (item: OutboxItem<PayloadOf<K>>, sentBytes: number, totalBytes: number) => void;
}) {
  type Item = OutboxItem<PayloadOf<K>>;
  const { outbox, transport } = deps;
  const now = deps.now ?? Date.now;
  const kindOfItem = (item: Item) => kindOf(outbox.kinds, item.payload);
  let running: Promise<ReplayReport> | null = null;
  let following: Promise<ReplayReport> | null = null;
  /** The item whose request is out now, if any: the only one that may not be discarded. */
  let sendingNow: string | null = null;

  const changed = (id: string) => {
    try {
      deps.onChange?.({ id, item: outbox.get(id) });
    } catch (error) {
      deps.logger.error(`outbox change listener failed for ${id}`, error);
    }
  };
  const done = (item: Item, result: unknown) => {
    outbox.markDone(item.id, result);
    const delivered = outbox.get(item.id);
    if (delivered) {
      try {
        deps.onDelivered?.(delivered);
      } catch (error) {
        // The service has it: a cache that could not follow catches up at the next sync.
        deps.logger.error(`could not apply delivered change ${item.id} to the cache`, error);
      }
    }
    changed(item.id);
  };

  /** A kind's own follow-up of the investigator's retry or discard; its failure is only logged. */
  const hook = (item: Item, name: 'onRetry' | 'onDiscard') => {
    try {
      kindOfItem(item)[name]?.(item.payload, transport);
    } catch (error) {
      deps.logger.error(`the ${name} of outbox item ${item.id} failed`, error);
    }
  };

  /** What an item in doubt became on the service, for a kind that can be looked for; else null. */
  const lookUp = async (item: Item): Promise<object | null> => {
    const kind = kindOfItem(item);
    const after = kind.afterLostAnswer;
    if (after.policy !== 'look-up') return null;
    return after.find(item.payload, transport, {
      id: item.id,
      createdAt: item.createdAt,
      delivered: () => outbox.list(['done']).filter((done) => done.payload.kind === kind.name),
    });
  };

  // Async: a kind's send that throws at once fails the same way as one whose request fails.
  const send = async (item: Item): Promise<unknown> => {
    let started = false;
    const sending: Sending = {
      id: item.id,
      bodySent: (sent, total) => {
        if (!started && sent > 0) {
          started = true;
          outbox.markBodyStarted(item.id);
        }
        deps.onProgress?.(item, sent, total);
      },
    };
    return await kindOfItem(item).send(item.payload, transport, sending);
  };

  /**
   * Items left `sending` (a crash, or an answer that never came): one found on the service is
   * done; one not found yet stays in doubt for a while (it may still be being stored), then goes
   * back in line; one that cannot be looked for is sent again where that is harmless, else held
   * for the investigator. A look-up that cannot be made for a reason other than the service being
   * unreachable fails that item, so the rest are not held up.
   */
  const reconcileInDoubt = async () => {
    for (const item of outbox.list(['sending'])) {
      if (item.id === sendingNow) continue;
      const kind = kindOfItem(item);
      if (kind.marksBodyStart?.(item.payload) && !item.bodyStarted) {
        outbox.requeue(item.id, 'Interrupted before any of it was sent; it will be sent again.');
        changed(item.id);
        continue;
      }
      const after = kind.afterLostAnswer;
      if (after.policy === 'ask') {
        outbox.markFailed(
          item.id,
          'Interrupted while sending, and the service cannot be asked whether it arrived. Check in the service, then retry or discard.',
        );
        changed(item.id);
        continue;
      }
      let found: object | null;
      try {
        found = await lookUp(item);
      } catch (error) {
        const facts = deps.classify(error);
        if (facts.transient) throw error;
        outbox.markFailed(
          item.id,
          `CaseDesk could not check whether it arrived (${facts.message}). Look at ${after.policy === 'look-up' ? after.whereToCheck : 'the service'}, then retry or discard.`,
        );
        changed(item.id);
        continue;
      }
      if (found) {
        done(item, found);
        continue;
      }
      if (
        after.policy === 'look-up' &&
        now() - Date.parse(item.updatedAt) < after.graceMs(item.payload)
      )
        continue;
      outbox.requeue(item.id, 'Interrupted while sending; will be sent again.');
      changed(item.id);
    }
  };

  const replayOnce = async (): Promise<ReplayReport> => {
    const report: ReplayReport = { delivered: 0, failed: 0, stoppedBy: null, unreachable: false };
    try {
      await reconcileInDoubt();
    } catch (error) {
      const facts = deps.classify(error);
      report.stoppedBy = facts.message;
      report.unreachable = facts.unreachable ?? false;
      if (facts.tokenRefused) report.tokenRefused = true;
      return report;
    }
    for (const queued of outbox.list(['queued'])) {
      // Discarded, or taken by another run, since the list was read: not this run's to send.
      if (!outbox.markSending(queued.id)) continue;
      const item = outbox.get(queued.id) ?? queued;
      const kind = kindOfItem(item);
      changed(item.id);
      try {
        sendingNow = item.id;
        const result = await send(item).finally(() => {
          sendingNow = null;
        });
        done(item, result);
        report.delivered += 1;
      } catch (error) {
        const facts = deps.classify(error);
        if (facts.notFound && kind.doneWhenNotFound) {
          done(item, kind.doneWhenNotFound(item.payload));
          report.delivered += 1;
        } else if (facts.outcomeUnknown || facts.transient) {
          // Leave it `sending` only while in doubt and unreachable: the next replay looks first.
          const found = facts.outcomeUnknown ? await lookUp(item).catch(() => null) : null;
          if (found) {
            done(item, found);
            report.delivered += 1;
            continue;
          }
          const after = kind.afterLostAnswer.policy;
          if (facts.outcomeUnknown && after === 'look-up') {
            deps.logger.warn(`${kind.name} ${item.id} in doubt: ${facts.message}`);
            outbox.noteInDoubt(item.id, facts.message);
          } else if (facts.outcomeUnknown && after === 'ask') {
            outbox.markFailed(
              item.id,
              `${facts.message} The service cannot be asked whether it arrived: check in the service, then retry or discard.`,
            );
            report.failed += 1;
          } else {
            outbox.requeue(item.id, facts.message);
          }
          report.stoppedBy = facts.message;
          report.unreachable = facts.unreachable ?? false;
          if (facts.tokenRefused) report.tokenRefused = true;
          changed(item.id);
          return report;
        } else {
          outbox.markFailed(item.id, facts.message);
          report.failed += 1;
          changed(item.id);
        }
      }
    }
    return report;
  };

  const replay = (): Promise<ReplayReport> => {
    if (!running) {
      running = replayOnce().finally(() => {
        running = null;
      });
      return running;
    }
    // A write queued while a run is going is not in that run's list: one more run follows it.
    following ??= running
      .catch(() => undefined)
      .then(() => {
        following = null;
        return replay();
      });
    return following;
  };

  return {
    /** Queues a write (the same id twice is one write); send it with replay(). */
    enqueue(payload: PayloadOf<K>, id?: string): Item {
      const before = id === undefined ? null : outbox.get(id);
      const item = outbox.enqueue(payload, id);
      if (!before) changed(item.id);
      return item;
    },
    /** Sends what is queued; a call during a run is answered by the run that follows it. */
    replay,
    retry(id: string): boolean {
      const item = outbox.get(id);
      if (!item || item.state !== 'failed') return false;
      outbox.requeue(id);
      hook(item, 'onRetry');
      changed(id);
      return true;
    },
    /** Removes a write, unless it is going out right now. */
    discard(id: string): boolean {
      const item = outbox.get(id);
      const removed = outbox.discard(id, id !== sendingNow);
      if (removed && item) hook(item, 'onDiscard');
      if (removed) changed(id);
      return removed;
    },
  };
}

export type OutboxReplayer<K extends KindList = BuiltInKinds> = ReturnType<
  typeof createOutboxReplayer<K>
>;
