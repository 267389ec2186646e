import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type {
  DownloadView,
  PressReportDetail,
  PressReportSummary,
} from '../../../preload/contract';

// Service strings on the screens that list them: each one isolated (<bdi dir="auto">), its
// direction controls shown as marks instead of reordering what the investigator reads, and long
// ones clamped.

vi.mock('../../../renderer/src/lib/api', () => ({
  api: {},
  unwrap: () => Promise.reject(new Error('no bridge in this test')),
  errorMessage: (error: unknown) => String(error),
}));

// The stores behind these screens read the window's address when first imported.
vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

const { TimelineTab } = await import('../../../renderer/src/features/customers/RecordTabs');
const { ReportReader } = await import('../../../renderer/src/features/press/ReportReader');
const { ReportList } = await import('../../../renderer/src/features/press/ReportList');
const { DiffView } = await import('../../../renderer/src/features/press/DiffView');
const { RiskPanel } = await import('../../../renderer/src/features/customers/RiskPanel');
const { HitTitle } = await import('../../../renderer/src/features/search/SearchResults');
const { RecordItem } = await import('../../../renderer/src/features/unreadable/UnreadableScreen');
const { DownloadItem } = await import('../../../renderer/src/features/downloads/DownloadsTray');

const RLO = '\u202E';
const spoof = `invoice${RLO}fdp.exe`;
const render = (element: ReactElement) => renderToStaticMarkup(element);

/** Every <bdi>…</bdi> of the markup (none nests another here). */
const isolates = (html: string) => html.match(/<bdi dir="auto"[^>]*>.*?<\/bdi>/g) ?? [];

/** The string is inside an isolate, its override shown as a mark and never applied. */
function expectIsolated(html: string, before = 'invoice', after = 'fdp.exe') {
  expect(html).not.toContain(RLO);
  const isolate = isolates(html).find((bdi) => bdi.includes(before) && bdi.includes(after));
  expect(isolate, `an isolate holding ${before}…${after} in ${html}`).toBeDefined();
  expect(isolate).toMatch(/<abbr class="bidi-control"[^>]*>RLO<\/abbr>/);
}

const visibleLength = (bdi: string) => bdi.replace(/<[^>]+>/g, '').length;

describe('service strings on the customer screen', () => {
  it('isolate timeline types, titles, descriptions and links', () => {
    const html = render(
      createElement(TimelineTab, {
        events: [
          {
            id: 'e1',
            eventType: `type${RLO}fdp.exe`,
            title: spoof,
            description: `desc${RLO}fdp.exe`,
            createdAt: null,
            url: `/files/${RLO}fdp.exe`,
          },
        ],
        mayBeCut: null,
        onOpenLink: () => undefined,
      }),
    );
    expectIsolated(html);
    expectIsolated(html, 'type');
    expectIsolated(html, 'desc');
    expectIsolated(html, '/files/');
  });

  it('clamp a 10,000-character timeline title', () => {
    const title = 'T'.repeat(10_000);
    const html = render(
      createElement(TimelineTab, {
        events: [{ id: 'e1', eventType: 'x', title, description: '', createdAt: null, url: '' }],
        mayBeCut: null,
        onOpenLink: () => undefined,
      }),
    );
    const isolate = isolates(html).find((bdi) => bdi.includes('TTT'));
    expect(isolate).toContain('clamp-n');
    expect(visibleLength(isolate ?? '')).toBeLessThan(600);
  });

  it('isolate press summaries, findings and sources, and show hostile markup as text', () => {
    const hostile = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const html = render(
      createElement(ReportReader, {
        report: pressDetail(hostile),
        onOpenLink: () => undefined,
        onToggleRead: () => undefined,
        busyKey: null,
      }),
    );
    expectIsolated(html);
    expectIsolated(html, 'general');
    expectIsolated(html, 'cat');
    expectIsolated(html, 'reason');
    expectIsolated(html, 'title');
    expectIsolated(html, 'snippet');
    expectIsolated(html, 'sourcesum');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('isolate press subjects and categories in the list, and both sides of a comparison', () => {
    const detail = pressDetail('');
    const list = render(
      createElement(ReportList, {
        reports: [detail.summary],
        selected: 0,
        onSelect: () => undefined,
        label: 'Reports',
      }),
    );
    expectIsolated(list, 'subject');
    expectIsolated(list, 'cat');
    const [source] = detail.sources;
    const diff = render(
      createElement(DiffView, {
        diff: {
          older: detail.summary,
          newer: detail.summary,
          categories: [
            {
              category: `cat${RLO}fdp.exe`,
              change: 'added',
              before: null,
              after: { ...detail.categories[0]!, degreeOfCertainty: 'likely' },
            },
          ],
          sources: { added: source ? [source] : [], removed: [], unchanged: 0 },
          namesake: { countBefore: 1, countAfter: 2, scoreBefore: null, scoreAfter: null },
          generalSummary: [{ op: 'added', text: `general${RLO}fdp.exe` }],
          riskSummary: [{ op: 'removed', text: spoof }],
          same: false,
        },
      }),
    );
    expect(diff).not.toContain(RLO);
    expect(diff).toMatch(/<ins[^>]*>.*general.*RLO.*<\/ins>/);
    expect(diff).toMatch(/<del[^>]*>.*invoice.*RLO.*<\/del>/);
    expectIsolated(diff, 'cat');
    expectIsolated(diff, 'title');
  });

  it('isolate risk indicator names and the EDD comment', () => {
    const html = render(
      createElement(RiskPanel, {
        risk: {
          overallRisk: 'high',
          screening: [{ key: 'k1', id: 1, name: spoof, value: true, fieldType: null }],
          identityVerification: [],
          other: [],
          customFields: [],
          edd: {
            state: 'open',
            nextReviewDate: null,
            agentName: `agent${RLO}fdp.exe`,
            comment: `comment${RLO}fdp.exe`,
            createdAt: null,
            revisionNumber: null,
            disabled: false,
          },
        },
      }),
    );
    expectIsolated(html);
    expectIsolated(html, 'agent');
    expectIsolated(html, 'comment');
  });
});

describe('service strings elsewhere', () => {
  it('isolate a search match, its matched words still marked', () => {
    const html = render(createElement(HitTitle, { title: `Anna ${spoof}`, terms: ['ann'] }));
    expectIsolated(html);
    expect(html).toContain('<mark>Ann</mark>');
    expect(html).toContain('title="Anna invoice[RLO]fdp.exe"');
  });

  it('clamp a 10,000-character search match', () => {
    const html = render(createElement(HitTitle, { title: 'A'.repeat(10_000), terms: ['a'] }));
    expect(html).toContain('clamp-1');
    expect(visibleLength(html)).toBeLessThan(600);
  });

  it('isolate the unreadable record’s operation, reason and raw JSON', () => {
    const html = render(
      createElement(RecordItem, {
        index: 0,
        record: {
          operation: `alerts${RLO}fdp.exe`,
          reason: spoof,
          raw: JSON.stringify({ id: `raw${RLO}fdp.exe` }),
          firstSeenMs: 0,
          lastSeenMs: Date.parse('2026-11-24T10:00:00Z'),
          timesSeen: 1,
        },
      }),
    );
    expectIsolated(html);
    expectIsolated(html, 'alerts');
    expect(html).not.toContain(RLO);
    expect(html).toMatch(/raw<abbr class="bidi-control"[^>]*>RLO<\/abbr>fdp\.exe/);
  });

  describe('the downloads tray', () => {
    it('shows a file name with its real extension and isolates the error', () => {
      const view: DownloadView = {
        id: 'd1',
        target: { kind: 'document', id: 'doc-1' },
        name: spoof,
        state: 'failed',
        warnings: [],
        received: 0,
        total: null,
        path: null,
        externalUrl: null,
        error: `error${RLO}fdp.exe`,
        startedAt: '2026-11-24T10:00:00Z',
      };
      const html = render(createElement(DownloadItem, { view }));
      expect(html).not.toContain(RLO);
      const name = isolates(html).find((bdi) => bdi.includes('download-item-name'));
      expect(name?.replace(/<[^>]+>/g, '')).toBe('invoicefdp.exe');
      expectIsolated(html, 'error');
    });
  });
});

describe('service strings in an alert’s history', () => {
  it('isolate what a revision changed, before and after', async () => {
    const { RevisionHistory } =
      await import('../../../renderer/src/features/alerts/RevisionHistory');
    const revision = {
      id: 'r2',
      revisionNumber: 2,
      state: 1,
      score: 50,
      topCategory: 'PEP',
      comment: '',
      agentId: '',
      createdAt: null,
      customerRevisionId: '',
      profileDate: null,
      changes: [{ field: 'comment', before: spoof, after: `later${RLO}fdp.exe` }],
    };
    const html = render(createElement(RevisionHistory, { revisions: [revision] }));
    expectIsolated(html);
    expectIsolated(html, 'later');
  });
});

function pressDetail(hostile: string): PressReportDetail {
  const summary: PressReportSummary = {
    id: 'p1',
    createdAt: '2026-11-24T10:00:00Z',
    keptAtMs: 0,
    subjectName: `subject${RLO}fdp.exe`,
    subjectKey: 'subject',
    customerExternalId: 'C1',
    origin: 'generated',
    previousReportId: null,
    categories: [{ category: `cat${RLO}fdp.exe`, severity: 'high', reverted: false }],
    highestSeverity: 'high',
    sourceCount: 1,
    readSourceCount: 0,
    namesakeCount: 1,
    riskSummaryStart: 'risk',
  };
  return {
    summary,
    generalSummary: `general${RLO}fdp.exe`,
    riskSummary: spoof,
    categories: [
      {
        category: `cat${RLO}fdp.exe`,
        severity: 'high',
        degreeOfCertainty: 'likely',
        reason: `reason${RLO}fdp.exe`,
        reverted: false,
        sourceKeys: ['https://news.example/a'],
      },
    ],
    sources: [
      {
        key: 'https://news.example/a',
        url: 'https://news.example/a',
        site: 'news.example',
        title: `title${RLO}fdp.exe`,
        snippet: `snippet${RLO}fdp.exe ${hostile}`,
        summary: `sourcesum${RLO}fdp.exe`,
        quality: true,
        images: ['https://news.example/a.png'],
        index: 1,
        citedIn: ['general'],
        read: false,
      },
    ],
    namesake: { count: 1, score: 0.5, historicalOrDeadEntity: false, indexes: '{}' },
    input: null,
    missingSections: [],
  };
}
