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
  const rows = (table: 'alerts' | 'customers') =>
    (prepared(db, `SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const report = ended.outcome === 'finished' ? ended.report : null;
  const counts: SummaryCounts = {
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
    cached: { alerts: rows('alerts'), customers: rows('customers') },
  };
  const { headline, details } = syncSummaryText(counts);
  return { ...counts, headline, details };
}

type SummaryCounts = Omit<SyncSummaryView, 'headline' | 'details'>;

const count = (n: number, one: string, many = `${one}s`) =>
  `${new Intl.NumberFormat('en-US').format(n)} ${n === 1 ? one : many}`;

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;
}

/**
 * One sentence for the top bar and the command line ("Synced 4 alerts and 1 customer; 3 customer
 * reads failed — see details"), the same without its pointer to the details (`headline`), and the
 * details, one line each.
 */
export function syncSummaryText(summary: SummaryCounts): {
  headline: string;
  text: string;
  details: string[];
} {
  const details: string[] = [];
  if (summary.customerFailures > 0)
    details.push(
      `${count(summary.customerFailures, 'customer')} could not be read; tried again at the next sync (a customer the service no longer knows is dropped).`,
    );
  if (summary.customersPartial > 0)
    details.push(
      `${count(summary.customersPartial, 'customer')} kept without stats, timeline or documents that failed to read; read again at the next sync.`,
    );
  if (summary.customerMismatches > 0)
    details.push(
      `${count(summary.customerMismatches, 'customer')} answered under another id than the one asked; kept under the id the service sent.`,
    );
  for (const stopped of summary.stoppedPaging)
    details.push(
      `Stopped after ${count(stopped.pages, 'page')} of ${stopped.read}: the service kept sending more than it announced.`,
    );
  if (summary.timelinesMayBeCut > 0)
    details.push(
      `The timeline of ${count(summary.timelinesMayBeCut, 'customer')} may be cut: the service returned a round number of events.`,
    );
  const seeDetails = details.length ? ' — see details' : '';
  if (summary.outcome === 'cancelled') {
    const kept = `${count(summary.cached.alerts, 'alert')} and ${count(summary.cached.customers, 'customer')} cached`;
    return { headline: `Cancelled — ${kept}`, text: `Cancelled — ${kept}${seeDetails}`, details };
  }
  const synced = listed([
    count(summary.alerts, 'alert'),
    ...(summary.threads > 0 ? [count(summary.threads, 'thread')] : []),
    count(summary.customers, 'customer'),
  ]);
  const failed = summary.customerFailures + summary.customersPartial;
  const problems = [
    ...(failed > 0 ? [`${count(failed, 'customer read')} failed`] : []),
    ...(summary.stoppedPaging.length
      ? [
          `stopped after ${count(Math.max(...summary.stoppedPaging.map((s) => s.pages)), 'page')}: the service kept sending more than it announced`,
        ]
      : []),
  ];
  const headline = `Synced ${synced}${problems.length ? `; ${problems.join('; ')}` : ''}`;
  return { headline, text: `${headline}${seeDetails}`, details };
}
