import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WirePressReportSchema } from '../../../main/api/wire/press';
import {
  detailOf,
  indexOf,
  severityRank,
  siteOf,
  type KeptPressReport,
} from '../../../main/press/kept-report';
import { subjectKey } from '../../../main/press/subject-key';

const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>\u202Egnp.exe\u202C';

function kept(wire: unknown, extra: Partial<KeptPressReport> = {}): KeptPressReport {
  return {
    v: 1,
    wire: WirePressReportSchema.parse(wire),
    origin: 'generated',
    asked: null,
    customerExternalId: null,
    previousReportId: null,
    readSources: [],
    keptAtMs: 1_000,
    ...extra,
  };
}

const source = (url: string, title: string, more: Record<string, unknown> = {}) => ({
  consulted_by_agents: [1],
  website: { url, title, snippet: '', summary: '', images: [], ...more },
});

describe('a kept press report, as the reader shows it', () => {
  it('lists 3,000 sources with duplicate URLs once each, naming every section citing them, hostile strings kept as text', () => {
    const general = Array.from({ length: 3_000 }, (_, n) =>
      source(`https://news${n % 1_500}.example/article/${n % 1_500}`, `${HOSTILE} ${n}`, {
        snippet: HOSTILE,
        is_known_as_quality_source: n === 2_999,
      }),
    );
    const report = kept({
      report_body_id: 'R1',
      general_summary: HOSTILE,
      risk_summary: 'Fraud allegations in 2021.',
      general_sources: general,
      other_sources: [
        source('not a url at all', 'Odd'),
        source('', 'No address'),
        source('', 'Also none'),
      ],
      report_categories: [
        {
          category: 'fraud',
          severity: 'medium',
          degree_of_certainty: 'high',
          reason: HOSTILE,
          reverted: false,
          sources: [source('https://news7.example/article/7', '')],
        },
        { category: 'sanctions', severity: 'high', reverted: true, sources: [] },
        { category: 'tax', severity: 'critical-ish', reverted: false, sources: [] },
      ],
      metadata: { input: { name: 'Jane Roe', additional_info: { CountryCodes: ['GB'] } } },
    });
    const detail = detailOf(report);
    // 1,500 distinct URLs + the odd one + two without an address.
    expect(detail.sources).toHaveLength(1_503);
    expect(detail.summary.sourceCount).toBe(1_503);
    const cited = detail.sources.find((entry) => entry.url === 'https://news7.example/article/7');
    expect(cited?.citedIn).toEqual(['general', 'fraud']);
    expect(cited?.title).toBe(`${HOSTILE} 7`);
    expect(cited?.snippet).toBe(HOSTILE);
    expect(cited?.site).toBe('news7.example');
    expect(detail.sources.find((entry) => entry.url.endsWith('/1499'))?.quality).toBe(true);
    expect(detail.sources.find((entry) => entry.title === 'Odd')).toMatchObject({
      site: '',
      key: 'not a url at all',
    });
    const unaddressed = detail.sources.filter((entry) => entry.url === '');
    expect(unaddressed.map((entry) => entry.title)).toEqual(['No address', 'Also none']);
    expect(new Set(detail.sources.map((entry) => entry.key)).size).toBe(detail.sources.length);
    expect(detail.generalSummary).toBe(HOSTILE);
    expect(detail.categories[0]).toMatchObject({
      reason: HOSTILE,
      sourceKeys: ['https://news7.example/article/7'],
    });
    // A reverted high does not count; an unknown value ranks below low but is kept.
    expect(detail.summary.highestSeverity).toBe('medium');
    expect(detail.missingSections).toEqual(['namesake']);
    expect(detail.summary.subjectName).toBe('Jane Roe');
    // What lists read stays small whatever the report's size.
    expect(JSON.stringify(indexOf(report, detail).digest).length).toBeLessThan(2_000);
  });

  it('names every empty or missing section, and reads a report with nothing but its id', () => {
    const detail = detailOf(kept({ report_body_id: 'R2', general_sources: null }));
    expect(detail.missingSections).toEqual([
      'general summary',
      'risk summary',
      'sources',
      'namesake',
      'input',
    ]);
    expect(detail.sources).toEqual([]);
    expect(detail.summary).toMatchObject({
      id: 'R2',
      highestSeverity: null,
      namesakeCount: null,
      createdAt: null,
    });
  });

  it('marks the sources read by the investigator, by key', () => {
    const detail = detailOf(
      kept(
        {
          report_body_id: 'R3',
          general_sources: [source('https://a.example/1', 'A'), source('https://b.example/2', 'B')],
        },
        { readSources: ['https://b.example/2', 'gone'] },
      ),
    );
    expect(detail.sources.map((entry) => entry.read)).toEqual([false, true]);
    expect(detail.summary.readSourceCount).toBe(1);
  });

  it('ranks severities high > medium > low > any other value', () => {
    expect(
      ['low', 'High', 'other', 'medium'].sort((a, b) => severityRank(b) - severityRank(a)),
    ).toEqual(['High', 'medium', 'low', 'other']);
  });

  it('never throws on an odd address', () => {
    fc.assert(
      fc.property(fc.string(), (url) => {
        expect(typeof siteOf(url)).toBe('string');
      }),
    );
  });

  it('gives the same subject key to the same name typed differently', () => {
    expect(subjectKey('José  María Núñez')).toBe(subjectKey('nunez, JOSE maria'));
    expect(subjectKey('Ｊｏｓé Maria Nunez')).toBe(subjectKey('Jose Maria Nunez'));
    expect(subjectKey('Jose Nunez')).not.toBe(subjectKey('Jose Maria Nunez'));
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[A-Za-zÀ-ÿ]{1,8}$/), { minLength: 1, maxLength: 4 }),
        (words) => {
          expect(subjectKey([...words].reverse().join('  ').toUpperCase())).toBe(
            subjectKey(words.join(' ')),
          );
        },
      ),
    );
  });
});

describe('what was asked for a kept report', () => {
  it('is given with its detail, so generating again starts from the same date of birth and countries', () => {
    const asked = {
      name: 'Ann Lee',
      countryCodes: ['GB'],
      dateOfBirth: '1970-04-02',
      entityType: 'person' as const,
      customerExternalId: 'C1',
    };
    const detail = detailOf(kept({ report_body_id: 'R1' }, { asked }));
    expect(detail.asked).toEqual(asked);
    expect(detailOf(kept({ report_body_id: 'R2' })).asked).toBeNull();
  });
});
