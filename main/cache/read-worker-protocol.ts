import type { BridgeErrorCode } from '../../preload/contract';
import type { CacheReadName } from './cache-reads';

export interface ToReadWorker {
  id: number;
  name: CacheReadName;
  arg: unknown;
}

/** Why a read failed: an AppError's code and words cross as they are, anything else as a message. */
export type ReadFailure =
  | { kind: 'app'; code: BridgeErrorCode; message: string; fields?: Record<string, string> }
  | { kind: 'error'; message: string };

export type FromReadWorker =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; failure: ReadFailure };

export interface ReadWorkerData {
  cachePath: string;
}
