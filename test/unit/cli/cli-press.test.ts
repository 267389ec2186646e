import { describe, expect, it, vi } from 'vitest';
import type {
  PressDiff,
  PressGenerateResult,
  PressReportDetail,
  PressReportSummary,
} from '../../../preload/contract';
import { CliUsageError, parseCliArgs } from '../../../main/cli/cli-args';
import {
  NoServiceError,
  parsePressCommand,
  runPressCommand,
  type ForceAttempt,
  type PressCliDeps,
} from '../../../main/cli/cli-press';
import type { PressService } from '../../../main/press/press-service';

function summary(overrides: Partial<PressReportSummary> = {}): PressReportSummary {
  return {
    id: 'press-1',
    createdAt: '2026-11-20T10:00:00Z',
    keptAtMs: 0,
    subjectName: 'Viktor Petrov',
    subjectKey: 'petrov viktor',
    customerExternalId: null,
    origin: 'generated',
    previousReportId: null,
    categories: [{ category: 'fraud', severity: 'high', reverted: false }],
    highestSeverity: 'high',
    sourceCount: 1,
    readSourceCount: 0,
    namesakeCount: 3,
    riskSummaryStart: 'High press risk',
    ...overrides,
  };
}

function detail(overrides: Partial<PressReportDetail> = {}): PressReportDetail {
  return {
    summary: summary(),
    generalSummary: 'Searched 120 sources.',
    riskSummary: 'High press risk: 1 adverse media category: fraud (high).',
    categories: [
      {
        category: 'fraud',
        severity: 'high',
        degreeOfCertainty: 'medium',
        reason: 'Criminal charges for investment fraud.',
        reverted: false,
        sourceKeys: ['https://dailyledger.example/a'],
      },
    ],
    sources: [
      {
        key: 'https://dailyledger.example/a',
        url: 'https://dailyledger.example/a',
        site: 'dailyledger.example',
        title: 'Viktor Petrov charged',
        snippet: 'Prosecutors allege…',
        summary: 'Charges.',
        quality: true,
        images: [],
        index: 0,
        citedIn: ['fraud'],
        read: false,
      },
    ],
    namesake: { count: 3, score: 40, historicalOrDeadEntity: false, indexes: '[]' },
    input: { name: 'Viktor Petrov', components: [], countryCodes: ['RU'], age: null, entity: 1 },
    missingSections: [],
    ...overrides,
  };
}

function fakePress(overrides: Partial<PressService> = {}): PressService {
  const fail = (what: string) => () => {
    throw new Error(`unexpected ${what}`);
  };
  return {
    generate: vi.fn(fail('generate')),
    get: vi.fn(() => null),
    open: vi.fn(fail('open')),
    list: vi.fn(fail('list')),
    compare: vi.fn(fail('compare')),
    markSourceRead: vi.fn(fail('markSourceRead')),
    search: vi.fn(fail('search')),
    pickUp: vi.fn(fail('pickUp')),
    awaitForced: vi.fn(fail('awaitForced')),
    followForced: vi.fn(fail('followForced')),
    countFor: vi.fn(fail('countFor')),
    has: vi.fn(() => false),
    wants: vi.fn(() => true),
    ...overrides,
  };
}

function harness(
  press: PressService,
  attempt: ForceAttempt = { state: 'sent' },
  offline: string | null = null,
) {
  let out = '';
  const force = {
    send: vi.fn(() => Promise.resolve(attempt)),
    queue: vi.fn(() => ({ id: 'item-1' })),
    pickUp: vi.fn(() => Promise.resolve(1)),
    waiting: vi.fn((): { id: string; state: string } | null => null),
  };
  const deps: PressCliDeps = {
    press,
    force,
    write: (text) => {
      out += text;
    },
    needService: () => {
      if (offline) throw new NoServiceError(offline);
    },
  };
  const run = (...argv: string[]) =>
    runPressCommand(parsePressCommand(parseCliArgs(['press', ...argv])), deps);
  return { run, force, output: () => out };
}

const parse = (...argv: string[]) => parsePressCommand(parseCliArgs(['press', ...argv]));

describe('press command line: arguments', () => {
  it('reads a report subject with repeated and comma-listed countries', () => {
    const command = parse(
      'report',
      '--name',
      'Viktor Petrov',
      '--first-name',
      'Viktor',
      '--last-name',
      'Petrov',
      '--country',
      'ru,ua',
      '--country',
      'DE',
      '--dob',
      '1970-04-02',
      '--entity',
      'person',
      '--customer',
      'C-7',
      '--previous',
      'press-0',
      '--yes',
    );
    expect(command).toMatchObject({
      name: 'report',
      input: {
        subject: {
          name: 'Viktor Petrov',
          firstName: 'Viktor',
          lastName: 'Petrov',
          countryCodes: ['ru', 'ua', 'DE'],
          dateOfBirth: '1970-04-02',
          entityType: 'person',
          customerExternalId: 'C-7',
        },
        previousReportId: 'press-0',
        confirmRepeat: true,
      },
    });
    expect(parse('report', '--company', 'Acme Ltd', '--no-previous')).toMatchObject({
      input: { subject: { companyName: 'Acme Ltd' }, previousReportId: null, confirmRepeat: false },
    });
    expect(parse('report', '--name', 'A B')).toMatchObject({
      input: { previousReportId: undefined },
    });
  });

  it.each([
    [['report'], /--name: Give a name/],
    [['report', '--name', '   '], /--name: Give a name/],
    [['report', '--name', 'A', '--dob', '1970-13-45'], /--dob/],
    [['report', '--name', 'A', '--country', 'FRA'], /--country: Country codes have two letters/],
    [['report', '--name', 'A', '--entity', 'robot'], /--entity takes person or firm/],
    [['report', '--name', 'A', '--previous', 'x', '--no-previous'], /not both/],
    [['report', '--name', 'A', '--nmae', 'B'], /does not take --nmae/],
    [['report', '--name'], /--name needs a value/],
    [['get'], /takes a report id/],
    [['diff', 'press-1'], /takes two report ids/],
    [['force'], /customer's external id/],
    [['list', '--severity', 'extreme'], /--severity/],
    [['list', '--from', 'yesterday'], /--from/],
    [['publish'], /press takes report, get, force, list or diff/],
    [[], /press takes report/],
  ])('refuses %j as a usage error (exit code 2)', (argv, message) => {
    let thrown: unknown = null;
    try {
      parse(...argv);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliUsageError);
    expect((thrown as Error).message).toMatch(message);
  });
});

describe('press command line: running', () => {
  it('generates and prints the report: summaries, categories with severity, sources', async () => {
    const generated: PressGenerateResult = { state: 'generated', report: detail(), diff: null };
    const generate = vi.fn(() => Promise.resolve(generated));
    const { run, output } = harness(fakePress({ generate }));
    expect(await run('report', '--name', 'Viktor Petrov', '--country', 'RU')).toBe(0);
    expect(generate.mock.calls[0]).toMatchObject([
      { subject: { name: 'Viktor Petrov', countryCodes: ['RU'] } },
    ]);
    const text = output();
    expect(text).toContain('press-1');
    expect(text).toContain('Risk summary: High press risk');
    expect(text).toContain('General summary: Searched 120 sources.');
    expect(text).toMatch(/fraud: severity high, certainty medium — 1 source/);
    expect(text).toContain('Sources: 1 (1 known quality, 0 read)');
    expect(text).toContain('[quality] Viktor Petrov charged — dailyledger.example');
  });

  it('prints the contract shape with --json', async () => {
    const generated: PressGenerateResult = { state: 'generated', report: detail(), diff: null };
    const { run, output } = harness(
      fakePress({ generate: vi.fn(() => Promise.resolve(generated)) }),
    );
    expect(await run('report', '--name', 'Viktor Petrov', '--json')).toBe(0);
    expect(JSON.parse(output())).toEqual(generated);
  });

  it('stops at a recent report or a generation in doubt without --yes, saying to add it', async () => {
    for (const result of [
      { state: 'recent', recent: summary({ id: 'press-9' }) },
      { state: 'in-doubt', since: '2026-11-20T10:00:00Z', lookedIn: 'the kept reports' },
    ] satisfies PressGenerateResult[]) {
      const generate = vi.fn(() => Promise.resolve(result));
      const { run, output } = harness(fakePress({ generate }));
      expect(await run('report', '--name', 'Viktor Petrov')).toBe(1);
      expect(output()).toMatch(/add --yes/i);
      expect(generate).toHaveBeenCalledTimes(1);
      expect(generate.mock.calls[0]).toMatchObject([{ confirmRepeat: false }]);
    }
  });

  it('reads a kept report without the service, and fetches one it does not keep', async () => {
    const notOpened = vi.fn(() => Promise.reject(new Error('not to be fetched')));
    const kept = fakePress({ get: vi.fn(() => detail()), open: notOpened });
    expect(await harness(kept).run('get', 'press-1')).toBe(0);
    expect(notOpened).not.toHaveBeenCalled();
    const open = vi.fn(() => Promise.resolve(detail()));
    const { run, output } = harness(fakePress({ open }));
    expect(await run('get', 'press-1', '--json')).toBe(0);
    expect(open).toHaveBeenCalledWith('press-1');
    expect(JSON.parse(output())).toEqual(detail());
  });

  it('says plainly when a command needs the service and this run has none; a forced one is queued', async () => {
    const generate = vi.fn(() => Promise.reject(new Error('not to be generated')));
    const open = vi.fn(() => Promise.reject(new Error('not to be fetched')));
    const press = fakePress({ generate, open, get: vi.fn(() => null) });
    const { run, force } = harness(press, { state: 'sent' }, 'No token for the service.');
    await expect(run('report', '--name', 'A B')).rejects.toThrow('No token for the service.');
    await expect(run('get', 'press-1')).rejects.toThrow('No token for the service.');
    expect(generate).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    // A forced generation waits in the outbox for the app (which holds the token) to send.
    expect(await run('force', 'C-7')).toBe(0);
    expect(force.send).not.toHaveBeenCalled();
    expect(force.queue).toHaveBeenCalledTimes(1);
    const kept = harness(fakePress({ get: vi.fn(() => detail()) }), { state: 'sent' }, 'offline');
    expect(await kept.run('get', 'press-1')).toBe(0);
  });

  it('forces a report: sent now and picked up, or queued once when the service is unreachable', async () => {
    const sent = harness(fakePress(), { state: 'sent' });
    expect(await sent.run('force', 'C-7')).toBe(0);
    expect(sent.force.queue).not.toHaveBeenCalled();
    expect(sent.force.pickUp).toHaveBeenCalledWith('C-7');
    expect(sent.output()).toMatch(/^Sent/);

    const offline = harness(fakePress(), { state: 'unreachable', reason: 'connection refused' });
    expect(await offline.run('force', 'C-7', '--json')).toBe(0);
    expect(offline.force.queue).toHaveBeenCalledTimes(1);
    expect(offline.force.queue).toHaveBeenCalledWith('C-7');
    expect(JSON.parse(offline.output())).toEqual({
      state: 'queued',
      customerExternalId: 'C-7',
      outboxItemId: 'item-1',
      reason: 'connection refused',
    });

    const unread = harness(fakePress(), { state: 'sent' });
    unread.force.pickUp.mockImplementation(() => Promise.reject(new Error('timeline timed out')));
    expect(await unread.run('force', 'C-7')).toBe(0);
    expect(unread.force.queue).not.toHaveBeenCalled();
    expect(unread.output()).toMatch(/^Sent.*\nThe timeline could not be read: timeline timed out/);

    const lost = harness(fakePress(), { state: 'in-doubt', reason: 'the connection dropped' });
    expect(await lost.run('force', 'C-7')).toBe(1);
    expect(lost.force.queue).not.toHaveBeenCalled();
    expect(lost.output()).toMatch(/may be generating the report; not queued again/);
    // Awaited as a sent one is: the app's syncs look for it on the customer's timeline.
    expect(lost.force.pickUp).toHaveBeenCalledWith('C-7');
  });

  it('never sends or queues a forced generation while one waits in the outbox for the same customer', async () => {
    const again = harness(fakePress(), { state: 'sent' });
    again.force.waiting.mockImplementation(() => ({ id: 'item-9', state: 'failed' }));
    expect(await again.run('force', 'C-7')).toBe(0);
    expect(again.force.waiting).toHaveBeenCalledWith('C-7');
    expect(again.force.send).not.toHaveBeenCalled();
    expect(again.force.queue).not.toHaveBeenCalled();
    expect(again.output()).toMatch(/already waits in the profile's outbox \(item item-9, failed\)/);
  });

  it('prints service strings as plain text: no escape sequences, bidi controls or line breaks', async () => {
    const hostile = detail({
      riskSummary: 'Risk\u001b]0;owned\u0007 \u202eevil\u202c\nnext',
      sources: [
        {
          ...(detail().sources[0] as PressReportDetail['sources'][number]),
          title: '<img src=x onerror=alert(1)>\u001b[31mred\u001b[0m',
        },
      ],
    });
    const { run, output } = harness(fakePress({ get: vi.fn(() => hostile) }));
    await run('get', 'press-1');
    const text = output();
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(text).toContain('Risk]0;owned evil next');
    expect(text).toContain('<img src=x onerror=alert(1)>[31mred[0m');
  });

  it('lists kept reports and shows what changed between two', async () => {
    const list = {
      reports: [summary(), summary({ id: 'press-0', highestSeverity: null, categories: [] })],
      total: 2,
      categories: ['fraud'],
    };
    const diff: PressDiff = {
      older: summary({ id: 'press-0' }),
      newer: summary(),
      categories: [
        {
          category: 'fraud',
          change: 'severity',
          before: {
            ...detail().categories[0],
            severity: 'medium',
          } as PressDiff['categories'][number]['before'],
          after: { ...detail().categories[0] } as PressDiff['categories'][number]['after'],
        },
      ],
      sources: { added: detail().sources, removed: [], unchanged: 4 },
      namesake: { countBefore: 3, countAfter: 5, scoreBefore: 40, scoreAfter: 40 },
      generalSummary: [
        { op: 'same', text: 'Searched' },
        { op: 'removed', text: '100' },
        { op: 'added', text: '120' },
        { op: 'same', text: 'sources.' },
      ],
      riskSummary: [{ op: 'same', text: 'High press risk.' }],
      same: false,
    };
    const listed = vi.fn(() => list);
    const compare = vi.fn(() => diff);
    const { run, output } = harness(fakePress({ list: listed, compare }));
    expect(await run('list', '--customer', 'C-7', '--severity', 'high')).toBe(0);
    expect(listed).toHaveBeenCalledWith({ customerExternalId: 'C-7', severity: 'high' });
    expect(output()).toMatch(/press-1 .*\n {4}highest high; 1 sources; fraud \(high\)/);
    expect(output()).toMatch(/press-0 .*\n {4}no findings/);
    expect(output()).toContain('2 reports');
    expect(await run('diff', 'press-0', 'press-1')).toBe(0);
    expect(compare).toHaveBeenCalledWith('press-0', 'press-1');
    const text = output();
    expect(text).toContain(
      '~ fraud severity changed: severity medium, certainty medium → severity high, certainty medium',
    );
    expect(text).toContain('Sources: 1 added, 0 removed, 4 unchanged');
    expect(text).toContain('+ [quality] Viktor Petrov charged  https://dailyledger.example/a');
    expect(text).toContain('Namesakes: 3 → 5 (score 40)');
    expect(text).toContain('General summary: Searched [-100-] {+120+} sources.');
  });
});
