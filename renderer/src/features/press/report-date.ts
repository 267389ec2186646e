import type { PressReportSummary } from '../../../../preload/contract';

/** The report's date: the service's created_at when it sent one, else when CaseDesk kept it. */
export function reportMadeAt(report: PressReportSummary): string {
  const created = report.createdAt?.trim();
  return created ? created : new Date(report.keptAtMs).toISOString();
}
