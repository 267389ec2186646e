import type { DocumentLike } from '../cache/records';
import type { Logger } from '../lib/logger';
import type { Outbox, OutboxItem, OutboxPayload } from './outbox-store';

export type UploadPayload = Extract<OutboxPayload, { kind: 'document.upload' }>;

/** What the outbox needs of the service. */
export interface OutboxTransport {
  /**
   * `onSent` hears how many of the file's bytes have gone out so far (for progress); `origin` is
   * sent as the document's origin value, so that an upload in doubt can be recognised later.
   */
  upload(
    payload: UploadPayload,
    onSent?: (fileBytes: number) => void,
    origin?: string,
  ): Promise<DocumentLike>;
  /** Documents of the customer with this file name, to find an upload whose outcome is unknown. */
  findDocuments(customerExternalId: string, fileName: string): Promise<FoundDocument[]>;
  update(id: string, change: { display_name?: string; tag_codes?: string[] }): Promise<void>;
  remove(id: string): Promise<void>;
  saveCustomers(body: { customers: unknown[]; relations: unknown[] }): Promise<unknown>;
}

export type FoundDocument = DocumentLike & {
  file_size?: number | null;
  origin?: { value?: unknown } | null;
};

/** The origin value CaseDesk files an upload with: the outbox item's id, unique per filing. */
export const uploadOrigin = (itemId: string): string => `casedesk:${itemId}`;

/** Seconds, whether the service sent seconds or milliseconds (the spec gives no unit). */
const createdSeconds = (value: number | null | undefined): number =>
  !value ? 0 : value > 100_000_000_000 ? Math.floor(value / 1000) : value;

/**
 * How long an upload stays in doubt before it is sent again when the service does not list it: a
 * large upload may still be being stored after the connection gave up.
 */
export function inDoubtGraceMs(bytes: number): number {
  return Math.min(30 * 60_000, 2 * 60_000 + Math.ceil(bytes / (50 * 1024 * 1024)) * 60_000);
}

/** How a failed send is to be treated; the API client's errors carry these facts. */
export interface FailureFacts {
  /** Worth trying again later as it is: the service was unreachable, busy or failing. */
  transient: boolean;
  /** The service could not be reached at all (no connection, or no answer in time). */
  unreachable?: boolean;
  /** The service may have done it: look before sending again. */
  outcomeUnknown: boolean;
  notFound: boolean;
  message: string;
}

/** An item changed state; `item` is null once it is gone (discarded). */
export interface OutboxChange {
  id: string;
  item: OutboxItem | null;
}

export interface ReplayReport {
  delivered: number;
  failed: number;
  /** Replay stopped early because the service could not be reached; the rest waits. */
  stoppedBy: string | null;
  /** It stopped because there was no connection to the service: CaseDesk is offline. */
  unreachable: boolean;
}

/**
 * Sends queued writes in the order they were made, each at most once. An item is marked `sending`
 * (and committed) before anything goes out; after a crash or a send whose outcome is unknown, an
 * upload is first looked for with a document search, so it is never filed twice.
 */
export function createOutboxReplayer(deps: {
  outbox: Outbox;
  transport: OutboxTransport;
  classify: (error: unknown) => FailureFacts;
  logger: Logger;
  /** Every change of an item's state, including being queued and being discarded. */
  onChange?: (change: OutboxChange) => void;
  /** An item the service has done (or a delete of a document already gone), once marked done. */
  onDelivered?: (item: OutboxItem) => void;
  /** The clock an upload's time in doubt is measured with. */
  now?: () => number;
  /** Bytes of an upload's file sent so far. */
  onProgress?: (item: OutboxItem, sentBytes: number, totalBytes: number) => void;
}) {
  const { outbox, transport } = deps;
  const now = deps.now ?? Date.now;
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
  const done = (item: OutboxItem, result: unknown) => {
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

  /** Documents other delivered uploads turned out to be: never taken for this one. */
  const claimedDocuments = (): Set<string> => {
    const ids = new Set<string>();
    for (const done of outbox.list(['done'])) {
      const result = done.result as { id?: unknown } | null;
      if (done.payload.kind === 'document.upload' && typeof result?.id === 'string')
        ids.add(result.id);
    }
    return ids;
  };

  /**
   * The document an upload in doubt became, if the service has it. The origin value it was sent
   * with names it exactly; for a service that does not keep origins, a document alike in every
   * field sent, created since it was queued and not claimed by another filing, is taken for it.
   */
  const findUploaded = async (item: OutboxItem): Promise<DocumentLike | null> => {
    if (item.payload.kind !== 'document.upload') return null;
    const payload = item.payload;
    const size = payload.source.type === 'file' ? payload.source.size : payload.source.file_size;
    const candidates = await transport.findDocuments(
      payload.customer_external_id,
      payload.file_name,
    );
    const origin = uploadOrigin(item.id);
    const originOf = (doc: FoundDocument) =>
      typeof doc.origin?.value === 'string' ? doc.origin.value : null;
    const marked = candidates.find((doc) => originOf(doc) === origin);
    if (marked) return marked;
    // This service keeps the origins CaseDesk sends, and none is this upload's: it did not arrive.
    if (candidates.some((doc) => originOf(doc)?.startsWith('casedesk:'))) return null;
    const queuedSeconds = Math.floor(Date.parse(item.createdAt) / 1000) - 120;
    const claimed = claimedDocuments();
    const sameTags = (tags: readonly string[] | null | undefined) =>
      [...(tags ?? [])].sort().join('\n') === [...payload.tag_codes].sort().join('\n');
    return (
      candidates
        .filter(
          (doc) =>
            !claimed.has(doc.id) &&
            doc.file_name === payload.file_name &&
            (doc.file_size ?? size) === size &&
            (!payload.display_name || doc.display_name === payload.display_name) &&
            sameTags(doc.tags) &&
            createdSeconds(doc.created_at) >= queuedSeconds,
        )
        .sort((a, b) => createdSeconds(b.created_at) - createdSeconds(a.created_at))[0] ?? null
    );
  };

  const send = async (item: OutboxItem): Promise<unknown> => {
    const payload = item.payload;
    switch (payload.kind) {
      case 'document.upload': {
        const total =
          payload.source.type === 'file' ? payload.source.size : payload.source.file_size;
        let started = false;
        return transport.upload(
          payload,
          (sent) => {
            if (!started && sent > 0) {
              started = true;
              outbox.markBodyStarted(item.id);
            }
            deps.onProgress?.(item, sent, total);
          },
          uploadOrigin(item.id),
        );
      }
      case 'document.update':
        await transport.update(payload.id, {
          ...(payload.display_name === undefined ? {} : { display_name: payload.display_name }),
          ...(payload.tag_codes === undefined ? {} : { tag_codes: payload.tag_codes }),
        });
        return null;
      case 'document.delete':
        await transport.remove(payload.id);
        return null;
      case 'customers.save':
        return transport.saveCustomers({
          customers: payload.customers,
          relations: payload.relations,
        });
    }
  };

  /**
   * Items left `sending` (a crash, or an answer that never came): an upload the service has is
   * done; one it does not list yet stays in doubt for a while (it may still be being stored), then
   * goes back in line; anything else goes back in line. A look-up that cannot be made for a reason
   * other than the service being unreachable fails that item, so the rest are not held up.
   */
  const reconcileInDoubt = async () => {
    for (const item of outbox.list(['sending'])) {
      if (item.id === sendingNow) continue;
      if (
        item.payload.kind === 'document.upload' &&
        item.payload.source.type === 'file' &&
        !item.bodyStarted
      ) {
        outbox.requeue(item.id, 'Interrupted before any of it was sent; it will be sent again.');
        changed(item.id);
        continue;
      }
      let found: DocumentLike | null;
      try {
        found = await findUploaded(item);
      } catch (error) {
        const facts = deps.classify(error);
        if (facts.transient) throw error;
        outbox.markFailed(
          item.id,
          `CaseDesk could not check whether it arrived (${facts.message}). Look at the customer's documents in the service, then retry or discard.`,
        );
        changed(item.id);
        continue;
      }
      if (found) {
        done(item, found);
        continue;
      }
      if (item.payload.kind === 'document.upload') {
        const size =
          item.payload.source.type === 'file'
            ? item.payload.source.size
            : item.payload.source.file_size;
        if (now() - Date.parse(item.updatedAt) < inDoubtGraceMs(size)) continue;
      }
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
      return report;
    }
    for (const queued of outbox.list(['queued'])) {
      // Discarded, or taken by another run, since the list was read: not this run's to send.
      if (!outbox.markSending(queued.id)) continue;
      const item = outbox.get(queued.id) ?? queued;
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
        if (facts.notFound && item.payload.kind === 'document.delete') {
          done(item, { alreadyGone: true });
          report.delivered += 1;
        } else if (facts.outcomeUnknown || facts.transient) {
          // Leave it `sending` only while in doubt and unreachable: the next replay looks first.
          const found = facts.outcomeUnknown ? await findUploaded(item).catch(() => null) : null;
          if (found) {
            done(item, found);
            report.delivered += 1;
            continue;
          }
          if (facts.outcomeUnknown && item.payload.kind === 'document.upload') {
            deps.logger.warn(`upload ${item.id} in doubt: ${facts.message}`);
            outbox.noteInDoubt(item.id, facts.message);
          } else {
            outbox.requeue(item.id, facts.message);
          }
          report.stoppedBy = facts.message;
          report.unreachable = facts.unreachable ?? false;
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
    enqueue(payload: OutboxPayload, id?: string): OutboxItem {
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
      changed(id);
      return true;
    },
    /** Removes a write, unless it is going out right now. */
    discard(id: string): boolean {
      const removed = outbox.discard(id, id !== sendingNow);
      if (removed) changed(id);
      return removed;
    },
  };
}

export type OutboxReplayer = ReturnType<typeof createOutboxReplayer>;
