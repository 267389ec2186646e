import { useEffect, useId, useRef, useState } from 'react';
import type { DownloadView } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { api, errorMessage, unwrap } from '../../lib/api';
import { formatBytes, formatDateTime } from '../../lib/format';
import { CopyButton } from './CopyButton';
import { progressShare, traySummary } from './download-list';
import { STATE_LABEL } from './download-text';
import { connectDownloads, useDownloads } from './downloads-store';
import { ProgressBar } from '../../components/ProgressBar';
import './downloads.css';
import { ServiceText } from '../../components/ServiceText';
import { FileName } from '../../components/FileName';

function sizeText(view: DownloadView): string {
  if (view.state === 'running')
    return view.total === null
      ? `${formatBytes(view.received)} so far`
      : `${formatBytes(view.received)} of ${formatBytes(view.total)}`;
  if (view.state === 'saved') return formatBytes(view.total ?? view.received);
  return view.total === null ? '' : formatBytes(view.total);
}

export function DownloadItem({ view }: { view: DownloadView }) {
  const receive = useDownloads((state) => state.receive);
  const [shownPath, setShownPath] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The buttons stay enabled while busy: disabling one would drop the keyboard's focus.
  const act = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const cancel = () =>
    act(async () => {
      const answer = await unwrap(api.downloads.cancel({ id: view.id }));
      // Its change event may have come first and be newer: a finished answer only adds to it.
      if (answer.state !== 'running') receive(answer);
    });
  // CaseDesk never opens a downloaded file: at most it shows where it is.
  const showInFolder = () =>
    act(async () => {
      const result = await unwrap(api.downloads.showInFolder({ id: view.id }));
      setShownPath(result.handled ? null : result.path);
    });

  const size = sizeText(view);
  return (
    <li
      className={`download-item download-item-${view.state}`}
      data-testid="download-item"
      data-state={view.state}
      data-download-id={view.id}
      data-target-id={view.target.id}
    >
      <div className="download-item-head">
        <FileName
          name={view.name || 'Unnamed file'}
          className="download-item-name"
          testId="download-item-name"
          clamped
        />
        <span className={`download-state download-state-${view.state}`}>
          {STATE_LABEL[view.state]}
        </span>
      </div>
      {view.state === 'running' && (
        <ProgressBar
          share={progressShare(view)}
          label={`Download of ${view.name}`}
          testId="download-progress"
        />
      )}
      <p className="download-item-meta">
        {[size, formatDateTime(view.startedAt)].filter(Boolean).join(' · ')}
      </p>
      {view.error && (view.state === 'failed' || view.state === 'cancelled') && (
        <p className="download-item-error" data-testid="download-item-error">
          <ServiceText text={view.error} lines={3} />
        </p>
      )}
      {(view.state === 'running' || view.state === 'saved') && (
        <div className="download-item-actions">
          {view.state === 'running' ? (
            <Button
              className="download-item-action"
              aria-busy={busy || undefined}
              onClick={() => void cancel()}
              data-testid="download-cancel"
            >
              Cancel
            </Button>
          ) : (
            <Button
              className="download-item-action"
              aria-busy={busy || undefined}
              onClick={() => void showInFolder()}
              data-testid="download-show-in-folder"
            >
              Show in folder
            </Button>
          )}
        </div>
      )}
      {shownPath && (
        <div className="download-path">
          <p className="download-path-hint">Saved at:</p>
          <p className="download-path-text mono" data-testid="download-path">
            {shownPath}
          </p>
          <CopyButton text={shownPath} label="Copy path" testId="download-path-copy" />
        </div>
      )}
      {error && (
        <p className="download-item-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** The top bar's downloads: a button with the running count, and this session's list behind it. */
export function DownloadsTray() {
  const downloads = useDownloads((state) => state.downloads);
  const open = useDownloads((state) => state.trayOpen);
  const setOpen = useDownloads((state) => state.setTrayOpen);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => connectDownloads(), []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    // On the document, so it runs before the screens' shortcuts (on the window) and stops them.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('dialog:modal')) return;
      event.preventDefault();
      // Focus inside the tray (or lost with it) goes back to its button.
      const focus = document.activeElement;
      const inside = rootRef.current?.contains(focus) || focus === document.body;
      setOpen(false);
      if (inside) buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  const summary = traySummary(downloads);
  const status =
    summary.running > 0
      ? `${summary.running} running`
      : summary.failed > 0
        ? `${summary.failed} failed`
        : '';
  return (
    <div className="downloads-tray" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`downloads-trigger${summary.running > 0 ? ' is-running' : ''}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Downloads${status ? `: ${status}` : ''}`}
        onClick={() => setOpen(!open)}
        data-testid="downloads-tray-button"
        data-running={summary.running}
      >
        <span className="downloads-trigger-icon" aria-hidden="true">
          ⇩
        </span>
        <span className="downloads-trigger-label">Downloads</span>
        {summary.running > 0 && (
          <>
            <span className="downloads-count" aria-hidden="true">
              {summary.running}
            </span>
            <ProgressBar share={summary.share} label="Downloads running" />
          </>
        )}
        {summary.running === 0 && summary.failed > 0 && (
          <span className="downloads-count downloads-count-failed" aria-hidden="true">
            {summary.failed}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          className="downloads-panel"
          role="region"
          aria-label="Downloads of this session"
          data-testid="downloads-panel"
        >
          <div className="downloads-panel-head">
            <h2 className="downloads-panel-title">Downloads</h2>
            <span className="downloads-panel-sub">This session · never opened by CaseDesk</span>
          </div>
          {downloads.length === 0 ? (
            <p className="downloads-empty" data-testid="downloads-empty">
              Nothing downloaded in this session yet. Documents and thread attachments have a
              Download button.
            </p>
          ) : (
            <ul className="download-items">
              {downloads.map((view) => (
                <DownloadItem key={view.id} view={view} />
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
