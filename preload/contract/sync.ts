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
 * How the last sync of this run ended, what it brought and what the cache holds after it: the
 * top bar's sentence and the command line's summary are both made from it (syncSummaryText).
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

const count = (n: number, one: string, many = `${one}s`) =>
  `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? one : many}`;

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * One sentence for the top bar and the command line ("Synced 4 alerts and 1 customer; 3 customer
 * reads failed — see details"), and the details behind it, one line each.
 */
export function syncSummaryText(summary: SyncSummaryView): { text: string; details: string[] } {
  const details: string[] = [];
  if (summary.customerFailures > 0)
    details.push(
      `${count(summary.customerFailures, 'customer')} could not be read; tried again at the next sync (a customer the service no longer knows is dropped).`,
    );
  if (summary.customersPartial > 0)
    details.push(
      `${count(summary.customersPartial, 'customer')} kept without stats, timeline or documents that failed to read; read again at the next sync.`,
    );
  if (summary.customerMismatches > 0)
    details.push(
      `${count(summary.customerMismatches, 'customer')} answered under another id than the one asked; kept under the id the service sent.`,
    );
  for (const stopped of summary.stoppedPaging)
    details.push(
      `Stopped after ${count(stopped.pages, 'page')} of ${stopped.read}: the service kept sending more than it announced.`,
    );
  if (summary.timelinesMayBeCut > 0)
    details.push(
      `The timeline of ${count(summary.timelinesMayBeCut, 'customer')} may be cut: the service returned a round number of events.`,
    );
  const seeDetails = details.length ? ' — see details' : '';
  if (summary.outcome === 'cancelled') {
    const kept = `${count(summary.cached.alerts, 'alert')} and ${count(summary.cached.customers, 'customer')} cached`;
    return { text: `Cancelled — ${kept}`, details };
  }
  const synced = listed([
    count(summary.alerts, 'alert'),
    ...(summary.threads > 0 ? [count(summary.threads, 'thread')] : []),
    count(summary.customers, 'customer'),
  ]);
  const failed = summary.customerFailures + summary.customersPartial;
  const problems = [
    ...(failed > 0 ? [`${count(failed, 'customer read')} failed`] : []),
    ...(summary.stoppedPaging.length
      ? [
          `stopped after ${count(Math.max(...summary.stoppedPaging.map((s) => s.pages)), 'page')}: the service kept sending more than it announced`,
        ]
      : []),
  ];
  return {
    text: `Synced ${synced}${problems.length ? `; ${problems.join('; ')}` : ''}${seeDetails}`,
    details,
  };
}

export const syncMethods = {
  status: method<SyncStatusView>()(z.undefined()),
  start: method<SyncStatusView>()(z.object({ full: z.boolean().optional() }).strict().optional()),
  cancel: method<SyncStatusView>()(z.undefined()),
};

export interface SyncEvents {
  'sync.status': SyncStatusView;
}
