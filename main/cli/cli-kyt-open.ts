import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createServiceClient, type ServiceClient } from '../api';
import { openCache, type CacheDb } from '../cache/open-cache';
import { createKytBatches } from '../kyt/batch/kyt-batches';
import { fileKytOutbox } from '../kyt/kyt-outbox';
import type { KytBatches, KytSender } from '../kyt/kyt-ports';
import { createKytService, type KytService } from '../kyt/kyt-service';
import { openKytSubmissions } from '../kyt/open-kyt';
import type { Logger } from '../lib/logger';
import { LOCAL_STORE_FILE, openLocalStore } from '../local/local-store';
import { openOutbox } from '../outbox/outbox-store';
import type { CliTarget } from './cli-profile';

/** The KYT core for one profile on the command line, and what it was opened over. */
export interface OpenedKyt {
  kyt: KytService;
  sender: KytSender;
  batches: KytBatches;
  client: ServiceClient;
  /** False when this run has no address or no token: nothing is sent, only queued for the app. */
  reachable: boolean;
  close(): Promise<void>;
}

/**
 * The KYT core as the app builds it, over the profile's local store (local.db beside the cache
 * file), its outbox (outbox.db, opened only to queue for the app, which sends it exactly once) and
 * its cache when there is one (customers' names and service ids). A submission left `sending` by
 * a stopped run is not taken for lost here: the app may be sending it right now; the app decides
 * that when it opens.
 */
export function openKytForCli(target: CliTarget, logger: Logger): OpenedKyt {
  const folder = dirname(target.db);
  const opening = openLocalStore(join(folder, LOCAL_STORE_FILE), logger);
  if (opening.state !== 'open')
    throw new Error(`The local store ${opening.path} cannot be opened: ${opening.reason}`);
  const local = opening.store;
  let cache: CacheDb | null = null;
  const reachable = Boolean(target.baseUrl && target.token);
  // Without an address or a token the client is never asked (reachable guards every send).
  const client = createServiceClient({
    baseUrl: target.baseUrl ?? 'https://service.invalid',
    getToken: () => target.token ?? '',
  });
  try {
    cache = existsSync(target.db) ? openCache(target.db, logger).db : null;
    const core = openKytSubmissions({ local, client, logger, recoverInterrupted: false });
    const kyt = createKytService({
      ...core,
      outbox: fileKytOutbox(() => openOutbox(join(folder, 'outbox.db'), logger)),
      cache,
      logger,
    });
    const batches = createKytBatches({
      store: core.store,
      sender: core.sender,
      records: local,
      logger,
      // The app may be running a batch right now: only the app takes one left running as stopped.
      recover: false,
    });
    return {
      kyt,
      sender: core.sender,
      batches,
      client,
      reachable,
      close: async () => {
        await batches.close();
        await client.close();
        core.changes.close();
        cache?.close();
        local.close();
      },
    };
  } catch (error) {
    cache?.close();
    local.close();
    void client.close();
    throw error;
  }
}
