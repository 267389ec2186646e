import type { DownloadTargetInput } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { latestFor, progressShare } from './download-list';
import { targetKey, useDownloads } from './downloads-store';
import './downloads.css';

/**
 * Downloads a document or an attachment: warnings, the folder and an external address are asked
 * about first (see DownloadPrompts); progress and the saved file are in the downloads tray.
 */
export function DownloadButton({
  target,
  name,
  label = 'Download',
  compact = false,
}: {
  target: DownloadTargetInput;
  /** The record's file name, as shown; names the file in the questions and the tray. */
  name: string;
  label?: string;
  /** A smaller button, for table rows and attachment cards. */
  compact?: boolean;
}) {
  const key = targetKey(target);
  const asking = useDownloads((state) => state.starting.includes(key));
  const latest = useDownloads((state) => latestFor(state.downloads, target));
  const start = useDownloads((state) => state.start);
  const setTrayOpen = useDownloads((state) => state.setTrayOpen);
  const running = latest?.state === 'running';
  const saved = latest?.state === 'saved';
  const share = latest ? progressShare(latest) : null;

  return (
    <Button
      className={`download-button${compact ? ' download-button-compact' : ''}`}
      // Not disabled while asking (that would drop the keyboard's focus); the store ignores a
      // second start of the same record meanwhile.
      aria-busy={asking || undefined}
      aria-label={
        running
          ? `${name}: downloading, show progress`
          : saved
            ? `Download ${name} again (saved)`
            : `Download ${name}`
      }
      title={
        running
          ? 'Downloading: show progress'
          : saved
            ? 'Saved: download again'
            : `Download ${name}`
      }
      data-testid="download-button"
      data-download-state={latest?.state ?? 'none'}
      onClick={(event) => {
        // A second click while it runs shows where it is, rather than saving a second copy.
        if (running) setTrayOpen(true);
        else void start(target, name, { opener: event.currentTarget });
      }}
    >
      {asking ? (
        <span className="spinner" aria-hidden="true" />
      ) : (
        <span className={`download-button-icon${saved ? ' is-saved' : ''}`} aria-hidden="true">
          {saved ? '✓' : '⇩'}
        </span>
      )}
      {running ? (share === null ? 'Downloading…' : `${Math.round(share * 100)}%`) : label}
    </Button>
  );
}
