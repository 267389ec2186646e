import type { DownloadState, DownloadView } from '../../../../preload/contract';

// Pure helpers over this session's downloads (no bridge here, so they can be tested alone).

/** States a download reaches once started: the ones the downloads tray lists. */
export const TRAY_STATES: readonly DownloadState[] = ['running', 'saved', 'failed', 'cancelled'];

export const inTray = (view: DownloadView): boolean => TRAY_STATES.includes(view.state);

/** The list with `view` in it (replacing the same download), newest first. */
export function mergeDownload(list: readonly DownloadView[], view: DownloadView): DownloadView[] {
  const others = list.filter((entry) => entry.id !== view.id);
  return [view, ...others].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** How far a download is, 0 to 1, or null when the size is not known (an indeterminate bar). */
export function progressShare(view: Pick<DownloadView, 'received' | 'total'>): number | null {
  if (view.total === null || view.total <= 0) return null;
  return Math.max(0, Math.min(1, view.received / view.total));
}

export interface TraySummary {
  running: number;
  /** Of the running downloads together; null when any of them has no known size. */
  share: number | null;
  failed: number;
}

export function traySummary(list: readonly DownloadView[]): TraySummary {
  const running = list.filter((view) => view.state === 'running');
  const known = running.every((view) => view.total !== null && view.total > 0);
  const total = running.reduce((sum, view) => sum + (view.total ?? 0), 0);
  const received = running.reduce((sum, view) => sum + view.received, 0);
  return {
    running: running.length,
    share: running.length > 0 && known && total > 0 ? Math.min(1, received / total) : null,
    failed: list.filter((view) => view.state === 'failed').length,
  };
}

/** The newest download of a record, if this session has one. */
export function latestFor(
  list: readonly DownloadView[],
  target: { kind: string; id: string },
): DownloadView | undefined {
  return list.find(
    (view) => view.target.kind === target.kind && view.target.id === target.id && inTray(view),
  );
}
