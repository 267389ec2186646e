import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { AppError } from '../lib/app-error';
import { isCacheReadName, runCacheRead } from './cache-reads';
import type { CacheDb } from './open-cache';
import type {
  FromReadWorker,
  ReadFailure,
  ReadWorkerData,
  ToReadWorker,
} from './read-worker-protocol';

// A read worker: the screens' reads of the cache run here, on a read-only connection of their
// own, so a read over a million rows never holds the main thread (in Electron, the whole app).
// SQLite's WAL gives this connection one consistent state per read while the sync worker writes.
const port = parentPort;
if (!port) throw new Error('read-worker must run as a worker thread');
const { cachePath } = workerData as ReadWorkerData;

let db: CacheDb | null = null;

function connection(): CacheDb {
  if (!db) {
    // The main process opened (and migrated) the cache first: never create or change it here.
    db = new Database(cachePath, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
  }
  return db;
}

function failureOf(error: unknown): ReadFailure {
  if (error instanceof AppError)
    return {
      kind: 'app',
      code: error.code,
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    };
  return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
}

port.on('message', ({ id, name, arg }: ToReadWorker) => {
  let reply: FromReadWorker;
  try {
    if (!isCacheReadName(name)) throw new Error(`no cache read named ${String(name)}`);
    reply = { id, ok: true, value: runCacheRead(connection(), name, arg as never) };
  } catch (error) {
    reply = { id, ok: false, failure: failureOf(error) };
  }
  port.postMessage(reply);
});
