import { describe, expect, it } from 'vitest';
import { buildPressReport } from '../../../../main/sandbox/generator';
import type { PressReport } from '../../../../main/sandbox/model';

function report(name: string, previous: PressReport | null = null, id = 'r1'): PressReport {
  return buildPressReport({
    reportId: id,
    createdAt: '2025-06-30T12:00:00Z',
    name,
    countryCodes: ['DE'],
    dateOfBirth: '1970-01-01',
    entityType: 1,
    previous,
  });
}

const NAMES = Array.from(
  { length: 60 },
  (_, i) => `Person${String.fromCharCode(65 + (i % 26))}${i} Example${i * 7}`,
);

describe('buildPressReport', () => {
  it('finds some names clean and some with findings, deterministically', () => {
    const reports = NAMES.map((name) => report(name));
    const clean = reports.filter((r) => r.report_categories.length === 0);
    const flagged = reports.filter((r) => r.report_categories.length > 0);
    expect(clean.length).toBeGreaterThan(10);
    expect(flagged.length).toBeGreaterThan(5);
    expect(clean[0]?.risk_summary).toBe('No adverse media found.');
    for (const r of flagged) {
      for (const category of r.report_categories) {
        expect(['low', 'medium', 'high']).toContain(category.severity);
        expect(category.sources.length).toBeGreaterThan(0);
        for (const source of category.sources)
          expect(source.website.url).toMatch(/^https:\/\/[a-z-]+\.example\//);
      }
    }
    expect(report(NAMES[3] ?? '')).toEqual(report(NAMES[3] ?? ''));
  });

  it('reads the name the same in any order, case or script', () => {
    const categories = (r: PressReport) => r.report_categories.map((c) => c.category);
    expect(categories(report('Sergey Ivanov'))).toEqual(categories(report('IVANOV Sergey')));
    expect(categories(report('Sergey Ivanov'))).toEqual(categories(report('Иванов Сергей')));
  });

  it('fills the metadata from the input', () => {
    const r = report('Anna Becker');
    expect(r.metadata.input.additional_info).toEqual({ Age: 55, CountryCodes: ['DE'], Entity: 1 });
    expect(r.metadata.input.search_name_components.first_name).toBe('Anna');
    expect(r.metadata.input.search_name_components.last_name).toBe('Becker');
    expect(r.namesake.indexes).toEqual(r.other_sources.map((s) => s.website.index));
  });

  it('builds on the previous report: the same findings plus at most one change, said in the summary', () => {
    const flaggedName = NAMES.find((name) => report(name).report_categories.length > 0) ?? '';
    let previous = report(flaggedName, null, 'r1');
    let changes = 0;
    for (let i = 2; i < 12; i++) {
      const next = report(flaggedName, previous, `r${i}`);
      expect(next.general_summary).toContain(`Compared with report ${previous.report_body_id}`);
      const before = previous.report_categories.map((c) => c.category);
      const after = next.report_categories.map((c) => c.category);
      expect(after.slice(0, before.length)).toEqual(before);
      expect(after.length - before.length).toBeLessThanOrEqual(1);
      const sourcesBefore = previous.report_categories.reduce((n, c) => n + c.sources.length, 0);
      const sourcesAfter = next.report_categories.reduce((n, c) => n + c.sources.length, 0);
      expect(sourcesAfter - sourcesBefore).toBeGreaterThanOrEqual(0);
      expect(sourcesAfter - sourcesBefore).toBeLessThanOrEqual(1);
      if (JSON.stringify(next.report_categories) !== JSON.stringify(previous.report_categories))
        changes++;
      const indexes = next.general_sources.map((s) => s.website.index);
      expect(new Set(indexes).size).toBe(indexes.length);
      previous = next;
    }
    expect(changes).toBeGreaterThan(0);
  });
});

/** What changed between two consecutive reports, in the words of a comparison. */
function changesBetween(previous: PressReport, next: PressReport): string[] {
  const found: string[] = [];
  const before = new Map(previous.report_categories.map((c) => [c.category, c]));
  for (const category of next.report_categories) {
    const old = before.get(category.category);
    if (!old) found.push('category added');
    else {
      if (old.sources.length < category.sources.length) found.push('source added');
      if (!old.reverted && category.reverted) found.push('reverted');
      if (old.reverted && !category.reverted) found.push('restored');
      if (old.severity !== category.severity) found.push('severity');
      if (old.degree_of_certainty !== category.degree_of_certainty) found.push('certainty');
    }
  }
  if (
    previous.namesake.count !== next.namesake.count ||
    previous.namesake.score !== next.namesake.score
  )
    found.push('namesake');
  return found;
}

describe('buildPressReport over time', () => {
  it('changes plausibly from one report to the next: every kind of change a comparison shows', () => {
    const seen = new Set<string>();
    for (const name of NAMES.slice(0, 30)) {
      let previous = report(name, null, `${name}-0`);
      for (let i = 1; i < 8; i++) {
        const next = report(name, previous, `${name}-${i}`);
        for (const change of changesBetween(previous, next)) seen.add(change);
        previous = next;
      }
    }
    expect([...seen].sort()).toEqual(
      [
        'category added',
        'certainty',
        'namesake',
        'restored',
        'reverted',
        'severity',
        'source added',
      ].sort(),
    );
  });

  it('gives the same next report for the same previous one (stable)', () => {
    const first = report('Viktor Petrov', null, 'a');
    expect(report('Viktor Petrov', first, 'b')).toEqual(report('Viktor Petrov', first, 'b'));
  });

  it('keeps the namesake indexes pointing at the other sources as they change', () => {
    for (const name of NAMES.slice(0, 10)) {
      let previous = report(name, null, `${name}-0`);
      for (let i = 1; i < 6; i++) {
        const next = report(name, previous, `${name}-${i}`);
        expect(next.namesake.indexes).toEqual(next.other_sources.map((s) => s.website.index));
        const all = [...next.general_sources, ...next.other_sources].map((s) => s.website.index);
        expect(new Set(all).size).toBe(all.length);
        previous = next;
      }
    }
  });

  it('starts from the base findings of the name asked for when the previous report is about someone else', () => {
    const other = report('Viktor Petrov', null, 'p1');
    const next = report('Anna Becker', other, 'p2');
    const base = report('Anna Becker', null, 'p2');
    expect(next.report_categories).toEqual(base.report_categories);
    expect(next.general_summary).toContain('p1');
    expect(next.general_summary).toMatch(/another name/);
  });
});
