import type { SyncSummaryView } from '../../preload/contract';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from '../cache/open-cache';
import type { SyncReport } from './sync-engine';

/**
 * What the top bar and the command line say of a sync: the report of a finished one, or nothing
 * of a cancelled one (the engine stops without a report) — either way with what the cache holds,
 * since a cancelled sync keeps every page it wrote.
 */
export function summarizeSync(
  db: CacheDb,
  ended: { outcome: 'finished'; report: SyncReport } | { outcome: 'cancelled' },
  at: Date = new Date(),
): SyncSummaryView {
  const count = (table: 'alerts' | 'customers') =>
    (prepared(db, `SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const report = ended.outcome === 'finished' ? ended.report : null;
  return {
    outcome: ended.outcome,
    at: at.toISOString(),
    alerts: report?.alerts ?? 0,
    threads: report?.threads ?? 0,
    customers: report?.customers ?? 0,
    customerFailures: report?.customerFailures ?? 0,
    customersPartial: report?.customersPartial ?? 0,
    customerMismatches: report?.customerMismatches ?? 0,
    timelinesMayBeCut: report?.timelinesMayBeCut ?? 0,
    stoppedPaging: report?.stoppedPaging ?? [],
    cached: { alerts: count('alerts'), customers: count('customers') },
  };
}
