import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type {
  OutboxItemView,
  PressDiff,
  PressGenerateResult,
  PressReportSummary,
  PressSourceView,
} from '../../../preload/contract';
import { PressListFilter } from '../../../preload/contract/press';

// How the press screens behave where an investigator meets odd answers, lost answers and
// namesakes.

vi.mock('../../../renderer/src/lib/api', () => {
  class BridgeCallError extends Error {
    constructor(
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }
  return {
    api: {},
    BridgeCallError,
    unwrap: () => Promise.reject(new Error('no bridge in this test')),
    errorMessage: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  };
});

vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});

const { BridgeCallError } = (await import('../../../renderer/src/lib/api')) as unknown as {
  BridgeCallError: new (code: string, message: string) => Error;
};
const { pressErrorText, pressErrorTitle, lookedInSentence } =
  await import('../../../renderer/src/features/press/press-errors');
const { trackGeneration, generationInFlight, sameSubjectAsked } =
  await import('../../../renderer/src/features/press/generations-in-flight');
const { subjectFilters, subjectReportsIn, defaultOther } =
  await import('../../../renderer/src/features/press/same-subject');
const { forceBanner, followForce } =
  await import('../../../renderer/src/features/press/force-state');
const { reportMadeAt } = await import('../../../renderer/src/features/press/ReportList');
const { keyedCategoryChanges } = await import('../../../renderer/src/features/press/DiffView');
const { sideOptionText, compareShortcuts } =
  await import('../../../renderer/src/features/press/CompareScreen');
const { componentLabel } = await import('../../../renderer/src/features/press/ReportReader');
const { SourceRow } = await import('../../../renderer/src/features/press/SourceList');
const { subjectFromReport } = await import('../../../renderer/src/features/press/press-subject');

function summary(patch: Partial<PressReportSummary>): PressReportSummary {
  return {
    id: 'r1',
    createdAt: '2026-03-01T10:00:00Z',
    keptAtMs: Date.parse('2026-03-01T10:00:05Z'),
    subjectName: 'Viktor Petrov',
    subjectKey: 'petrov viktor',
    customerExternalId: null,
    origin: 'generated',
    previousReportId: null,
    categories: [],
    highestSeverity: null,
    sourceCount: 0,
    readSourceCount: 0,
    namesakeCount: null,
    riskSummaryStart: '',
    ...patch,
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('a generation whose answer was lost', () => {
  const lost = new BridgeCallError('outcome_unknown', 'The connection closed before the answer.');

  it('is titled as a report that may exist, not as one that was not generated', () => {
    expect(pressErrorTitle(lost, 'generate')).toBe('The report may exist on the service');
    expect(pressErrorTitle(new BridgeCallError('unavailable', 'down'), 'generate')).toBe(
      'No report was generated',
    );
  });

  it('says the tenant may have been charged and that CaseDesk asks before generating again', () => {
    const text = pressErrorText(lost, 'generate');
    expect(text).toMatch(/may have been charged/);
    expect(text).toMatch(/asks you before generating this subject again/);
    expect(text).not.toMatch(/No report was generated/);
  });

  it('says CaseDesk cannot look for it, rather than promising to', () => {
    const text = pressErrorText(lost, 'generate');
    expect(text).toMatch(/cannot list reports, so CaseDesk cannot look for it/);
    expect(text).not.toMatch(/will look for it/);
  });

  it("gives main's word on where it looked as a sentence of its own, whatever it says", () => {
    expect(lookedInSentence('nowhere: the service cannot list the reports it made')).toBe(
      'Nowhere: the service cannot list the reports it made.',
    );
    expect(lookedInSentence('The customer’s timeline names forced reports only.')).toBe(
      'The customer’s timeline names forced reports only.',
    );
    expect(lookedInSentence('  ')).toBe(
      'The interface cannot list reports, so CaseDesk cannot look for it.',
    );
  });
});

describe('a generation still running for the subject', () => {
  const answer: PressGenerateResult = { state: 'running', since: '2026-03-01T10:00:00Z' };

  it('is found again for the same customer or the same name however typed, until it answers', async () => {
    const pending = deferred<PressGenerateResult>();
    const flight = trackGeneration(
      { name: 'Viktor Petrov', customerExternalId: 'C-1' },
      pending.promise,
      new Date('2026-03-01T10:00:00Z'),
    );
    expect(flight.since).toBe('2026-03-01T10:00:00.000Z');
    // Closing the dialog and opening it again from the customer's page, or typing the name.
    expect(generationInFlight({ name: 'Viktor Petrov', customerExternalId: 'C-1' })).toBe(flight);
    expect(generationInFlight({ name: 'Anything', customerExternalId: 'C-1' })).toBe(flight);
    expect(generationInFlight({ name: 'PETROV,  Víktor' })).toBe(flight);
    expect(generationInFlight({ name: '', firstName: 'Viktor', lastName: 'Petrov' })).toBe(flight);
    expect(generationInFlight({ name: 'Anna Petrova' })).toBeNull();
    pending.resolve(answer);
    await flight.answer;
    await Promise.resolve();
    expect(generationInFlight({ name: 'Viktor Petrov' })).toBeNull();
  });

  it('is forgotten when the generation fails too', async () => {
    const pending = deferred<PressGenerateResult>();
    const flight = trackGeneration({ name: 'Olga Ivanova' }, pending.promise);
    pending.reject(new Error('lost'));
    await flight.answer.catch(() => undefined);
    await Promise.resolve();
    expect(generationInFlight({ name: 'Olga Ivanova' })).toBeNull();
  });

  it('takes two subjects with different customers as different', () => {
    expect(
      sameSubjectAsked(
        { name: 'Viktor Petrov', customerExternalId: 'C-1' },
        { name: 'Viktor Petrov', customerExternalId: 'C-2' },
      ),
    ).toBe(false);
  });
});

describe('the Compare picker', () => {
  const report = summary({ id: 'now', customerExternalId: 'C-1', keptAtMs: 5_000 });

  it("asks for the customer's reports and the name key's in one list, in main's order", () => {
    expect(subjectFilters(report)).toEqual([
      { subjectKey: 'petrov viktor', customerExternalId: 'C-1' },
    ]);
    expect(subjectFilters(summary({ customerExternalId: null }))).toEqual([
      { subjectKey: 'petrov viktor' },
    ]);
  });

  it('asks without the name key when the report has no usable name', () => {
    expect(subjectFilters(summary({ subjectKey: '', customerExternalId: 'C-1' }))).toEqual([
      { customerExternalId: 'C-1' },
    ]);
    expect(subjectFilters(summary({ subjectKey: '', customerExternalId: null }))).toEqual([]);
  });

  it('asks with a very long name key, which the bridge accepts', () => {
    const long = summary({ subjectKey: 'petrov '.repeat(1_000).trim(), customerExternalId: null });
    const filters = subjectFilters(long);
    expect(filters).toEqual([{ subjectKey: long.subjectKey }]);
    expect(PressListFilter.safeParse(filters[0]).success).toBe(true);
  });

  it("offers the customer's reports under any name, and the name's only where one side has no customer", () => {
    const listed = [
      report,
      summary({ id: 'namesake', customerExternalId: 'C-2', createdAt: '2026-02-20T00:00:00Z' }),
      summary({
        id: 'spelled',
        subjectName: 'Wiktor Petroff',
        subjectKey: 'petroff wiktor',
        customerExternalId: 'C-1',
        createdAt: '2026-02-15T00:00:00Z',
      }),
      summary({ id: 'by-name', subjectName: 'PETROV Viktor', createdAt: '2026-02-01T00:00:00Z' }),
      // A main that does not filter answers everything: other subjects stay out.
      summary({ id: 'other', subjectName: 'Anna Petrova', subjectKey: 'anna petrova' }),
    ];
    expect(subjectReportsIn(report, listed).map((one) => one.id)).toEqual([
      'now',
      'spelled',
      'by-name',
    ]);
    // A report made for no customer is the name's, whichever customer the others were made for.
    const nameOnly = summary({ id: 'by-name', subjectName: 'PETROV Viktor' });
    expect(subjectReportsIn(nameOnly, listed).map((one) => one.id)).toEqual([
      'now',
      'namesake',
      'by-name',
    ]);
  });

  it("keeps main's newest-first order rather than sorting again by dates read here", () => {
    const listed = [
      report,
      // Main orders by the service's dates as it reads them; the screen does not read them again.
      summary({ id: 'odd-date', createdAt: '2027-01-01', customerExternalId: 'C-1' }),
      summary({ id: 'older', createdAt: '2026-01-01T00:00:00Z', customerExternalId: 'C-1' }),
    ];
    expect(subjectReportsIn(report, listed).map((one) => one.id)).toEqual([
      'now',
      'odd-date',
      'older',
    ]);
  });

  it('compares by default with the report it was generated against, else the next older', () => {
    const listed = [
      summary({ id: 'newer', customerExternalId: 'C-1' }),
      report,
      summary({ id: 'next-older', customerExternalId: 'C-1' }),
      summary({ id: 'oldest', customerExternalId: 'C-1' }),
    ];
    expect(defaultOther(report, listed)?.id).toBe('next-older');
    expect(defaultOther({ ...report, previousReportId: 'oldest' }, listed)?.id).toBe('oldest');
    expect(defaultOther(listed[3] as PressReportSummary, listed)?.id).toBe('next-older');
    expect(defaultOther(report, [report])).toBeNull();
  });
});

describe('the Force answer', () => {
  const item = (patch: Partial<OutboxItemView>): OutboxItemView => ({
    id: '5b0c7f3e-5b5e-4a63-9c38-6a36b1a3c2d1',
    kind: 'press.force',
    label: 'Forced press report',
    summary: 'Force a press report for C-1',
    discardLoss: 'The report is not made.',
    state: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...patch,
  });

  it('says plainly that a failed item will not be sent, with its error, and offers Retry', () => {
    const banner = forceBanner(
      item({ state: 'failed', attempts: 3, lastError: 'The service refused it (400).' }),
      false,
    );
    expect(banner.tone).toBe('danger');
    expect(banner.canRetry).toBe(true);
    expect(banner.title).toMatch(/not sent/);
    expect(banner.text).toMatch(/is not sent unless you retry it/);
    expect(banner.text).toContain('The service refused it (400).');
    expect(banner.text).not.toMatch(/sent once/);
  });

  it('says a waiting one is sent once, and offline that it waits', () => {
    expect(forceBanner(item({}), false)).toMatchObject({ tone: 'success', canRetry: false });
    expect(forceBanner(item({}), false).text).toMatch(/sent once/);
    expect(forceBanner(item({}), true).text).toMatch(/waits in the outbox/);
    expect(forceBanner(item({ state: 'sending' }), false).text).toMatch(/being sent/);
    expect(forceBanner(item({ state: 'done' }), false).text).toMatch(/was sent/);
  });

  it('does not call an item that left the outbox sent: a discarded one was not', () => {
    const watched = item({});
    const gone = followForce(watched, [item({ id: '0d9c3b1a-1111-4a63-9c38-6a36b1a3c2d1' })]);
    expect(gone.state).toBe('gone');
    const banner = forceBanner(gone, false);
    expect(banner.tone).toBe('info');
    expect(banner.text).toMatch(/no longer in the outbox/);
    expect(banner.text).toMatch(/if it was discarded there, it was not sent/);
    expect(banner.text).not.toMatch(/was sent to the service/);
    expect(followForce(watched, [item({ state: 'done' })]).state).toBe('done');
  });
});

describe('reading and comparing odd reports', () => {
  it('shows the kept time when the service sent an empty created_at', () => {
    const kept = Date.parse('2026-03-01T10:00:05Z');
    expect(reportMadeAt(summary({ createdAt: '', keptAtMs: kept }))).toBe(
      '2026-03-01T10:00:05.000Z',
    );
    expect(reportMadeAt(summary({ createdAt: '   ', keptAtMs: kept }))).toBe(
      '2026-03-01T10:00:05.000Z',
    );
    expect(reportMadeAt(summary({ createdAt: null, keptAtMs: kept }))).toBe(
      '2026-03-01T10:00:05.000Z',
    );
    expect(reportMadeAt(summary({ createdAt: '2026-01-01', keptAtMs: kept }))).toBe('2026-01-01');
  });

  it('keys category changes uniquely when names repeat or are empty', () => {
    const entry = (category: string) => ({
      category,
      change: 'added' as const,
      before: null,
      after: null,
    });
    const keys = keyedCategoryChanges([entry('fraud'), entry('fraud'), entry(''), entry('')]).map(
      (one) => one.key,
    );
    expect(new Set(keys).size).toBe(4);
  });

  it('strips direction controls from the report id in a side picker option', () => {
    const text = sideOptionText(summary({ id: 'abc\u202Efdp.exe\u2066x\u2069' }));
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(text).toContain('abcfdp.exex');
  });

  it('strips the direction marks too from a side picker option', () => {
    const text = sideOptionText(summary({ id: 'a\u200Eb\u200Fc\u061Cd' }));
    expect(text).not.toMatch(/[\u200E\u200F\u061C]/);
    expect(text).toContain('abcd');
  });

  it("labels the name components it knows, and shows any other field as the service's text", () => {
    expect(componentLabel('first_name')).toBe('First name');
    for (const field of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'unknown'])
      expect(componentLabel(field)).toBeNull();
  });

  it('offers no swap on the comparison (it always reads older to newer)', () => {
    const diff = { older: summary({ id: 'a' }), newer: summary({ id: 'b' }) } as PressDiff;
    const keys = compareShortcuts(diff, () => undefined).map((shortcut) => shortcut.keys);
    expect(keys).toEqual(['o', 'n']);
  });

  it("gives each source's repeated buttons the source's title as their description", () => {
    const source: PressSourceView = {
      key: 'https://news.example/a',
      url: 'https://news.example/a',
      site: 'news.example',
      title: 'Court case opened',
      snippet: '',
      summary: '',
      quality: false,
      images: [],
      index: 1,
      citedIn: ['general'],
      read: false,
    };
    const html = renderToStaticMarkup(
      createElement(SourceRow, {
        source,
        onOpenLink: () => undefined,
        onToggleRead: () => undefined,
      }),
    );
    const described = [...html.matchAll(/<button[^>]*aria-describedby="([^"]+)"/g)].map(
      (match) => match[1],
    );
    expect(described).toHaveLength(2);
    const titleId = described[0] ?? '';
    expect(described[1]).toBe(titleId);
    const title = new RegExp(
      `id="${titleId.replace(/[^\w-]/g, '\\$&')}"[^>]*>.*?Court case opened`,
    );
    expect(html).toMatch(title);
  });

  it('"Generate again" keeps the date of birth and the other inputs asked for', () => {
    const subject = subjectFromReport({
      subjectName: 'Viktor Petrov',
      customerExternalId: 'C-1',
      input: {
        name: 'Viktor Petrov',
        components: [],
        countryCodes: ['RU'],
        age: 41,
        entity: 1,
      },
      asked: {
        name: 'Viktor Petrov',
        firstName: 'Viktor',
        lastName: 'Petrov',
        countryCodes: ['RU', 'CY'],
        dateOfBirth: '1985-04-12',
        entityType: 'person',
        customerExternalId: 'C-1',
      },
    });
    expect(subject).toMatchObject({
      name: 'Viktor Petrov',
      firstName: 'Viktor',
      lastName: 'Petrov',
      dateOfBirth: '1985-04-12',
      countryCodes: ['RU', 'CY'],
      entityType: 'person',
      customerExternalId: 'C-1',
    });
  });
});
