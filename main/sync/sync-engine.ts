import type { CacheDb } from '../cache/open-cache';
import type { CacheWriter } from '../cache/repositories';
import type { Logger } from '../lib/logger';
import { syncAlerts } from './alert-sync';
import { syncCustomers } from './customer-sync';
import type { SyncProgress } from './progress';
import type { SyncSource } from './sync-source';
import { syncThreads } from './thread-sync';

export interface SyncOptions {
  /** Alert search filters that scope this profile's sync (review groups, states, categories, assignee). */
  alertFilters?: Record<string, unknown>;
  threadFilters?: Record<string, unknown>;
  pageSize?: number;
  concurrency?: number;
}

export interface SyncReport {
  alerts: number;
  threads: number;
  customers: number;
  customerFailures: number;
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
        const customers = await syncCustomers({ ...common, concurrency: options.concurrency ?? 4 });
        const report: SyncReport = {
          alerts: alerts.fetched,
          threads: threads.fetched,
          customers: customers.fetched,
          customerFailures: customers.failed,
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
