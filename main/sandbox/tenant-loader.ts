import { generateTenant, planFor, type Scale, type TenantItem } from './generator';
import type { SandboxDb } from './db/open-sandbox-db';
import { readMeta, writeMeta } from './db/open-sandbox-db';
import type { TenantStore } from './db/tenant-store';
import type { Logger } from '../lib/logger';

const BATCH = 2000;

export interface TenantCounts {
  customers: number;
  relations: number;
  alerts: number;
  threads: number;
  documents: number;
}

/** The tenant this database holds, if it was generated whole for this seed and scale. */
export function generatedTenant(db: SandboxDb): { seed: number; scale: string } | null {
  if (readMeta(db, 'generation') !== 'complete') return null;
  return { seed: Number(readMeta(db, 'seed')), scale: readMeta(db, 'scale') ?? '' };
}

/**
 * Writes a generated tenant into an empty sandbox database, a batch per transaction. The
 * `generation` mark is set last: an interrupted load is detected and started again.
 */
export function loadTenant(options: {
  db: SandboxDb;
  store: TenantStore;
  seed: number;
  scale: Scale;
  now: Date;
  logger: Logger;
}): TenantCounts {
  const { db, store } = options;
  const counts: TenantCounts = { customers: 0, relations: 0, alerts: 0, threads: 0, documents: 0 };
  const started = performance.now();
  const put = (item: TenantItem) => {
    switch (item.kind) {
      case 'customer':
        store.putCustomer(item.customer, item.detail, item.stats);
        for (const event of item.events) store.putEvent(event);
        counts.customers += 1;
        return;
      case 'relation':
        store.putRelation(item.relation);
        counts.relations += 1;
        return;
      case 'alert':
        store.putAlert(item.alert, item.revisions, item);
        counts.alerts += 1;
        return;
      case 'thread':
        store.putThread(item.thread, item.messages, item.assignedToMemberId);
        for (const message of item.messages) {
          for (const attachment of message.attachments) {
            const bytes = item.attachmentBytes.get(attachment.id);
            if (bytes)
              store.putAttachment(
                item.thread.id,
                attachment.id,
                attachment.file_name,
                attachment.file_mime,
                bytes,
              );
          }
        }
        counts.threads += 1;
        return;
      case 'document':
        store.putDocument(item.document, item.bytes, item.bytes ? null : item.document.file_url);
        counts.documents += 1;
    }
  };
  const writeBatch = db.transaction((items: TenantItem[]) => {
    for (const item of items) put(item);
  });

  let batch: TenantItem[] = [];
  for (const item of generateTenant({
    seed: options.seed,
    plan: planFor(options.scale),
    now: options.now,
  })) {
    batch.push(item);
    if (batch.length >= BATCH) {
      writeBatch(batch);
      batch = [];
    }
  }
  writeBatch(batch);
  db.transaction(() => {
    writeMeta(db, 'seed', String(options.seed));
    writeMeta(db, 'scale', String(options.scale));
    writeMeta(db, 'generated_at', options.now.toISOString());
    writeMeta(db, 'generation', 'complete');
  })();
  options.logger.info(
    `sandbox tenant generated in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${counts.customers} customers, ${counts.alerts} alerts, ${counts.threads} threads, ${counts.documents} documents`,
  );
  return counts;
}
