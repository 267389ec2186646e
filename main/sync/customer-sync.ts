import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from '../cache/open-cache';
import type { DocumentLike } from '../cache/records';
import type { CacheWriter } from '../cache/repositories';
import { progressMeter, type SyncProgress } from './progress';
import { isNotFound, type SyncSource } from './sync-source';

const DOCUMENT_PAGE = 200;
const MAX_ATTEMPTS = 3;

/**
 * Fetches detail, stats, timeline and documents of the customers that synced alerts and threads
 * named, a few at a time. Each customer is written whole in one transaction and leaves the queue
 * with it, so an interrupted run continues where it stopped.
 */
export async function syncCustomers(options: {
  db: CacheDb;
  writer: CacheWriter;
  source: SyncSource;
  signal: AbortSignal;
  concurrency: number;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => number;
}): Promise<{ fetched: number; failed: number }> {
  const { db, writer, source, signal } = options;
  const now = options.now ?? Date.now;
  const pending = prepared(
    db,
    'SELECT external_id FROM customer_queue WHERE attempts < ? ORDER BY queued_ms, external_id LIMIT ?',
  );
  const remaining = prepared(db, 'SELECT COUNT(*) AS n FROM customer_queue WHERE attempts < ?');
  const total = (remaining.get(MAX_ATTEMPTS) as { n: number }).n;
  const meter = progressMeter('customers');
  const writeCustomer = db.transaction((input: Parameters<CacheWriter['putCustomerDetail']>[0]) =>
    writer.putCustomerDetail(input),
  );
  const dropCustomer = prepared(db, 'DELETE FROM customer_queue WHERE external_id = ?');
  let fetched = 0;
  let failed = 0;
  const inFlight = new Set<string>();

  const fetchOne = async (externalId: string) => {
    try {
      const [detail, stats, events, documents] = await Promise.all([
        source.customer(externalId, signal),
        source.customerStats(externalId, signal),
        source.customerTimeline(externalId, signal),
        allDocuments(source, externalId, signal),
      ]);
      signal.throwIfAborted();
      writeCustomer({ customer: detail.customer, detail, stats, events, documents, nowMs: now() });
      fetched += 1;
    } catch (error) {
      if (signal.aborted) throw error;
      if (isNotFound(error)) dropCustomer.run(externalId);
      else {
        writer.customerFailed(externalId, error instanceof Error ? error.message : String(error));
        // A network failure ends the phase: the service is unreachable, the queue waits for next time.
        if (!isHttpError(error)) throw error;
      }
      failed += 1;
    }
    options.onProgress?.(meter.add(1, total));
  };

  for (;;) {
    signal.throwIfAborted();
    const batch = (
      pending.all(MAX_ATTEMPTS, options.concurrency * 4) as Array<{ external_id: string }>
    )
      .map((row) => row.external_id)
      .filter((id) => !inFlight.has(id));
    if (batch.length === 0) return { fetched, failed };
    const queue = [...batch];
    const workers = Array.from(
      { length: Math.min(options.concurrency, queue.length) },
      async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          inFlight.add(id);
          try {
            await fetchOne(id);
          } finally {
            inFlight.delete(id);
          }
        }
      },
    );
    await Promise.all(workers);
  }
}

function isHttpError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

async function allDocuments(
  source: SyncSource,
  externalId: string,
  signal: AbortSignal,
): Promise<DocumentLike[]> {
  const documents: DocumentLike[] = [];
  for (let offset = 0; ; offset += DOCUMENT_PAGE) {
    const page = await source.customerDocuments(
      externalId,
      { limit: DOCUMENT_PAGE, offset },
      signal,
    );
    documents.push(...page.documents);
    if (page.documents.length < DOCUMENT_PAGE || documents.length >= (page.total ?? Infinity))
      return documents;
  }
}
