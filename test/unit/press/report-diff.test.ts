import { describe, expect, it } from 'vitest';
import type { PressDiff } from '../../../preload/contract';
import { diffReports, sourceIdentity } from '../../../main/press/report-diff';
import { makeCategory, makeReport, makeSource } from '../../support/press-report';

const changeOf = (diff: PressDiff, name: string) =>
  diff.categories.find((entry) => entry.category === name)?.change;

describe('comparing two reports of a subject: categories', () => {
  it('names each kind of change a category can go through', () => {
    const older = makeReport('r1', {
      categories: [
        makeCategory('Fraud', { severity: 'medium' }),
        makeCategory('Bribery', { degreeOfCertainty: 'possible' }),
        makeCategory('Sanctions', { severity: 'low', degreeOfCertainty: 'possible' }),
        makeCategory('Tax evasion'),
        makeCategory('Money laundering', { reverted: true }),
        makeCategory('Terrorism'),
        makeCategory('Drug trafficking'),
      ],
    });
    const newer = makeReport('r2', {
      categories: [
        makeCategory('Fraud', { severity: 'high' }),
        makeCategory('Bribery', { degreeOfCertainty: 'confirmed' }),
        makeCategory('Sanctions', { severity: 'high', degreeOfCertainty: 'confirmed' }),
        makeCategory('Tax evasion', { reverted: true }),
        makeCategory('Money laundering', { reverted: false }),
        makeCategory('Drug trafficking'),
        makeCategory('Cybercrime'),
      ],
    });

    const diff = diffReports(older, newer);

    expect(changeOf(diff, 'Fraud')).toBe('severity');
    expect(changeOf(diff, 'Bribery')).toBe('certainty');
    expect(changeOf(diff, 'Sanctions')).toBe('severity-and-certainty');
    expect(changeOf(diff, 'Tax evasion')).toBe('reverted');
    expect(changeOf(diff, 'Money laundering')).toBe('restored');
    expect(changeOf(diff, 'Terrorism')).toBe('removed');
    expect(changeOf(diff, 'Drug trafficking')).toBe('unchanged');
    expect(changeOf(diff, 'Cybercrime')).toBe('added');
    expect(diff.same).toBe(false);
  });

  it('lists changes first, in the order an investigator reads them, unchanged ones last', () => {
    const older = makeReport('r1', {
      categories: [
        makeCategory('Unchanged'),
        makeCategory('Removed'),
        makeCategory('Restored', { reverted: true }),
        makeCategory('Certainty', { degreeOfCertainty: 'possible' }),
        makeCategory('Severity', { severity: 'low' }),
        makeCategory('Both', { severity: 'low', degreeOfCertainty: 'possible' }),
        makeCategory('Reverted'),
      ],
    });
    const newer = makeReport('r2', {
      categories: [
        makeCategory('Unchanged'),
        makeCategory('Restored'),
        makeCategory('Certainty'),
        makeCategory('Severity'),
        makeCategory('Both'),
        makeCategory('Reverted', { reverted: true }),
        makeCategory('Added'),
      ],
    });

    const order = diffReports(older, newer).categories.map((entry) => entry.change);

    expect(order).toEqual([
      'added',
      'reverted',
      'severity-and-certainty',
      'severity',
      'certainty',
      'restored',
      'removed',
      'unchanged',
    ]);
  });

  it('puts the more severe first among changes of one kind', () => {
    const older = makeReport('r1');
    const newer = makeReport('r2', {
      categories: [
        makeCategory('Low one', { severity: 'low' }),
        makeCategory('Odd one', { severity: 'unusual' }),
        makeCategory('High one', { severity: 'High' }),
        makeCategory('Medium one', { severity: 'medium' }),
      ],
    });

    expect(diffReports(older, newer).categories.map((entry) => entry.category)).toEqual([
      'High one',
      'Medium one',
      'Low one',
      'Odd one',
    ]);
  });

  it('matches categories by name whatever their spacing and case, and severities likewise', () => {
    const older = makeReport('r1', {
      categories: [
        makeCategory('  Fraud ', {
          severity: 'High',
          degreeOfCertainty: 'Likely',
          reason: 'Fined.',
        }),
      ],
    });
    const newer = makeReport('r2', {
      categories: [
        makeCategory('fraud', { severity: 'high ', degreeOfCertainty: 'likely', reason: 'Fined.' }),
      ],
    });

    const diff = diffReports(older, newer);

    expect(diff.categories).toHaveLength(1);
    expect(diff.categories[0]?.change).toBe('unchanged');
    expect(diff.categories[0]?.category).toBe('fraud');
    expect(diff.same).toBe(true);
  });

  it('keeps what each side said, without the source keys', () => {
    const before = makeCategory('Fraud', { severity: 'low', sourceKeys: ['https://a.test/1'] });
    const after = makeCategory('Fraud', { severity: 'high', reason: 'Convicted in 2024.' });

    const [entry] = diffReports(
      makeReport('r1', { categories: [before] }),
      makeReport('r2', { categories: [after] }),
    ).categories;

    expect(entry?.before).toEqual({
      category: 'Fraud',
      severity: 'low',
      degreeOfCertainty: 'likely',
      reason: 'Articles about Fraud.',
      reverted: false,
    });
    expect(entry?.after?.reason).toBe('Convicted in 2024.');
    expect(entry?.after).not.toHaveProperty('sourceKeys');
  });

  it('pairs a name given twice occurrence by occurrence', () => {
    const older = makeReport('r1', {
      categories: [makeCategory('Fraud', { severity: 'low' }), makeCategory('fraud')],
    });
    const newer = makeReport('r2', { categories: [makeCategory('Fraud', { severity: 'low' })] });

    const changes = diffReports(older, newer).categories.map((entry) => entry.change);

    expect(changes).toEqual(['removed', 'unchanged']);
  });

  it('counts a reworded reason as a difference although the category is unchanged', () => {
    const diff = diffReports(
      makeReport('r1', { categories: [makeCategory('Fraud', { reason: 'Charged.' })] }),
      makeReport('r2', { categories: [makeCategory('Fraud', { reason: 'Convicted.' })] }),
    );

    expect(diff.categories[0]?.change).toBe('unchanged');
    expect(diff.same).toBe(false);
  });
});

describe('comparing two reports of a subject: sources', () => {
  it('lists sources added and removed by URL and counts the others', () => {
    const kept = makeSource('https://news.test/kept');
    const gone = makeSource('https://news.test/gone', { quality: true });
    const fresh = makeSource('https://paper.test/fresh', { quality: true });

    const diff = diffReports(
      makeReport('r1', { sources: [kept, gone] }),
      makeReport('r2', { sources: [fresh, { ...kept, title: 'Retitled' }] }),
    );

    expect(diff.sources.added).toEqual([fresh]);
    expect(diff.sources.removed).toEqual([gone]);
    expect(diff.sources.unchanged).toBe(1);
    expect(diff.sources.added[0]?.quality).toBe(true);
    expect(diff.same).toBe(false);
  });

  it('takes a URL for the same one whatever the case of its scheme and host, a trailing slash or a fragment', () => {
    const diff = diffReports(
      makeReport('r1', {
        sources: [
          makeSource('  HTTPS://News.Example.COM/World/Story-1/  '),
          makeSource('https://news.example.com/world/story-2#comments'),
          makeSource('https://news.example.com/'),
        ],
      }),
      makeReport('r2', {
        sources: [
          makeSource('https://news.example.com/World/Story-1'),
          makeSource('https://news.example.com/world/story-2'),
          makeSource('https://NEWS.example.com'),
        ],
      }),
    );

    expect(diff.sources).toEqual({ added: [], removed: [], unchanged: 3 });
  });

  it('tells paths and queries apart by their case', () => {
    expect(sourceIdentity(makeSource('https://a.test/Story'))).not.toBe(
      sourceIdentity(makeSource('https://a.test/story')),
    );
    expect(sourceIdentity(makeSource('https://a.test/s?id=A'))).not.toBe(
      sourceIdentity(makeSource('https://a.test/s?id=a')),
    );
    expect(sourceIdentity(makeSource('https://a.test/s/?id=1'))).toBe(
      sourceIdentity(makeSource('https://A.test/s?id=1')),
    );
  });

  it('compares sources without a URL by title and site', () => {
    const noUrl = (title: string, site = '') => makeSource('', { title, site, key: `#${title}` });

    const diff = diffReports(
      makeReport('r1', { sources: [noUrl('Local paper, 3 May'), noUrl('Radio item', 'radio')] }),
      makeReport('r2', {
        sources: [noUrl(' local paper, 3 may '), noUrl('Radio item', 'tv')],
      }),
    );

    expect(diff.sources.unchanged).toBe(1);
    expect(diff.sources.removed.map((source) => source.site)).toEqual(['radio']);
    expect(diff.sources.added.map((source) => source.site)).toEqual(['tv']);
  });

  it('never takes a URL-less source for one with a URL', () => {
    expect(sourceIdentity(makeSource('', { title: 'https://a.test/x' }))).not.toBe(
      sourceIdentity(makeSource('https://a.test/x')),
    );
  });

  it('pairs a URL cited twice occurrence by occurrence', () => {
    const diff = diffReports(
      makeReport('r1', {
        sources: [makeSource('https://a.test/x'), makeSource('https://a.test/x/')],
      }),
      makeReport('r2', { sources: [makeSource('https://a.test/x')] }),
    );

    expect(diff.sources.unchanged).toBe(1);
    expect(diff.sources.removed.map((source) => source.url)).toEqual(['https://a.test/x/']);
    expect(diff.sources.added).toEqual([]);
  });

  it('lists added and removed sources in their reports’ reading order', () => {
    const urls = ['https://c.test/3', 'https://a.test/1', 'https://b.test/2'];

    const diff = diffReports(
      makeReport('r1', { sources: urls.map((url) => makeSource(url)) }),
      makeReport('r2', { sources: [...urls].reverse().map((url) => makeSource(`${url}0`)) }),
    );

    expect(diff.sources.removed.map((source) => source.url)).toEqual(urls);
    expect(diff.sources.added.map((source) => source.url)).toEqual(
      [...urls].reverse().map((url) => `${url}0`),
    );
  });
});

describe('comparing two reports of a subject: namesakes, summaries and the whole', () => {
  it('gives namesake count and score before and after', () => {
    const diff = diffReports(
      makeReport('r1', {
        namesake: { count: 3, score: 0.4, historicalOrDeadEntity: false, indexes: '[]' },
      }),
      makeReport('r2', {
        namesake: { count: 5, score: 0.4, historicalOrDeadEntity: false, indexes: '[]' },
      }),
    );

    expect(diff.namesake).toEqual({
      countBefore: 3,
      countAfter: 5,
      scoreBefore: 0.4,
      scoreAfter: 0.4,
    });
    expect(diff.same).toBe(false);
  });

  it('gives nulls for a report without namesake facts', () => {
    const diff = diffReports(
      makeReport('r1'),
      makeReport('r2', {
        namesake: { count: null, score: 0.9, historicalOrDeadEntity: null, indexes: '' },
      }),
    );

    expect(diff.namesake).toEqual({
      countBefore: null,
      countAfter: null,
      scoreBefore: null,
      scoreAfter: 0.9,
    });
    expect(diff.same).toBe(false);
  });

  it('shows the summaries’ differences word by word', () => {
    const diff = diffReports(
      makeReport('r1', {
        generalSummary: 'Jane Roe was charged with fraud in 2021.',
        riskSummary: 'Low risk.',
      }),
      makeReport('r2', {
        generalSummary: 'Jane Roe was convicted of fraud in 2023.',
        riskSummary: 'Low risk.',
      }),
    );

    expect(diff.generalSummary).toEqual([
      { op: 'same', text: 'Jane Roe was ' },
      { op: 'removed', text: 'charged with' },
      { op: 'added', text: 'convicted of' },
      { op: 'same', text: ' fraud in ' },
      { op: 'removed', text: '2021' },
      { op: 'added', text: '2023' },
      { op: 'same', text: '.' },
    ]);
    expect(diff.riskSummary).toEqual([{ op: 'same', text: 'Low risk.' }]);
    expect(diff.same).toBe(false);
  });

  it('says two reports with the same findings are the same, whatever their ids and dates', () => {
    const body = {
      generalSummary: 'Nothing found.',
      riskSummary: 'No adverse media.',
      categories: [makeCategory('Fraud', { reverted: true })],
      sources: [makeSource('https://a.test/1', { quality: true })],
      namesake: { count: 2, score: 0.1, historicalOrDeadEntity: null, indexes: '[1]' },
    };
    const older = makeReport('r1', body);
    const newer = makeReport('r2', { ...body, sources: [makeSource('HTTPS://A.TEST/1/')] });

    const diff = diffReports(older, newer);

    expect(diff.same).toBe(true);
    expect(diff.older).toBe(older.summary);
    expect(diff.newer).toBe(newer.summary);
  });

  it('compares two empty reports as the same', () => {
    const diff = diffReports(makeReport('r1'), makeReport('r2'));

    expect(diff.same).toBe(true);
    expect(diff.generalSummary).toEqual([]);
    expect(diff.riskSummary).toEqual([]);
    expect(diff.categories).toEqual([]);
  });
});
