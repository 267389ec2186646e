import type { CacheDb } from '../cache/open-cache';
import type { CacheWriter } from '../cache/repositories';
import type { Logger } from '../lib/logger';
import { syncAlerts } from './alert-sync';
import { syncCustomers } from './customer-sync';
import type { StoppedPaging } from './page-guard';
import type { SyncProgress } from './progress';
import type { SyncSource } from './sync-source';
import { syncThreads } from './thread-sync';

export interface SyncOptions {
  /** Alert search filters that scope this profile's sync (review groups, states, categories, assignee). */
  alertFilters?: Record<string, unknown>;
  threadFilters?: Record<string, unknown>;
  pageSize?: number;
  concurrency?: number;
  /** Pages one paged read may take before it stops and says so. */
  maxPages?: number;
}

/** What one sync did: the counts of this run, and what did not go as the interface promises. */
export interface SyncReport {
  alerts: number;
  threads: number;
  customers: number;
  /** Customers whose detail could not be read: retried next time, or dropped on a 404. */
  customerFailures: number;
  /** Customers kept without some part (stats, timeline, documents), queued again for it. */
  customersPartial: number;
  /** Answers naming another customer than the one asked (not only by case). */
  customerMismatches: number;
  /** Customers whose timeline stopped at a round count: the list may be cut. */
  timelinesMayBeCut: number;
  /** Paged reads stopped by the page ceiling: the service kept sending more than it announced. */
  stoppedPaging: StoppedPaging[];
  startedAt: string;
  finishedAt: string;
}

/**
 * One sync run: alerts, then threads, then the customers they named. Every phase resumes from its
 * cursor, so running again after a crash, a cancel or a lost connection picks up where it stopped.
 */
export function createSyncEngine(deps: {
  db: CacheDb;
  writer: CacheWriter;
  source: SyncSource;
  logger: Logger;
}) {
  let running: AbortController | null = null;

  return {
    get running(): boolean {
      return running !== null;
    },

    async run(
      options: SyncOptions & {
        signal?: AbortSignal;
        onProgress?: (progress: SyncProgress) => void;
      } = {},
    ): Promise<SyncReport> {
      if (running) throw new Error('A sync is already running.');
      const controller = new AbortController();
      const stopWithCaller = () => controller.abort(options.signal?.reason);
      options.signal?.addEventListener('abort', stopWithCaller, { once: true });
      running = controller;
      const startedAt = new Date().toISOString();
      const common = {
        db: deps.db,
        writer: deps.writer,
        source: deps.source,
        signal: controller.signal,
        onProgress: options.onProgress,
        maxPages: options.maxPages,
      };
      try {
        const alerts = await syncAlerts({
          ...common,
          pageSize: options.pageSize ?? 500,
          filters: options.alertFilters ?? {},
        });
        const threads = await syncThreads({
          ...common,
          pageSize: options.pageSize ?? 200,
          filters: options.threadFilters ?? {},
        });
        const customers = await syncCustomers({
          ...common,
          concurrency: options.concurrency ?? 4,
          logger: deps.logger,
        });
        const report: SyncReport = {
          alerts: alerts.fetched,
          threads: threads.fetched,
          customers: customers.fetched,
          customerFailures: customers.failed,
          customersPartial: customers.partial,
          customerMismatches: customers.mismatches,
          timelinesMayBeCut: customers.timelinesMayBeCut,
          stoppedPaging: [alerts.stopped, threads.stopped, customers.stopped].filter(
            (stopped): stopped is StoppedPaging => stopped !== null,
          ),
          startedAt,
          finishedAt: new Date().toISOString(),
        };
        deps.writer.setState('sync.last', report);
        deps.logger.info(
          `sync finished: ${report.alerts} alerts, ${report.threads} threads, ${report.customers} customers`,
        );
        return report;
      } finally {
        options.signal?.removeEventListener('abort', stopWithCaller);
        running = null;
      }
    },

    cancel(): void {
      running?.abort(new Error('Sync cancelled.'));
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
