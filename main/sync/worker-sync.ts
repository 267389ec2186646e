import { Worker } from 'node:worker_threads';
import type { SyncProgress } from './progress';
import type { SyncOptions, SyncReport } from './sync-engine';
import type { FromSyncWorker, ToSyncWorker } from './sync-worker-protocol';

/** A sync run in the worker failed; carries what the main process branches on. */
export class WorkerSyncError extends Error {
  constructor(
    message: string,
    readonly kind: string | null,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'WorkerSyncError';
  }
}

/**
 * Runs one sync in a worker thread (built `sync-worker.js`), forwarding progress. The worker opens
 * its own connection to the cache file; the main process keeps reading through its own.
 */
export function runSyncInWorker(options: {
  workerPath: string;
  cachePath: string;
  baseUrl: string;
  token: string;
  /** Extra CA certificates of the profile, or null. */
  caFile?: string | null;
  sync: SyncOptions;
  signal?: AbortSignal;
  onProgress?: (progress: SyncProgress) => void;
}): Promise<SyncReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.workerPath);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', cancel);
      outcome();
      void worker.terminate();
    };
    const cancel = () => worker.postMessage({ type: 'cancel' } satisfies ToSyncWorker);
    options.signal?.addEventListener('abort', cancel, { once: true });
    worker.on('message', (message: FromSyncWorker) => {
      if (message.type === 'progress') options.onProgress?.(message.progress);
      else if (message.type === 'done') finish(() => resolve(message.report));
      else finish(() => reject(new WorkerSyncError(message.message, message.kind, message.status)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() =>
        reject(new WorkerSyncError(`The sync worker stopped (exit ${code}).`, null, null)),
      ),
    );
    worker.postMessage({
      type: 'run',
      cachePath: options.cachePath,
      baseUrl: options.baseUrl,
      token: options.token,
      caFile: options.caFile ?? null,
      options: options.sync,
    } satisfies ToSyncWorker);
  });
}
