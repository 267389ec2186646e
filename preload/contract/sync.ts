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

/** A paged read the page ceiling stopped (the service kept sending more than it announced). */
export interface StoppedPagingView {
  read: 'alerts' | 'threads' | 'documents';
  pages: number;
}

/**
 * How the last sync of this run ended, what it brought and what the cache holds after it, with
 * the sentence the top bar and the command line say of it (made in main: main/sync/sync-summary.ts).
 */
export interface SyncSummaryView {
  outcome: 'finished' | 'cancelled';
  /** ISO time the sync ended. */
  at: string;
  /** Records this sync wrote (zero when it was cancelled before saying). */
  alerts: number;
  threads: number;
  customers: number;
  customerFailures: number;
  customersPartial: number;
  customerMismatches: number;
  timelinesMayBeCut: number;
  stoppedPaging: StoppedPagingView[];
  /** What the cache holds now. */
  cached: { alerts: number; customers: number };
  /** The sentence that says it ("Synced 4 alerts and 1 customer; 3 customer reads failed"). */
  headline: string;
  /** What went wrong, one line each; empty when nothing did. */
  details: string[];
}

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
  /** The last sync of this run that finished or was cancelled; null before one. */
  lastSummary: SyncSummaryView | null;
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
