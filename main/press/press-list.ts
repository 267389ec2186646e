import type { z } from 'zod';
import type { PressList, PressListFilter, PressReportSummary } from '../../preload/contract';
import { severityRank } from './kept-report';
import { fold } from './subject-key';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A contract Day's first millisecond (UTC); both ends of the range are inclusive. */
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Kept reports (newest first) narrowed by the Press screen's filters, with every category seen. */
export function filterReports(
  summaries: readonly PressReportSummary[],
  filter: z.output<typeof PressListFilter>,
): PressList {
  const subject = filter.subject === undefined ? null : fold(filter.subject);
  const category = filter.category === undefined ? null : fold(filter.category);
  const severity = filter.severity === undefined ? null : severityRank(filter.severity);
  const from = filter.keptFrom === undefined ? null : dayStart(filter.keptFrom);
  const to = filter.keptTo === undefined ? null : dayStart(filter.keptTo) + DAY_MS - 1;
  const reports = summaries.filter(
    (report) =>
      (subject === null || fold(report.subjectName).includes(subject)) &&
      (category === null ||
        report.categories.some((entry) => fold(entry.category).includes(category))) &&
      (severity === null ||
        (report.highestSeverity !== null && severityRank(report.highestSeverity) >= severity)) &&
      (from === null || report.keptAtMs >= from) &&
      (to === null || report.keptAtMs <= to),
  );
  const categories = [
    ...new Set(summaries.flatMap((report) => report.categories.map((entry) => entry.category))),
  ]
    .filter(Boolean)
    .sort((a, b) => a.localeCompare(b));
  return { reports, total: reports.length, categories };
}
