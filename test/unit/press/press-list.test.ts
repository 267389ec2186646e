import { describe, expect, it } from 'vitest';
import { PressListFilter, type PressReportSummary } from '../../../preload/contract';
import { filterReports } from '../../../main/press/press-list';

const DAY = Date.parse('2026-03-10T00:00:00Z');

function summary(
  id: string,
  subjectName: string,
  categories: Array<[string, string, boolean?]>,
  keptAtMs: number,
  highestSeverity: string | null,
): PressReportSummary {
  return {
    id,
    createdAt: null,
    keptAtMs,
    subjectName,
    subjectKey: subjectName.toLowerCase(),
    customerExternalId: null,
    origin: 'generated',
    previousReportId: null,
    categories: categories.map(([category, severity, reverted]) => ({
      category,
      severity,
      reverted: reverted ?? false,
    })),
    highestSeverity,
    sourceCount: 0,
    readSourceCount: 0,
    namesakeCount: null,
    riskSummaryStart: '',
  };
}

const reports = [
  summary('R4', 'Zoë Ångström', [['Money laundering', 'high']], DAY + 3 * 86_400_000, 'high'),
  summary(
    'R3',
    'Jean Müller',
    [
      ['Fraud', 'medium'],
      ['Tax', 'high', true],
    ],
    DAY + 86_400_000 + 5,
    'medium',
  ),
  summary('R2', 'Jean Muller', [['Fraud', 'low']], DAY + 86_400_000 - 1, 'low'),
  summary('R1', 'Ana Lima', [], DAY - 1, null),
];
const filtered = (filter: unknown) =>
  filterReports(reports, PressListFilter.parse(filter)).reports.map((report) => report.id);

describe('the Press screen’s filters', () => {
  it('by part of the subject’s name, any case and accents', () => {
    expect(filtered({ subject: 'MULLER' })).toEqual(['R3', 'R2']);
    expect(filtered({ subject: 'angstr' })).toEqual(['R4']);
  });

  it('by category, and by at least a severity among categories not reverted', () => {
    expect(filtered({ category: 'fraud' })).toEqual(['R3', 'R2']);
    expect(filtered({ severity: 'medium' })).toEqual(['R4', 'R3']);
    expect(filtered({ severity: 'low' })).toEqual(['R4', 'R3', 'R2']);
  });

  it('by the days it was kept, both ends included', () => {
    expect(filtered({ keptFrom: '2026-03-11', keptTo: '2026-03-11' })).toEqual(['R3']);
    expect(filtered({ keptTo: '2026-03-10' })).toEqual(['R2', 'R1']);
  });

  it('answers every category seen, whatever the filter, and the count', () => {
    const list = filterReports(reports, PressListFilter.parse({ subject: 'lima' }));
    expect(list.total).toBe(1);
    expect(list.categories).toEqual(['Fraud', 'Money laundering', 'Tax']);
  });
});
