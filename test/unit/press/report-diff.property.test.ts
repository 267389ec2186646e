import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  PressCategoryChange,
  PressCategoryView,
  PressDiff,
  PressReportDetail,
  PressSourceView,
  PressTextPiece,
} from '../../../preload/contract';
import { diffReports, sourceIdentity } from '../../../main/press/report-diff';
import { diffWords } from '../../../main/press/word-diff';
import { makeCategory, makeReport, makeSource } from '../../support/press-report';

// Reports as the service may send them: categories named twice or oddly, severities outside any
// list, empty or missing sections, URLs given twice or in another spelling, markup and bidi
// controls in every string, and thousands of sources.

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '\u202Egnp.exe\u202C',
  '\u2067عربي\u2069 \u200F',
  '&amp;&lt;b&gt;',
  '\u0000\uFEFF',
  '\uD83D lone \uDE00 halves',
  '🏳️‍🌈 e\u0301',
  '',
  '   ',
];
const hostile = fc.constantFrom(...HOSTILE);
const anyString = fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 40 }));

const WORDS = ['fraud', 'the', 'was', 'charged', 'court', 'Roe', '2021', 'fined', '.', ','];
const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 3, arbitrary: fc.constantFrom(' ', '  ', '\n', '\t', ' \n ') },
  { weight: 1, arbitrary: anyString },
);
const text = fc.oneof(
  fc.constant(''),
  fc.array(token, { maxLength: 60 }).map((tokens) => tokens.join('')),
);

const category: fc.Arbitrary<PressCategoryView> = fc
  .record({
    name: fc.oneof(
      fc.constantFrom('Fraud', ' fraud', 'FRAUD ', 'Bribery', 'Sanctions', ''),
      anyString,
    ),
    severity: fc.oneof(fc.constantFrom('high', 'High', 'medium', 'low', '', 'severe?'), anyString),
    certainty: fc.oneof(fc.constantFrom('confirmed', 'likely', 'possible', ''), anyString),
    reason: text,
    reverted: fc.boolean(),
  })
  .map(({ name, severity, certainty, reason, reverted }) =>
    makeCategory(name, { severity, degreeOfCertainty: certainty, reason, reverted }),
  );

const URLS = [
  'https://news.test/a',
  'HTTPS://NEWS.test/a/',
  'https://news.test/a#top',
  'https://news.test/A',
  'https://paper.test/b?id=1',
  'http://paper.test/b/?id=1',
  'ftp://odd.test',
  'no scheme at all',
  '',
  '   ',
];
const source: fc.Arbitrary<PressSourceView> = fc
  .record({
    url: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...URLS) },
      { weight: 1, arbitrary: fc.webUrl({ withFragments: true, withQueryParameters: true }) },
      { weight: 1, arbitrary: anyString },
    ),
    title: fc.oneof(fc.constantFrom('Story', 'story ', 'Other'), anyString),
    site: fc.constantFrom('', 'news.test', 'NEWS.test'),
    quality: fc.boolean(),
  })
  .map(({ url, title, site, quality }) => makeSource(url, { title, site, quality }));

const namesake = fc.option(
  fc.record({
    count: fc.option(fc.nat(500)),
    score: fc.option(fc.double({ noNaN: true, min: 0, max: 1 })),
    historicalOrDeadEntity: fc.option(fc.boolean()),
    indexes: fc.constantFrom('', '[]', '[1,2]'),
  }),
);

const report = (sources: fc.Arbitrary<PressSourceView[]>): fc.Arbitrary<PressReportDetail> =>
  fc
    .record({
      id: fc.constantFrom('r1', 'r2', 'r3'),
      generalSummary: text,
      riskSummary: text,
      categories: fc.array(category, { maxLength: 12 }),
      sources,
      namesake,
    })
    .map(({ id, ...body }) => makeReport(id, body));

const smallReport = report(fc.array(source, { maxLength: 30 }));

const side = (pieces: PressTextPiece[], skip: PressTextPiece['op']) =>
  pieces
    .filter((piece) => piece.op !== skip)
    .map((piece) => piece.text)
    .join('');

const GROUP: Record<PressCategoryChange, number> = {
  added: 0,
  reverted: 1,
  'severity-and-certainty': 2,
  severity: 2,
  certainty: 2,
  restored: 3,
  removed: 4,
  unchanged: 5,
};

function expectSourcesPartitioned(
  diff: PressDiff,
  older: PressReportDetail,
  newer: PressReportDetail,
) {
  const olderSet = new Set(older.sources);
  const newerSet = new Set(newer.sources);
  expect(diff.sources.removed.every((item) => olderSet.has(item))).toBe(true);
  expect(diff.sources.added.every((item) => newerSet.has(item))).toBe(true);
  expect(new Set(diff.sources.removed).size).toBe(diff.sources.removed.length);
  expect(new Set(diff.sources.added).size).toBe(diff.sources.added.length);
  expect(diff.sources.removed.length + diff.sources.unchanged).toBe(older.sources.length);
  expect(diff.sources.added.length + diff.sources.unchanged).toBe(newer.sources.length);
  const removedIdentities = new Set(diff.sources.removed.map(sourceIdentity));
  expect(diff.sources.added.some((item) => removedIdentities.has(sourceIdentity(item)))).toBe(
    false,
  );
}

function expectCategoriesPartitioned(
  diff: PressDiff,
  older: PressReportDetail,
  newer: PressReportDetail,
) {
  const strip = ({ sourceKeys: _keys, ...rest }: PressCategoryView) => rest;
  const befores = diff.categories.flatMap((entry) => (entry.before ? [entry.before] : []));
  const afters = diff.categories.flatMap((entry) => (entry.after ? [entry.after] : []));
  const byText = (items: object[]) => items.map((item) => JSON.stringify(item)).sort();
  expect(byText(befores)).toEqual(byText(older.categories.map(strip)));
  expect(byText(afters)).toEqual(byText(newer.categories.map(strip)));
  for (const entry of diff.categories) {
    expect(entry.before === null).toBe(entry.change === 'added');
    expect(entry.after === null).toBe(entry.change === 'removed');
  }
  const groups = diff.categories.map((entry) => GROUP[entry.change]);
  expect(groups).toEqual([...groups].sort((a, b) => a - b));
}

describe('comparing any two reports', () => {
  it('never throws, and accounts for every category and source exactly once', () => {
    fc.assert(
      fc.property(smallReport, smallReport, (older, newer) => {
        const diff = diffReports(older, newer);
        expectSourcesPartitioned(diff, older, newer);
        expectCategoriesPartitioned(diff, older, newer);
      }),
      { numRuns: 300 },
    );
  });

  it('rebuilds each side’s summaries exactly from the pieces', () => {
    fc.assert(
      fc.property(smallReport, smallReport, (older, newer) => {
        const diff = diffReports(older, newer);
        expect(side(diff.generalSummary, 'added')).toBe(older.generalSummary);
        expect(side(diff.generalSummary, 'removed')).toBe(newer.generalSummary);
        expect(side(diff.riskSummary, 'added')).toBe(older.riskSummary);
        expect(side(diff.riskSummary, 'removed')).toBe(newer.riskSummary);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a report the same as itself and as a copy of itself', () => {
    fc.assert(
      fc.property(smallReport, (report) => {
        for (const diff of [
          diffReports(report, report),
          diffReports(report, structuredClone(report)),
        ]) {
          expect(diff.same).toBe(true);
          expect(diff.sources.added).toEqual([]);
          expect(diff.sources.removed).toEqual([]);
          expect(diff.categories.every((entry) => entry.change === 'unchanged')).toBe(true);
          expect(
            [...diff.generalSummary, ...diff.riskSummary].every((piece) => piece.op === 'same'),
          ).toBe(true);
        }
      }),
    );
  });

  it('says "same" only when nothing is listed as changed', () => {
    fc.assert(
      fc.property(smallReport, smallReport, (older, newer) => {
        const diff = diffReports(older, newer);
        if (!diff.same) return;
        expect(diff.sources.added.length + diff.sources.removed.length).toBe(0);
        expect(diff.categories.every((entry) => entry.change === 'unchanged')).toBe(true);
        expect(diff.namesake.countBefore).toBe(diff.namesake.countAfter);
        expect(diff.namesake.scoreBefore).toBe(diff.namesake.scoreAfter);
        expect(older.generalSummary).toBe(newer.generalSummary);
        expect(older.riskSummary).toBe(newer.riskSummary);
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same findings read either way round', () => {
    fc.assert(
      fc.property(smallReport, smallReport, (a, b) => {
        const forward = diffReports(a, b);
        const backward = diffReports(b, a);
        expect(backward.sources.unchanged).toBe(forward.sources.unchanged);
        expect(new Set(backward.sources.added)).toEqual(new Set(forward.sources.removed));
        expect(new Set(backward.sources.removed)).toEqual(new Set(forward.sources.added));
        expect(backward.same).toBe(forward.same);
        const count = (diff: PressDiff, change: PressCategoryChange) =>
          diff.categories.filter((entry) => entry.change === change).length;
        expect(count(backward, 'added')).toBe(count(forward, 'removed'));
        expect(count(backward, 'reverted')).toBe(count(forward, 'restored'));
      }),
      { numRuns: 200 },
    );
  });

  it('copes with thousands of sources, many given twice', () => {
    fc.assert(
      fc.property(
        report(fc.array(source, { minLength: 2000, maxLength: 4000 })),
        report(fc.array(source, { minLength: 2000, maxLength: 4000 })),
        (older, newer) => {
          const diff = diffReports(older, newer);
          expectSourcesPartitioned(diff, older, newer);
        },
      ),
      { numRuns: 5 },
    );
  });
});

describe('word differences of any two texts', () => {
  const anyText = fc.oneof(
    text,
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
  );

  it('rebuild both texts, with no empty piece and no two neighbours of one kind', () => {
    fc.assert(
      fc.property(anyText, anyText, (before, after) => {
        const pieces = diffWords(before, after);
        expect(side(pieces, 'added')).toBe(before);
        expect(side(pieces, 'removed')).toBe(after);
        expect(pieces.every((piece) => piece.text.length > 0)).toBe(true);
        for (let index = 1; index < pieces.length; index += 1)
          expect(pieces[index]?.op).not.toBe(pieces[index - 1]?.op);
      }),
      { numRuns: 500 },
    );
  });

  it('mark nothing when the texts are equal', () => {
    fc.assert(
      fc.property(anyText, (value) => {
        expect(diffWords(value, value).every((piece) => piece.op === 'same')).toBe(true);
      }),
    );
  });
});
