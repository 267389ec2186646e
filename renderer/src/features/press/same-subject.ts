import type { PressListFilterInput, PressReportSummary } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';
import { reportMadeAt } from './report-date';

// "The same subject" as main keeps it: the same comparison key (the name however typed) or the
// same customer (under any spelling of its name).

/** The list filters that find a report's subject: its key, and its customer when it has one. */
export function subjectFilters(report: PressReportSummary): PressListFilterInput[] {
  return [
    { subjectKey: report.subjectKey },
    ...(report.customerExternalId ? [{ customerExternalId: report.customerExternalId }] : []),
  ];
}

const sameSubject = (report: PressReportSummary, other: PressReportSummary) =>
  other.subjectKey === report.subjectKey ||
  (report.customerExternalId !== null && other.customerExternalId === report.customerExternalId);

/** When a report was made, for ordering: the service's date when it reads, else the kept time. */
function madeMs(report: PressReportSummary): number {
  const made = Date.parse(reportMadeAt(report));
  return Number.isNaN(made) ? report.keptAtMs : made;
}

/** The lists' reports of the subject, each once, newest first. */
export function mergeSubjectReports(
  report: PressReportSummary,
  lists: PressReportSummary[][],
): PressReportSummary[] {
  const byId = new Map<string, PressReportSummary>();
  for (const list of lists)
    for (const other of list) if (sameSubject(report, other)) byId.set(other.id, other);
  return [...byId.values()].sort(
    (a, b) => madeMs(b) - madeMs(a) || b.keptAtMs - a.keptAtMs || a.id.localeCompare(b.id),
  );
}

/** Every kept report of the report's subject, newest first, itself included. */
export async function reportsOfSubject(report: PressReportSummary): Promise<PressReportSummary[]> {
  const lists = await Promise.all(
    subjectFilters(report).map((filter) => unwrap(api.press.list({ filter }))),
  );
  return mergeSubjectReports(
    report,
    lists.map((list) => list.reports),
  );
}

/** The report to compare with by default: the one it was generated against, else the next older. */
export function defaultOther(
  report: PressReportSummary,
  others: PressReportSummary[],
): PressReportSummary | null {
  const candidates = others.filter((other) => other.id !== report.id);
  return (
    candidates.find((other) => other.id === report.previousReportId) ??
    candidates.find((other) => madeMs(other) < madeMs(report)) ??
    candidates[0] ??
    null
  );
}
