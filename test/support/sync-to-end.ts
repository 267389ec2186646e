import type { SyncStatusView } from '../../preload/contract';
import type { EventHub } from '../../main/lib/event-hub';

/**
 * Starts a sync and waits for its end: an idle status after a running one (profile switches
 * publish idle statuses too, so an idle alone is not the end).
 */
export async function syncToEnd(
  events: EventHub,
  start: () => Promise<unknown>,
): Promise<SyncStatusView> {
  let sawRunning = false;
  const finished = new Promise<SyncStatusView>((resolve) => {
    const stop = events.subscribe((name, payload) => {
      if (name !== 'sync.status') return;
      const status = payload as SyncStatusView;
      if (status.state === 'running') sawRunning = true;
      else if (sawRunning) {
        stop();
        resolve(status);
      }
    });
  });
  await start();
  return finished;
}
