import { create } from 'zustand';
import type { UploadProgress } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';
import { countItems, type OutboxCounts } from './outbox-labels';

interface OutboxStore {
  counts: OutboxCounts;
  /** Uploads' progress, by outbox item id (an upload's requestId is its item's id). */
  progress: Record<string, UploadProgress>;
  /** Bumped whenever main says the outbox changed: screens read it again. */
  version: number;
}

export const useOutbox = create<OutboxStore>(() => ({
  counts: { pending: 0, failed: 0 },
  progress: {},
  version: 0,
}));

async function readCounts(): Promise<void> {
  try {
    const items = await unwrap(api.outbox.list());
    useOutbox.setState({ counts: countItems(items) });
  } catch {
    // No active profile: nothing waits.
    useOutbox.setState({ counts: { pending: 0, failed: 0 } });
  }
}

let connected = false;

/** Follows the active profile's outbox (counts, upload progress); once per app. */
export function connectOutbox(): void {
  if (connected) return;
  connected = true;
  void readCounts();
  api.outbox.onChanged((counts) =>
    useOutbox.setState((state) => ({ counts, version: state.version + 1 })),
  );
  api.profiles.onChanged(() => {
    useOutbox.setState((state) => ({ progress: {}, version: state.version + 1 }));
    void readCounts();
  });
  api.uploads.onProgress((progress) =>
    useOutbox.setState((state) => ({
      progress: { ...state.progress, [progress.requestId]: progress },
      // The end of a send changes the item: read the list again.
      version:
        progress.phase === 'done' || progress.phase === 'failed'
          ? state.version + 1
          : state.version,
    })),
  );
}
