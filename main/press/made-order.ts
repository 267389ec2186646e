import type { PressReportSummary } from '../../preload/contract';
import { parseServiceDate } from '../lib/service-date';

// Older and newer are when the service made a report, not when CaseDesk kept it (a report opened
// by id today may be a year old). The service's created_at has an open format: one that cannot be
// read is placed by when it was kept. One key per report (made, else kept), so the order is total
// even when some dates can be read and others cannot (a sort needs a transitive comparison).

type Made = Pick<PressReportSummary, 'id' | 'createdAt' | 'keptAtMs'>;

const orderMs = (summary: Made) => parseServiceDate(summary.createdAt) ?? summary.keptAtMs;

/** Whether `a` was made before `b` (ties: kept first, then by id, so the order is total). */
export function madeBefore(a: Made, b: Made): boolean {
  const [aAt, bAt] = [orderMs(a), orderMs(b)];
  if (aAt !== bAt) return aAt < bAt;
  if (a.keptAtMs !== b.keptAtMs) return a.keptAtMs < b.keptAtMs;
  return a.id < b.id;
}

/** Newest made first. */
export function newestMadeFirst<T extends Made>(summaries: readonly T[]): T[] {
  return [...summaries].sort((a, b) => (madeBefore(a, b) ? 1 : madeBefore(b, a) ? -1 : 0));
}
