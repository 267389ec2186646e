import { memo } from 'react';
import { useSync } from './store';
import { connectivityText, finishedSummary, progressText } from './sync-status-text';

/**
 * Connectivity, the age of the cache, and the running sync with its progress and a way to stop it.
 * Memoized: it follows the sync store alone, and the frame around every screen is drawn again on
 * every move to another screen.
 */
export const SyncStatusBar = memo(function SyncStatusBar() {
  const status = useSync((state) => state.status);
  const error = useSync((state) => state.error);
  const start = useSync((state) => state.start);
  const cancel = useSync((state) => state.cancel);
  if (!status?.profileId) return null;
  const { tone, text } = connectivityText(status);
  const summary = finishedSummary(status);
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
      {summary && (
        <span className="sync-summary" data-testid="sync-summary">
          {summary.headline}
          {summary.details.length > 0 && (
            <details className="sync-details">
              <summary>see details</summary>
              <ul>
                {summary.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </details>
          )}
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
});
