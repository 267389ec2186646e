import type { SyncOptions, SyncReport } from './sync-engine';
import type { SyncProgress } from './progress';

/** Messages between the main process and the sync worker (a worker thread owning the cache's write connection). */
export type ToSyncWorker =
  | {
      type: 'run';
      cachePath: string;
      baseUrl: string;
      token: string;
      caFile: string | null;
      options: SyncOptions;
    }
  | { type: 'cancel' };

export type FromSyncWorker =
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'done'; report: SyncReport }
  | { type: 'failed'; message: string; kind: string | null; status: number | null };
