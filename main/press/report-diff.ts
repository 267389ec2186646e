import type { PressDiff, PressReportDetail } from '../../preload/contract';

// TEMPORARY (issue 14): categories only, so the press core compiles while the full comparison is
// written in parallel; that file replaces this one.

/** What changed from the older report to the newer. */
export function diffReports(older: PressReportDetail, newer: PressReportDetail): PressDiff {
  const before = new Map(older.categories.map((category) => [category.category, category]));
  const after = new Map(newer.categories.map((category) => [category.category, category]));
  const names = [...new Set([...before.keys(), ...after.keys()])];
  const brief = (category: PressReportDetail['categories'][number] | undefined) => {
    if (!category) return null;
    const { sourceKeys: _keys, ...rest } = category;
    return rest;
  };
  const categories = names.map((category) => {
    const was = before.get(category);
    const now = after.get(category);
    const change: PressDiff['categories'][number]['change'] = !was
      ? 'added'
      : !now
        ? 'removed'
        : was.severity !== now.severity
          ? 'severity'
          : 'unchanged';
    return { category, change, before: brief(was), after: brief(now) };
  });
  return {
    older: older.summary,
    newer: newer.summary,
    categories,
    sources: { added: [], removed: [], unchanged: 0 },
    namesake: {
      countBefore: older.namesake?.count ?? null,
      countAfter: newer.namesake?.count ?? null,
      scoreBefore: older.namesake?.score ?? null,
      scoreAfter: newer.namesake?.score ?? null,
    },
    generalSummary: [],
    riskSummary: [],
    same: categories.every((entry) => entry.change === 'unchanged'),
  };
}
