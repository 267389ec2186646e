import { z } from 'zod';
import { method } from './define';

export type SyncPhase = 'alerts' | 'threads' | 'customers';

export interface SyncProgressView {
  phase: SyncPhase;
  done: number;
  total: number | null;
  rate: number;
  etaSeconds: number | null;
}

/**
 * What the app knows of the service from its last calls. `token_refused`: the service refused the
 * profile's token, and nothing is sent with it again; `token_missing`: no token for the profile is
 * known in this run (kept in memory, before a restart). Either way the cache stays readable.
 */
export type Connectivity = 'unknown' | 'online' | 'offline' | 'token_refused' | 'token_missing';

export interface SyncStatusView {
  profileId: string | null;
  /** The open profile's name, for what the top bar says of it. */
  profileName: string | null;
  /**
   * The origin (scheme, host, port) the open profile's token is sent to: after the profile moved
   * to another address its token was dropped, and the notice names where the new one will go.
   */
  profileOrigin: string | null;
  state: 'idle' | 'running';
  progress: SyncProgressView | null;
  connectivity: Connectivity;
  /** ISO time of the last complete sync, shown as "cache from 10:42". */
  lastSyncAt: string | null;
  lastError: string | null;
  /** Set when the cache file could not be used and was moved aside for a rebuild: one sentence. */
  cacheNotice: string | null;
  /**
   * Set when the outbox file could not be read: it was kept aside, and what could be read of it
   * waits in the Outbox for the investigator to send or discard.
   */
  outboxNotice: string | null;
  /**
   * Set when the profile's local store (what only CaseDesk knows) could not be opened: the file
   * was left as it is, reviewing from the cache goes on.
   */
  localStoreNotice: string | null;
}

export const syncMethods = {
  status: method<SyncStatusView>()(z.undefined()),
  start: method<SyncStatusView>()(z.object({ full: z.boolean().optional() }).strict().optional()),
  cancel: method<SyncStatusView>()(z.undefined()),
};

export interface SyncEvents {
  'sync.status': SyncStatusView;
}
