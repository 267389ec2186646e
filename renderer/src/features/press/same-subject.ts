import type { PressList, PressReportSummary } from '../../../../preload/contract';
import { api, unwrap } from '../../lib/api';

/** Every kept report of the report's subject (same comparison key), newest first, itself included. */
export async function reportsOfSubject(report: PressReportSummary): Promise<PressReportSummary[]> {
  const name = report.subjectName.trim().slice(0, 200);
  const list: PressList = await unwrap(api.press.list({ filter: name ? { subject: name } : {} }));
  return list.reports.filter((other) => other.subjectKey === report.subjectKey);
}

/** The report to compare with by default: the one it was generated against, else the next older. */
export function defaultOther(
  report: PressReportSummary,
  others: PressReportSummary[],
): PressReportSummary | null {
  const candidates = others.filter((other) => other.id !== report.id);
  return (
    candidates.find((other) => other.id === report.previousReportId) ??
    candidates.find((other) => other.keptAtMs < report.keptAtMs) ??
    candidates[0] ??
    null
  );
}
