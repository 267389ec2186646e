import type { PressListFilterInput, PressReportSummary } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';

// "The same subject": a report made for a customer belongs to that customer only (under any
// spelling of its name); the name key (the name however typed) joins two reports only where at
// least one of them was made for no customer, so two customers who share a name stay apart.

/** Whether two reports are of one subject. */
export function sameSubject(a: PressReportSummary, b: PressReportSummary): boolean {
  if (a.customerExternalId !== null && b.customerExternalId !== null)
    return a.customerExternalId === b.customerExternalId;
  return a.subjectKey !== '' && a.subjectKey === b.subjectKey;
}

/**
 * The list filter that finds a report's subject, as one list so main's order (newest made first)
 * holds; none when the report has neither a usable name nor a customer.
 */
export function subjectFilters(report: PressReportSummary): PressListFilterInput[] {
  const filter: PressListFilterInput = {
    ...(report.subjectKey !== '' ? { subjectKey: report.subjectKey } : {}),
    ...(report.customerExternalId ? { customerExternalId: report.customerExternalId } : {}),
  };
  return Object.keys(filter).length > 0 ? [filter] : [];
}

/** The listed reports of the report's subject, each once, in the list's order (newest first). */
export function subjectReportsIn(
  report: PressReportSummary,
  listed: readonly PressReportSummary[],
): PressReportSummary[] {
  const byId = new Map<string, PressReportSummary>();
  for (const other of listed)
    if ((other.id === report.id || sameSubject(report, other)) && !byId.has(other.id))
      byId.set(other.id, other);
  return [...byId.values()];
}

/** Every kept report of the report's subject, newest first, itself included. */
export async function reportsOfSubject(report: PressReportSummary): Promise<PressReportSummary[]> {
  const [filter] = subjectFilters(report);
  if (!filter) return [report];
  const list = await unwrap(api.press.list({ filter }));
  const found = subjectReportsIn(report, list.reports);
  return found.some((other) => other.id === report.id) ? found : [report, ...found];
}

/**
 * The report to compare with by default: the one it was generated against, else the next older
 * in `reports` (newest first, as listed), else the nearest newer.
 */
export function defaultOther(
  report: PressReportSummary,
  reports: readonly PressReportSummary[],
): PressReportSummary | null {
  const at = reports.findIndex((other) => other.id === report.id);
  const older = at < 0 ? reports : reports.slice(at + 1);
  const newer = at < 0 ? [] : reports.slice(0, at).reverse();
  return (
    reports.find((other) => other.id !== report.id && other.id === report.previousReportId) ??
    older.find((other) => other.id !== report.id) ??
    newer[0] ??
    null
  );
}
