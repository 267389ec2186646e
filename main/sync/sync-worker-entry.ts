import { parentPort } from 'node:worker_threads';
import { buildDispatcher, createServiceClient, isServiceError } from '../api';
import { MIGRATIONS } from '../cache/migrations';
import { openCache } from '../cache/open-cache';
import { createCacheWriter } from '../cache/repositories';
import { silentLogger } from '../lib/logger';
import { createServiceSource } from './service-source';
import { createUnreadableRecords } from '../cache/unreadable-records';
import { createSyncEngine } from './sync-engine';
import type { FromSyncWorker, ToSyncWorker } from './sync-worker-protocol';

// The sync worker: fetching, parsing and above all writing to SQLite happen here, so the main
// process (and the window it serves) never waits on a write transaction.
const port = parentPort;
if (!port) throw new Error('sync-worker must run as a worker thread');
const controller = new AbortController();
const post = (message: FromSyncWorker) => port.postMessage(message);

port.on('message', (message: ToSyncWorker) => {
  if (message.type === 'cancel') controller.abort(new Error('Sync cancelled.'));
  else void run(message);
});

async function run(message: Extract<ToSyncWorker, { type: 'run' }>): Promise<void> {
  // Main opened (and checked) the cache before any sync: its integrity is not read again here.
  const { db } = openCache(message.cachePath, silentLogger, MIGRATIONS, { checkedThisRun: true });
  const dispatcher = await buildDispatcher({ useSystemCertificates: true, caFile: message.caFile });
  const client = createServiceClient({
    baseUrl: message.baseUrl,
    token: message.token,
    dispatcher,
  });
  try {
    const engine = createSyncEngine({
      db,
      writer: createCacheWriter(db),
      source: createServiceSource(client, {
        onUnreadable: createUnreadableRecords(db).recorder(),
      }),
      logger: silentLogger,
    });
    const report = await engine.run({
      ...message.options,
      signal: controller.signal,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'done', report });
  } catch (error) {
    post({
      type: 'failed',
      message: error instanceof Error ? error.message : String(error),
      kind: isServiceError(error) ? error.kind : controller.signal.aborted ? 'cancelled' : null,
      status: isServiceError(error) ? error.status : null,
    });
  } finally {
    await client.close();
    await dispatcher.close();
    db.close();
  }
}
