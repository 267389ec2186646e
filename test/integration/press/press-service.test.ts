import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PressGenerateInput } from '../../../preload/contract';
import { AppError } from '../../../main/lib/app-error';
import { AWAIT_FORCED_MS, RECENT_MS } from '../../../main/press/press-service';
import { customerName } from '../../../main/sandbox/db/tenant-store';
import type { CustomerRecord } from '../../../main/sandbox/model';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';
import { clientFor, failureOf, recordingDispatcher } from '../api/client-fixture';
import { pressAt } from './press-fixture';

const generateInput = (input: unknown) => PressGenerateInput.parse(input);

describe('the press core against the sandbox', () => {
  let t: TestSandbox;
  let temp: ReturnType<typeof makeTempDir>;
  let core: ReturnType<typeof pressAt>;
  const recorder = recordingDispatcher();
  const instantReports = () =>
    recorder.sent.filter((request) => request.path.endsWith('/press/instantreport'));

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterAll(async () => {
    await t.close();
    await recorder.close();
  });
  beforeEach(() => {
    temp?.remove();
    temp = makeTempDir('casedesk-press-');
    core?.close();
    core = pressAt(temp.path, clientFor(t, { dispatcher: recorder.dispatcher }).client);
    recorder.sent.length = 0;
    t.sandbox.faults.reset();
  });

  const someCustomer = (offset = 3): { id: string; serviceId: string; name: string } => {
    const row = t.sandbox.db
      .prepare('SELECT id, json FROM customers ORDER BY external_id LIMIT 1 OFFSET ?')
      .get(offset) as { id: string; json: string };
    const customer = JSON.parse(row.json) as CustomerRecord;
    return { id: customer.external_id, serviceId: row.id, name: customerName(customer) };
  };

  it('generates, keeps, and compares the next report of the same subject with the newest kept one', async () => {
    const first = await core.press.generate(
      generateInput({
        subject: { firstName: 'Élodie', lastName: 'Marchand', countryCodes: ['fr'] },
      }),
    );
    expect(first.state).toBe('generated');
    if (first.state !== 'generated') return;
    expect(first.diff).toBeNull();
    expect(JSON.parse(instantReports()[0]?.body ?? '{}')).toEqual({
      name: 'Élodie Marchand',
      additional_info: { country_codes: ['FR'] },
    });
    core.clock.ms += RECENT_MS + 1;
    // The same person typed differently is the same subject.
    const second = await core.press.generate(
      generateInput({ subject: { name: '  marchand ELODIE ', entityType: 'person' } }),
    );
    expect(second.state).toBe('generated');
    if (second.state !== 'generated') return;
    expect(JSON.parse(instantReports()[1]?.body ?? '{}')).toMatchObject({
      name: 'marchand ELODIE',
      previous_instant_report_id: first.report.summary.id,
      additional_info: { entity_type: 1 },
    });
    expect(second.report.summary.previousReportId).toBe(first.report.summary.id);
    expect(second.diff?.older.id).toBe(first.report.summary.id);
    expect(second.diff?.newer.id).toBe(second.report.summary.id);
    // Kept: listed newest first and read back offline.
    expect(core.press.list({}).reports.map((report) => report.id)).toEqual([
      second.report.summary.id,
      first.report.summary.id,
    ]);
    expect(core.press.get(first.report.summary.id)).toEqual(first.report);
    // Asked in either order, the older comes first.
    expect(core.press.compare(second.report.summary.id, first.report.summary.id).older.id).toBe(
      first.report.summary.id,
    );
    // null: no comparison asked.
    core.clock.ms += RECENT_MS + 1;
    await core.press.generate(
      generateInput({ subject: { name: 'Elodie Marchand' }, previousReportId: null }),
    );
    expect(JSON.parse(instantReports()[2]?.body ?? '{}')).not.toHaveProperty(
      'previous_instant_report_id',
    );
  });

  it('asks before generating the same subject again within ten minutes, and generates when confirmed', async () => {
    const customer = someCustomer();
    const subject = { name: customer.name, customerExternalId: customer.id };
    const made = await core.press.generate(generateInput({ subject }));
    expect(made.state).toBe('generated');
    core.clock.ms += RECENT_MS - 1_000;
    const again = await core.press.generate(generateInput({ subject }));
    expect(again).toMatchObject({ state: 'recent', recent: { customerExternalId: customer.id } });
    expect(instantReports()).toHaveLength(1);
    const confirmed = await core.press.generate(generateInput({ subject, confirmRepeat: true }));
    expect(confirmed.state).toBe('generated');
    expect(instantReports()).toHaveLength(2);
    expect(core.press.countFor(customer.id)).toBe(2);
    expect(core.press.list({ customerExternalId: customer.id }).total).toBe(2);
  });

  it('generates without the previous report when the service does not know it, and says so', async () => {
    const result = await core.press.generate(
      generateInput({ subject: { name: 'Ana Pereira' }, previousReportId: 'press-unknown-1' }),
    );
    expect(result).toMatchObject({
      state: 'generated',
      diff: null,
      notice: expect.stringContaining('press-unknown-1') as unknown,
      report: { summary: { previousReportId: null } },
    });
    expect(instantReports()).toHaveLength(2);
    expect(JSON.parse(instantReports()[1]?.body ?? '{}')).not.toHaveProperty(
      'previous_instant_report_id',
    );
  });

  it('opens a report by id and keeps it; an unknown id is a clear not-found, an odd one is refused', async () => {
    const other = pressAt(makeTempDir('casedesk-press-other-').path, clientFor(t).client);
    const made = await other.press.generate(generateInput({ subject: { name: 'Jonas Berg' } }));
    other.close();
    if (made.state !== 'generated') throw new Error(made.state);
    const id = made.report.summary.id;
    expect(core.press.get(id)).toBeNull();
    const opened = await core.press.open(`  ${id} `);
    expect(opened.summary).toMatchObject({ id, origin: 'opened' });
    expect(core.press.get(id)?.summary.id).toBe(id);

    const missing = await failureOf(core.press.open('press-no-such-report'));
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ code: 'not_found' });
    expect((missing as Error).message).toMatch(/service has no press report press-no-such-report/);
    for (const odd of ['', '   ', '../customers', 'a b', 'x?y=1'])
      expect(await failureOf(core.press.open(odd))).toMatchObject({ code: 'invalid_input' });
  });

  /** A generated report with sources (the sandbox finds nothing on some names). */
  const reportWithSources = async () => {
    for (const name of [
      'Omar Haddad',
      'Viktor Petrov',
      'Maria Gonzalez',
      'Chen Wei',
      'John Smith',
    ]) {
      const made = await core.press.generate(generateInput({ subject: { name } }));
      if (made.state === 'generated' && made.report.sources.some((source) => source.title))
        return made.report;
    }
    throw new Error('no sandbox report with sources');
  };

  it('compares with a previous report made elsewhere, reading and keeping it first', async () => {
    const other = pressAt(makeTempDir('casedesk-press-elsewhere-').path, clientFor(t).client);
    const earlier = await other.press.generate(generateInput({ subject: { name: 'Ida Storm' } }));
    other.close();
    if (earlier.state !== 'generated') throw new Error(earlier.state);
    const id = earlier.report.summary.id;
    const result = await core.press.generate(
      generateInput({ subject: { name: 'Ida Storm' }, previousReportId: id }),
    );
    expect(result).toMatchObject({ state: 'generated', diff: { older: { id, origin: 'opened' } } });
    expect(core.press.get(id)?.summary.origin).toBe('opened');
  });

  it('a lost answer is not settled by a forced report the customer’s timeline shows since', async () => {
    const customer = someCustomer(7);
    const subject = { name: customer.name, customerExternalId: customer.id };
    t.sandbox.faults.set({ dropRate: 1 });
    const lost = await failureOf(core.press.generate(generateInput({ subject })));
    t.sandbox.faults.reset();
    expect(lost).toMatchObject({ code: 'outcome_unknown' });
    expect(
      (await t.call('POST', `/api/v1/press/report/${customer.serviceId}/forcegen`)).status,
    ).toBe(204);
    // A forced report is not the instant one asked for: CaseDesk cannot tell, so it asks.
    expect(await core.press.generate(generateInput({ subject }))).toMatchObject({
      state: 'in-doubt',
      lookedIn: expect.stringMatching(/cannot look for it/) as unknown,
    });
    expect(instantReports()).toHaveLength(1);
  });

  it('keeps a source marked read when the report is opened again by id', async () => {
    const report = await reportWithSources();
    const made = { report };
    const source = report.sources[0];
    if (!source) throw new Error('the sandbox report has no source');
    const summary = core.press.markSourceRead(made.report.summary.id, source.key, true);
    expect(summary.readSourceCount).toBe(1);
    const reopened = await core.press.open(made.report.summary.id);
    expect(reopened.summary.origin).toBe('generated');
    expect(reopened.sources.find((entry) => entry.key === source.key)?.read).toBe(true);
    expect(() => core.press.markSourceRead(made.report.summary.id, 'no-such', true)).toThrow(
      /no such source/,
    );
  });

  it('picks up a report forced for a customer from its timeline, once', async () => {
    const customer = someCustomer(5);
    const forced = await t.call('POST', `/api/v1/press/report/${customer.serviceId}/forcegen`);
    expect(forced.status).toBe(204);
    const timeline = (
      await t.call('GET', `/api/v1/customers/${customer.id}/timeline?limit=100`)
    ).json<Array<{ EventType: string; Url: string; CreatedAt: string }>>();
    const events = timeline.map((event) => ({
      eventType: event.EventType,
      url: event.Url,
      createdAt: event.CreatedAt,
    }));
    expect(await core.press.pickUp(customer.id, events)).toBe(1);
    // Kept already: not read again.
    recorder.sent.length = 0;
    expect(await core.press.pickUp(customer.id, events)).toBe(0);
    expect(recorder.sent).toEqual([]);
    const [kept] = core.press.list({ customerExternalId: customer.id }).reports;
    expect(kept).toMatchObject({ origin: 'forced', customerExternalId: customer.id });
    // One that cannot be fetched does not stop the others.
    const broken = [
      {
        eventType: 'press_report_generated',
        url: '/api/v1/press/reportbody/press-gone',
        createdAt: '2030-01-01T00:00:00Z',
      },
      ...events,
    ];
    await t.call('POST', `/api/v1/press/report/${customer.serviceId}/forcegen`);
    const more = (await t.call('GET', `/api/v1/customers/${customer.id}/timeline?limit=100`)).json<
      Array<{ EventType: string; Url: string; CreatedAt: string }>
    >();
    expect(
      await core.press.pickUp(customer.id, [
        ...broken,
        ...more.map((event) => ({
          eventType: event.EventType,
          url: event.Url,
          createdAt: event.CreatedAt,
        })),
      ]),
    ).toBe(1);
    expect(core.press.countFor(customer.id)).toBe(2);
  });

  it('a report id the service does not know is remembered and not asked for again at every pick-up', async () => {
    const customer = someCustomer(11);
    const gone = [
      {
        eventType: 'press_report_generated',
        url: '/api/v1/press/reportbody/press-gone-for-good',
        createdAt: '2030-01-01T00:00:00Z',
      },
    ];
    expect(await core.press.pickUp(customer.id, gone)).toBe(0);
    expect(
      recorder.sent.filter((request) => request.path.includes('press-gone-for-good')),
    ).toHaveLength(1);
    recorder.sent.length = 0;
    expect(await core.press.pickUp(customer.id, gone)).toBe(0);
    expect(recorder.sent).toEqual([]);
    expect(core.press.has('press-gone-for-good')).toBe(false);
  });

  it('a delivered forced generation is awaited until its report is kept, timeline read after timeline read, and given up after days', async () => {
    const customer = someCustomer(9);
    const since = core.clock.ms - 1_000;
    expect(
      (await t.call('POST', `/api/v1/press/report/${customer.serviceId}/forcegen`)).status,
    ).toBe(204);
    core.press.awaitForced(customer.id, since);
    // The timeline cannot be read now: still awaited.
    t.sandbox.faults.set({ serverErrorRate: 1 });
    expect(await core.press.followForced()).toBe(0);
    t.sandbox.faults.reset();
    expect(core.press.countFor(customer.id)).toBe(0);
    // The next sync reads it again and keeps the report; then it is no longer awaited.
    expect(await core.press.followForced()).toBe(1);
    expect(core.press.list({ customerExternalId: customer.id }).reports).toEqual([
      expect.objectContaining({ origin: 'forced', customerExternalId: customer.id }),
    ]);
    recorder.sent.length = 0;
    expect(await core.press.followForced()).toBe(0);
    expect(recorder.sent).toEqual([]);

    // One the service never names is read for a few days, then given up.
    const quiet = someCustomer(10);
    core.press.awaitForced(quiet.id, core.clock.ms);
    expect(await core.press.followForced()).toBe(0);
    expect(recorder.sent.some((request) => request.path.includes(quiet.id))).toBe(true);
    core.clock.ms += AWAIT_FORCED_MS + 1;
    recorder.sent.length = 0;
    expect(await core.press.followForced()).toBe(0);
    expect(recorder.sent).toEqual([]);
  });

  it('a generation whose answer was lost is marked in doubt, said to be unknowable, and repeated only when confirmed', async () => {
    const customer = someCustomer();
    const subject = { name: customer.name, customerExternalId: customer.id };
    t.sandbox.faults.set({ dropRate: 1 });
    const lost = await failureOf(core.press.generate(generateInput({ subject })));
    t.sandbox.faults.reset();
    expect(lost).toBeInstanceOf(AppError);
    // Its own code (not "unavailable": the service was reached), so screens say it may exist.
    expect(lost).toMatchObject({ code: 'outcome_unknown' });
    expect((lost as Error).message).toMatch(/may exist on the service/);
    expect(instantReports()).toHaveLength(1);
    const asked = await core.press.generate(generateInput({ subject }));
    expect(asked).toMatchObject({
      state: 'in-doubt',
      lookedIn: expect.stringMatching(/cannot look for it/) as unknown,
    });
    expect(instantReports()).toHaveLength(1);
    const confirmed = await core.press.generate(generateInput({ subject, confirmRepeat: true }));
    expect(confirmed.state).toBe('generated');
    expect(instantReports()).toHaveLength(2);
    // Once made, the doubt is gone: the next one is only "recent".
    expect((await core.press.generate(generateInput({ subject }))).state).toBe('recent');
  });

  it('a lost answer for a name alone says CaseDesk could not look', async () => {
    t.sandbox.faults.set({ dropRate: 1 });
    await failureOf(core.press.generate(generateInput({ subject: { name: 'Lena Vogel' } })));
    t.sandbox.faults.reset();
    expect(
      await core.press.generate(generateInput({ subject: { name: 'vogel lena' } })),
    ).toMatchObject({
      state: 'in-doubt',
      lookedIn: expect.stringMatching(/^The interface cannot list instant reports/) as unknown,
    });
  });

  it('finds kept reports by words of their summaries, categories, source titles and names', async () => {
    const made = await core.press.generate(generateInput({ subject: { name: 'Mirela Ionescu' } }));
    if (made.state !== 'generated') throw new Error(made.state);
    expect(core.press.search('ionescu', 5).map((hit) => hit.id)).toEqual([made.report.summary.id]);
    expect(core.press.search('IONÉS', 5).map((hit) => hit.id)).toEqual([made.report.summary.id]);
    const withSources = await reportWithSources();
    const title = withSources.sources.find((source) => source.title.trim())?.title ?? '';
    const word = title.match(/[\p{L}]{5,}/u)?.[0] ?? '';
    expect(word).not.toBe('');
    expect(core.press.search(word, 20).map((hit) => hit.id)).toContain(withSources.summary.id);
    expect(core.press.search('zzqqxx', 5)).toEqual([]);
    expect(core.press.search('  ', 5)).toEqual([]);
  });
  it('compares from the report the service made first, whichever CaseDesk kept first', async () => {
    const made = await core.press.generate(generateInput({ subject: { name: 'Ida Storm' } }));
    if (made.state !== 'generated') throw new Error(made.state);
    // A colleague's report on the same name, made months before, is opened by its id afterwards.
    const body = (await t.call('GET', `/api/v1/press/reportbody/${made.report.summary.id}`)).json<
      Record<string, unknown>
    >();
    const planted = await t.call('PUT', '/__sandbox/press/reportbody/press_made_before', {
      body: { ...body, report_body_id: 'press_made_before', created_at: '2026-01-05T10:00:00Z' },
    });
    expect(planted.status).toBe(200);
    core.clock.ms += 60_000;
    await core.press.open('press_made_before');

    for (const [a, b] of [
      ['press_made_before', made.report.summary.id],
      [made.report.summary.id, 'press_made_before'],
    ] as const) {
      const diff = core.press.compare(a, b);
      expect(diff.older.id).toBe('press_made_before');
      expect(diff.newer.id).toBe(made.report.summary.id);
    }
  });
});
