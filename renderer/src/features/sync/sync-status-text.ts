import type { SyncProgressView, SyncStatusView } from '../../../../preload/contract';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** What the top bar says when no sync runs: connectivity, the age of the cache, a cancel's result. */
export function connectivityText(status: SyncStatusView): { tone: string; text: string } {
  const since = status.lastSyncAt
    ? ` — cache from ${time(status.lastSyncAt)}`
    : ' — nothing cached yet';
  const cancelled =
    status.lastSummary?.outcome === 'cancelled' ? status.lastSummary.headline : null;
  switch (status.connectivity) {
    case 'online':
      return {
        tone: 'online',
        text:
          cancelled ?? `Online${status.lastSyncAt ? ` · synced ${time(status.lastSyncAt)}` : ''}`,
      };
    case 'offline':
      return { tone: 'offline', text: `Offline${since}` };
    case 'token_refused':
      return { tone: 'refused', text: `Token refused or expired${since}` };
    case 'token_missing':
      return { tone: 'offline', text: `No token in this run${since}` };
    default:
      return {
        tone: 'unknown',
        text:
          cancelled ??
          (status.lastSyncAt ? `Cache from ${time(status.lastSyncAt)}` : 'Not synced yet'),
      };
  }
}

/**
 * The last finished sync's counts and what went wrong in it, beside the connectivity: null when
 * a sync runs, after a cancel (said instead of the connectivity), or before any sync of this run.
 */
export function finishedSummary(
  status: SyncStatusView,
): { headline: string; details: string[] } | null {
  const summary = status.lastSummary;
  if (status.state === 'running' || summary?.outcome !== 'finished') return null;
  if (status.connectivity !== 'online') return null;
  return { headline: summary.headline, details: summary.details };
}

export function progressText(progress: SyncProgressView): string {
  const phase = { alerts: 'Alerts', threads: 'Threads', customers: 'Customers' }[progress.phase];
  const count =
    progress.total === null ? `${progress.done}` : `${progress.done} of ${progress.total}`;
  const eta =
    progress.etaSeconds === null || progress.etaSeconds < 1
      ? ''
      : ` · ${Math.ceil(progress.etaSeconds)} s left`;
  return `${phase}: ${count}${eta}`;
}
