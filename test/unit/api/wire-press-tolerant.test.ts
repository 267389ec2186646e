import { describe, expect, it } from 'vitest';
import { parseWire, WirePressReportSchema } from '../../../main/api/wire';
import { detailOf, KeptPressReport } from '../../../main/press/kept-report';
import { pressReport } from './wire-samples';

// A report the tenant may have paid for is never lost to one odd value: each field and each list
// item is read on its own.

const goodSource = pressReport.general_sources[0];

const odd = {
  ...pressReport,
  report_body_id: 'rb_odd',
  created_at: 1709283600,
  general_sources: [
    {
      website: {
        ...goodSource?.website,
        title: 7,
        images: [null, 'https://img/a.png'],
        index: '3',
      },
    },
    null,
    'not a source',
    { consulted_by_agents: [1, 'x', null], website: { url: 'https://b.example/x', title: 'B' } },
  ],
  other_sources: null,
  report_categories: [
    null,
    { ...pressReport.report_categories[0], severity: 3, reverted: 'no', sources: [null] },
  ],
  namesake: { count: '3', score: 'high', historical_or_dead_entity: 'x', indexes: [0, null] },
  metadata: {
    input: {
      name: 'Viktor Petrov',
      additional_info: { Age: '44', CountryCodes: ['RU', null, 7], Entity: {} },
      search_name_components: 'odd',
    },
    sources: [],
    time: 3,
  },
};

describe('the press report wire schema reads a report with odd values', () => {
  it('keeps the report, each odd field read as text or number where it can be, else as nothing', () => {
    const result = parseWire(WirePressReportSchema, odd);
    if (!result.ok) throw new Error(result.problems.join('; '));
    const wire = result.value;
    expect(wire.report_body_id).toBe('rb_odd');
    expect(wire.created_at).toBe('1709283600');
    expect(wire.general_sources).toHaveLength(2);
    expect(wire.general_sources[0]?.website).toMatchObject({
      title: '7',
      images: ['https://img/a.png'],
      index: 3,
    });
    expect(wire.general_sources[1]?.consulted_by_agents).toEqual([1]);
    expect(wire.other_sources).toEqual([]);
    expect(wire.report_categories).toHaveLength(1);
    expect(wire.report_categories[0]).toMatchObject({ severity: '3', reverted: null, sources: [] });
    expect(wire.namesake).toMatchObject({ count: 3, score: null, historical_or_dead_entity: null });
    expect(wire.metadata?.input?.additional_info).toMatchObject({
      Age: 44,
      CountryCodes: ['RU'],
      Entity: null,
    });
    expect(wire.metadata?.input?.search_name_components).toBeNull();
  });

  it('keeps what it read, so the kept report reads back and shows', () => {
    const wire = WirePressReportSchema.parse(odd);
    const kept = KeptPressReport.parse({
      v: 1,
      wire,
      origin: 'generated',
      asked: null,
      customerExternalId: null,
      previousReportId: null,
      readSources: [],
      keptAtMs: 1,
    });
    const detail = detailOf(kept);
    expect(detail.sources.map((source) => source.title)).toEqual(['7', 'B']);
    expect(detail.summary.namesakeCount).toBe(3);
  });

  it('reads a report id sent as a number; without any id the body is refused', () => {
    expect(WirePressReportSchema.parse({ report_body_id: 42 }).report_body_id).toBe('42');
    expect(parseWire(WirePressReportSchema, { general_summary: 'g' }).ok).toBe(false);
  });
});
