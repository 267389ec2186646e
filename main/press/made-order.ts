import type { PressReportSummary } from '../../preload/contract';
import { parseServiceDate } from '../lib/service-date';

// Older and newer are when the service made a report, not when CaseDesk kept it (a report opened
// by id today may be a year old). The service's created_at has an open format: where either of
// two cannot be read, both are ordered by when they were kept.

type Made = Pick<PressReportSummary, 'id' | 'createdAt' | 'keptAtMs'>;

const madeMs = (summary: Made) => parseServiceDate(summary.createdAt);

/** Whether `a` was made before `b` (ties: kept first, then by id, so the order is total). */
export function madeBefore(a: Made, b: Made): boolean {
  const [aMade, bMade] = [madeMs(a), madeMs(b)];
  if (aMade !== null && bMade !== null && aMade !== bMade) return aMade < bMade;
  if (a.keptAtMs !== b.keptAtMs) return a.keptAtMs < b.keptAtMs;
  return a.id < b.id;
}

/** Newest made first. */
export function newestMadeFirst<T extends Made>(summaries: readonly T[]): T[] {
  return [...summaries].sort((a, b) => (madeBefore(a, b) ? 1 : madeBefore(b, a) ? -1 : 0));
}
