import type { DocumentLike } from '../cache/records';
import type { Logger } from '../log';
import type { Outbox, OutboxItem, OutboxPayload } from './outbox-store';

export type UploadPayload = Extract<OutboxPayload, { kind: 'document.upload' }>;

/** What the outbox needs of the service. */
export interface OutboxTransport {
  upload(payload: UploadPayload): Promise<DocumentLike>;
  /** Documents of the customer with this file name, to find an upload whose outcome is unknown. */
  findDocuments(
    customerExternalId: string,
    fileName: string,
  ): Promise<Array<DocumentLike & { file_size?: number | null }>>;
  update(id: string, change: { display_name?: string; tag_codes?: string[] }): Promise<void>;
  remove(id: string): Promise<void>;
  saveCustomers(body: { customers: unknown[]; relations: unknown[] }): Promise<unknown>;
}

/** How a failed send is to be treated; the API client's errors carry these facts. */
export interface FailureFacts {
  /** Worth trying again later as it is: the service was unreachable, busy or failing. */
  transient: boolean;
  /** The service may have done it: look before sending again. */
  outcomeUnknown: boolean;
  notFound: boolean;
  message: string;
}

export interface ReplayReport {
  delivered: number;
  failed: number;
  /** Replay stopped early because the service could not be reached; the rest waits. */
  stoppedBy: string | null;
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
  onChange?: () => void;
}) {
  const { outbox, transport } = deps;
  let running: Promise<ReplayReport> | null = null;

  const findUploaded = async (item: OutboxItem): Promise<DocumentLike | null> => {
    if (item.payload.kind !== 'document.upload') return null;
    const payload = item.payload;
    const size = payload.source.type === 'file' ? payload.source.size : payload.source.file_size;
    const queuedSeconds = Math.floor(Date.parse(item.createdAt) / 1000) - 120;
    const candidates = await transport.findDocuments(
      payload.customer_external_id,
      payload.file_name,
    );
    return (
      candidates
        .filter(
          (doc) =>
            doc.file_name === payload.file_name &&
            (doc.file_size ?? size) === size &&
            (doc.created_at ?? 0) >= queuedSeconds,
        )
        .sort((a, b) => (b.created_at ?? 0) - (a.created_at ?? 0))[0] ?? null
    );
  };

  const send = async (item: OutboxItem): Promise<unknown> => {
    const payload = item.payload;
    switch (payload.kind) {
      case 'document.upload':
        return transport.upload(payload);
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

  /** Items left `sending` by a crash: an upload that arrived is done; anything else goes back in line. */
  const reconcileInDoubt = async () => {
    for (const item of outbox.list(['sending'])) {
      const found = await findUploaded(item);
      if (found) outbox.markDone(item.id, found);
      else outbox.requeue(item.id, 'Interrupted while sending; will be sent again.');
    }
  };

  const replayOnce = async (): Promise<ReplayReport> => {
    const report: ReplayReport = { delivered: 0, failed: 0, stoppedBy: null };
    try {
      await reconcileInDoubt();
    } catch (error) {
      report.stoppedBy = deps.classify(error).message;
      return report;
    }
    for (const item of outbox.list(['queued'])) {
      outbox.markSending(item.id);
      deps.onChange?.();
      try {
        outbox.markDone(item.id, await send(item));
        report.delivered += 1;
      } catch (error) {
        const facts = deps.classify(error);
        if (facts.notFound && item.payload.kind === 'document.delete') {
          outbox.markDone(item.id, { alreadyGone: true });
          report.delivered += 1;
        } else if (facts.outcomeUnknown || facts.transient) {
          // Leave it `sending` only while in doubt and unreachable: the next replay looks first.
          const found = facts.outcomeUnknown ? await findUploaded(item).catch(() => null) : null;
          if (found) {
            outbox.markDone(item.id, found);
            report.delivered += 1;
            continue;
          }
          if (facts.outcomeUnknown && item.payload.kind === 'document.upload') {
            deps.logger.warn(`upload ${item.id} in doubt: ${facts.message}`);
          } else {
            outbox.requeue(item.id, facts.message);
          }
          report.stoppedBy = facts.message;
          deps.onChange?.();
          return report;
        } else {
          outbox.markFailed(item.id, facts.message);
          report.failed += 1;
        }
      }
      deps.onChange?.();
    }
    return report;
  };

  return {
    /** Sends what is queued; concurrent calls share one run. */
    replay(): Promise<ReplayReport> {
      running ??= replayOnce().finally(() => {
        running = null;
      });
      return running;
    },
    retry(id: string): boolean {
      const item = outbox.get(id);
      if (!item || item.state !== 'failed') return false;
      outbox.requeue(id);
      deps.onChange?.();
      return true;
    },
    discard(id: string): boolean {
      const removed = outbox.discard(id);
      if (removed) deps.onChange?.();
      return removed;
    },
  };
}
