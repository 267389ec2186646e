import type { KytBatchView } from '../../preload/contract';

/** A batch as main's `kyt.batch` events and `kyt.batches` show it: ten lines, half way through. */
export function batchView(patch: Partial<KytBatchView> = {}): KytBatchView {
  return {
    id: 'b1',
    fileName: 'november.csv',
    format: 'csv',
    state: 'running',
    reason: null,
    createdAt: '2026-11-27T10:00:00Z',
    lines: 10,
    invalid: 1,
    sent: 4,
    scored: 3,
    refused: 1,
    inDoubt: 0,
    remaining: 5,
    waitingSeconds: null,
    revision: 1,
    ...patch,
  };
}
