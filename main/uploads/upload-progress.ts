import type { UploadProgress } from '../../preload/contract';
import type { OutboxItem } from '../outbox/outbox-store';

export const PROGRESS_EVERY_MS = 100;

/**
 * `uploads.progress` events, at most one per upload and phase every `everyMs` while bytes move:
 * a change of phase, and the last figure of a phase (`final`), always go out.
 */
export function createUploadProgressReporter(
  emit: (progress: UploadProgress) => void,
  options: { everyMs?: number; now?: () => number } = {},
) {
  const everyMs = options.everyMs ?? PROGRESS_EVERY_MS;
  const now = options.now ?? Date.now;
  const last = new Map<string, { phase: UploadProgress['phase']; at: number }>();
  return {
    report(progress: UploadProgress, final = false): void {
      const previous = last.get(progress.requestId);
      const at = now();
      if (!final && previous?.phase === progress.phase && at - previous.at < everyMs) return;
      if (progress.phase === 'done' || progress.phase === 'failed') last.delete(progress.requestId);
      else last.set(progress.requestId, { phase: progress.phase, at });
      emit(progress);
    },
  };
}

export type UploadProgressReporter = ReturnType<typeof createUploadProgressReporter>;

/** The progress an upload's new outbox state means; null for writes that are not uploads. */
export function uploadStateProgress(item: OutboxItem): UploadProgress | null {
  const payload = item.payload;
  if (payload.kind !== 'document.upload') return null;
  const total = payload.source.type === 'file' ? payload.source.size : payload.source.file_size;
  const base = { requestId: item.id, total, error: null };
  switch (item.state) {
    case 'queued':
      // Back in line after a failure that may pass: the reason says why it waits.
      return { ...base, phase: 'queued', done: 0, error: item.lastError };
    case 'sending':
      return { ...base, phase: 'sending', done: 0 };
    case 'done':
      return { ...base, phase: 'done', done: total };
    case 'failed':
      return { ...base, phase: 'failed', done: 0, error: item.lastError ?? 'The upload failed.' };
  }
}
