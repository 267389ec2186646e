import { prepared } from '../lib/sqlite/statements';
import type { Logger } from '../lib/logger';
import type { CacheDb } from '../cache/open-cache';
import type { CustomerLike, DocumentLike } from '../cache/records';
import type { CacheWriter } from '../cache/repositories';
import { DEFAULT_MAX_PAGES, pageGuard, type StoppedPaging } from './page-guard';
import { progressMeter, type SyncProgress } from './progress';
import { isHttpError, isNotFound, isUnaskable, setAsideKeys, type SyncSource } from './sync-source';
import { timelineMayBeCut, writeTimelineCut } from './timeline-cut';

const DOCUMENT_PAGE = 200;
const MAX_ATTEMPTS = 3;

export interface CustomerSyncResult {
  /** Customers written, whole or in part. */
  fetched: number;
  /** Customers not written: the service refused the detail (or no longer knows the customer). */
  failed: number;
  /** Customers written without some part (stats, timeline, documents): queued again for it. */
  partial: number;
  /** Answers naming another customer than the one asked (not only by case). */
  mismatches: number;
  /** Customers whose timeline stopped at a round count and may be cut. */
  timelinesMayBeCut: number;
  stopped: StoppedPaging | null;
}

type Part = 'stats' | 'timeline' | 'documents';

/**
 * Fetches detail, stats, timeline and documents of the customers that synced alerts and threads
 * named, a few at a time. Each customer is written in one transaction and leaves the queue with
 * it, so an interrupted run continues where it stopped. Each queued customer is asked at most once
 * per run, and it is the id asked that leaves the queue, whatever id the answer carries.
 */
export async function syncCustomers(options: {
  db: CacheDb;
  writer: CacheWriter;
  source: SyncSource;
  signal: AbortSignal;
  concurrency: number;
  maxPages?: number;
  logger?: Logger;
  onProgress?: (progress: SyncProgress) => void;
  now?: () => number;
}): Promise<CustomerSyncResult> {
  const { db, writer, source, signal } = options;
  const now = options.now ?? Date.now;
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  // Keyset over the queue: a customer queued again for a missing part keeps its place, behind
  // the walk, and waits for the next run.
  const pending = prepared(
    db,
    `SELECT external_id, queued_ms FROM customer_queue WHERE attempts < ?
       AND (queued_ms > ? OR (queued_ms = ? AND external_id > ?))
     ORDER BY queued_ms, external_id LIMIT ?`,
  );
  const remaining = prepared(db, 'SELECT COUNT(*) AS n FROM customer_queue WHERE attempts < ?');
  const total = (remaining.get(MAX_ATTEMPTS) as { n: number }).n;
  const meter = progressMeter('customers');
  const dropCustomer = prepared(db, 'DELETE FROM customer_queue WHERE external_id = ?');
  const requeue = prepared(
    db,
    `INSERT INTO customer_queue (external_id, queued_ms, attempts, last_error) VALUES (?, ?, 1, ?)
     ON CONFLICT (external_id) DO UPDATE SET attempts = attempts + 1, last_error = excluded.last_error`,
  );
  const writeCustomer = db.transaction(
    (
      asked: { id: string; queuedMs: number },
      input: Parameters<CacheWriter['putCustomerDetail']>[0],
      missing: string | null,
      timelineCut: number | null,
    ) => {
      writer.putCustomerDetail(input);
      dropCustomer.run(asked.id);
      writeTimelineCut(db, input.customer.external_id, timelineCut);
      if (missing) requeue.run(asked.id, asked.queuedMs, missing);
    },
  );
  const result: CustomerSyncResult = {
    fetched: 0,
    failed: 0,
    partial: 0,
    mismatches: 0,
    timelinesMayBeCut: 0,
    stopped: null,
  };
  const noteStopped = (stopped: StoppedPaging | null) => {
    if (stopped && (!result.stopped || stopped.pages > result.stopped.pages))
      result.stopped = stopped;
  };

  const fetchOne = async (asked: { id: string; queuedMs: number }) => {
    const externalId = asked.id;
    const [detail, stats, events, documents] = await Promise.allSettled([
      source.customer(externalId, signal),
      source.customerStats(externalId, signal),
      source.customerTimeline(externalId, signal),
      allDocuments(source, externalId, signal, maxPages),
    ]);
    signal.throwIfAborted();
    const failures = [detail, stats, events, documents].flatMap((settled) =>
      settled.status === 'rejected' ? [settled.reason as unknown] : [],
    );
    // No answer at all ends the phase: the service is unreachable, the queue waits for next time.
    // An id no request can name was never sent: it fails this customer alone.
    const unreachable = failures.find((error) => !isHttpError(error) && !isUnaskable(error));
    if (detail.status === 'rejected' || unreachable !== undefined) {
      const error = detail.status === 'rejected' ? (detail.reason as unknown) : unreachable;
      if (isNotFound(error) && detail.status === 'rejected') dropCustomer.run(externalId);
      else writer.customerFailed(externalId, messageOf(error));
      result.failed += 1;
      if (unreachable !== undefined)
        throw unreachable instanceof Error ? unreachable : new Error(messageOf(unreachable));
      return;
    }
    const customer = storedAs(externalId, detail.value.customer);
    if (customer.external_id !== externalId) {
      result.mismatches += 1;
      options.logger?.warn(
        `customer sync: asked for ${JSON.stringify(externalId)}, the service answered ${JSON.stringify(customer.external_id)}; kept under the id it answered`,
      );
    }
    const missing: string[] = [];
    const partOf = <T>(part: Part, settled: PromiseSettledResult<T>): T | null => {
      if (settled.status === 'fulfilled') return settled.value;
      missing.push(`${part} (${messageOf(settled.reason)})`);
      return null;
    };
    const statsRead = partOf('stats', stats);
    const eventsRead = partOf('timeline', events);
    const documentsRead = partOf('documents', documents);
    noteStopped(documentsRead?.stopped ?? null);
    const cut = eventsRead && timelineMayBeCut(eventsRead.length) ? eventsRead.length : null;
    if (cut !== null) result.timelinesMayBeCut += 1;
    writeCustomer(
      asked,
      {
        customer,
        detail: detail.value,
        stats: statsRead,
        events: eventsRead ?? [],
        documents: documentsRead?.documents ?? null,
        nowMs: now(),
      },
      missing.length ? `Not read: ${missing.join('; ')}` : null,
      eventsRead ? cut : null,
    );
    result.fetched += 1;
    if (missing.length) result.partial += 1;
  };

  const tried = new Set<string>();
  let position = { queuedMs: -Infinity, id: '' };
  for (;;) {
    signal.throwIfAborted();
    const rows = pending.all(
      MAX_ATTEMPTS,
      position.queuedMs,
      position.queuedMs,
      position.id,
      options.concurrency * 4,
    ) as Array<{ external_id: string; queued_ms: number }>;
    const last = rows.at(-1);
    if (!last) return result;
    position = { queuedMs: last.queued_ms, id: last.external_id };
    const queue = rows
      .filter((row) => !tried.has(row.external_id))
      .map((row) => ({ id: row.external_id, queuedMs: row.queued_ms }));
    for (const row of queue) tried.add(row.id);
    const workers = Array.from(
      { length: Math.min(options.concurrency, queue.length) },
      async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
          await fetchOne(next);
          options.onProgress?.(meter.add(1, total));
        }
      },
    );
    await Promise.all(workers);
  }
}

/**
 * The record to store for the id asked. An answer spelling the same id in another case is the
 * same customer: it is stored under the id asked, the one alerts and threads name, so the screens
 * find it (the raw detail keeps the spelling the service sent). Any other id is another record
 * (an alias, a padded id): it is stored under its own id and never attributed to the one asked.
 */
export function storedAs(asked: string, answered: CustomerLike): CustomerLike {
  if (answered.external_id === asked) return answered;
  if (answered.external_id.toLowerCase() === asked.toLowerCase())
    return { ...answered, external_id: asked };
  return answered;
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : JSON.stringify(error);

async function allDocuments(
  source: SyncSource,
  externalId: string,
  signal: AbortSignal,
  maxPages: number,
): Promise<{ documents: DocumentLike[]; stopped: StoppedPaging | null }> {
  const documents = new Map<string, DocumentLike>();
  const guard = pageGuard('documents', maxPages);
  for (let offset = 0; ; offset += DOCUMENT_PAGE) {
    const page = await source.customerDocuments(
      externalId,
      { limit: DOCUMENT_PAGE, offset },
      signal,
    );
    for (const document of page.documents) documents.set(document.id, document);
    const keys = [...page.documents.map((document) => document.id), ...setAsideKeys(page)];
    const more = guard.more({
      keys,
      full: keys.length >= DOCUMENT_PAGE,
      position: offset,
      total: page.total,
    });
    if (!more) return { documents: [...documents.values()], stopped: guard.stopped() };
  }
}
