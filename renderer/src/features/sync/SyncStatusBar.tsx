import type { SyncProgressView, SyncStatusView } from '../../../../preload/contract';
import { useSync } from './store';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function connectivityText(status: SyncStatusView): { tone: string; text: string } {
  const since = status.lastSyncAt
    ? ` — cache from ${time(status.lastSyncAt)}`
    : ' — nothing cached yet';
  switch (status.connectivity) {
    case 'online':
      return {
        tone: 'online',
        text: `Online${status.lastSyncAt ? ` · synced ${time(status.lastSyncAt)}` : ''}`,
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
        text: status.lastSyncAt ? `Cache from ${time(status.lastSyncAt)}` : 'Not synced yet',
      };
  }
}

function progressText(progress: SyncProgressView): string {
  const phase = { alerts: 'Alerts', threads: 'Threads', customers: 'Customers' }[progress.phase];
  const count =
    progress.total === null ? `${progress.done}` : `${progress.done} of ${progress.total}`;
  const eta =
    progress.etaSeconds === null || progress.etaSeconds < 1
      ? ''
      : ` · ${Math.ceil(progress.etaSeconds)} s left`;
  return `${phase}: ${count}${eta}`;
}

/** Connectivity, the age of the cache, and the running sync with its progress and a way to stop it. */
export function SyncStatusBar() {
  const status = useSync((state) => state.status);
  const error = useSync((state) => state.error);
  const start = useSync((state) => state.start);
  const cancel = useSync((state) => state.cancel);
  if (!status?.profileId) return null;
  const { tone, text } = connectivityText(status);
  const running = status.state === 'running';
  const progress = status.progress;
  const share = progress && progress.total ? Math.min(1, progress.done / progress.total) : null;
  // Offline and a refused token are said by the status itself (its tooltip keeps the detail); any
  // other failure of the last sync is spelled out.
  const explained =
    status.connectivity === 'offline' ||
    status.connectivity === 'token_refused' ||
    status.connectivity === 'token_missing';
  const shownError = error ?? (!running && !explained ? status.lastError : null);
  return (
    <div
      className="sync-bar"
      data-testid="sync-status"
      data-state={status.state}
      data-connectivity={status.connectivity}
    >
      <span className={`sync-dot sync-${tone}`} aria-hidden="true" />
      <span className="sync-text" title={status.lastError ?? undefined}>
        {running && progress ? progressText(progress) : running ? 'Starting sync…' : text}
      </span>
      {running && (
        <span
          className="sync-progress"
          role="progressbar"
          aria-label="Sync progress"
          aria-valuemin={0}
          aria-valuemax={100}
          {...(share === null ? {} : { 'aria-valuenow': Math.round(share * 100) })}
        >
          <span
            className={`sync-progress-fill${share === null ? ' is-indeterminate' : ''}`}
            style={share === null ? undefined : { width: `${share * 100}%` }}
          />
        </span>
      )}
      {running ? (
        <button
          type="button"
          className="sync-action"
          onClick={() => void cancel()}
          data-testid="sync-cancel"
        >
          Cancel
        </button>
      ) : (
        <button
          type="button"
          className="sync-action"
          onClick={() => void start()}
          data-testid="sync-start"
          title="Sync now"
        >
          Sync now
        </button>
      )}
      {shownError && (
        <span className="sync-error" role="alert" title={shownError}>
          {shownError}
        </span>
      )}
    </div>
  );
}
