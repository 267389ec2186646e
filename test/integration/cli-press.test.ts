import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OutboxItemView,
  PressDiff,
  PressGenerateResult,
  PressList,
  PressReportDetail,
} from '../../preload/contract';
import type { Core } from '../../main/core';
import { silentLogger } from '../../main/lib/logger';
import { openOutbox } from '../../main/outbox/outbox-store';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { syncToEnd } from '../support/sync-to-end';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

// `press …` of the built command line against the sandbox, on the merged press core and the
// profile's own local store and outbox (the ones the app reads), as an investigator runs it.

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const PROFILE = 'Press tenant';

/** A failed run as execFile rejects it: its exit code and output. */
interface Failed {
  code: number;
  stdout: string;
  stderr: string;
}

describe('press on the command line (built), against the sandbox', () => {
  let t: TestSandbox;
  const dataDir = makeTempDir('casedesk-cli-press-');
  let profileId = '';
  const cli = (...args: string[]) => {
    // The profile's token is in its private file: none from the environment.
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.CASEDESK_TOKEN;
    return run(
      process.execPath,
      ['out/main/cli.js', ...args, '--profile', PROFILE, '--data-dir', dataDir.path],
      { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 },
    );
  };
  const cliJson = async <T>(...args: string[]): Promise<T> =>
    JSON.parse((await cli(...args, '--json')).stdout) as T;
  const failing = async (...args: string[]): Promise<Failed> => {
    try {
      const done = await cli(...args);
      throw new Error(`exited 0: ${done.stdout}`);
    } catch (error) {
      return error as Failed;
    }
  };
  /** A customer the profile's cache knows with its service id, as the app has it after a sync. */
  const customerAt = (offset: number) => {
    const cache = new Database(join(dataDir.path, 'profiles', profileId, 'cache.db'), {
      readonly: true,
    });
    try {
      return (
        cache
          .prepare(
            'SELECT external_id FROM customers WHERE id IS NOT NULL ORDER BY external_id LIMIT 1 OFFSET ?',
          )
          .get(offset) as { external_id: string }
      ).external_id;
    } finally {
      cache.close();
    }
  };
  /** The press_report_generated events the service's timeline shows for a customer. */
  const forcedOnTimeline = async (customer: string) =>
    (await t.call('GET', `/api/v1/customers/${customer}/timeline`))
      .json<Array<{ EventType?: string }>>()
      .filter((event) => event.EventType === 'press_report_generated').length;

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 30 });
    // A profile saved by the app, its token in the private file.
    const core = await createTestCore(dataDir.path);
    const saved = await core.dispatch(
      'profiles.save',
      { name: PROFILE, baseUrl: t.sandbox.baseUrl, token: t.sandbox.token, tokenStorage: 'weak' },
      { transport: 'browser' },
    );
    if (!saved.ok) throw new Error(saved.error.message);
    profileId = (saved.value as { id: string }).id;
    // Synced once, as the app would have: a forced report names the customer by the service's
    // own id, which CaseDesk reads from the cache.
    try {
      const activated = await core.dispatch(
        'profiles.activate',
        { id: profileId },
        { transport: 'browser' },
      );
      if (!activated.ok) throw new Error(activated.error.message);
      await syncToEnd(core.events, () =>
        core.dispatch('sync.start', { full: true }, { transport: 'browser' }),
      );
    } finally {
      await core.dispose();
    }
  });
  afterAll(async () => {
    await t.close();
    dataDir.remove();
  });

  it('keeps a generated report, lists it, reads it with the service stopped, asks before a repeat and compares', async () => {
    const subject = [
      '--name',
      'Viktor Petrov',
      '--country',
      'RU,ua',
      '--dob',
      '1970-04-02',
      '--entity',
      'person',
    ];
    const first = await cliJson<PressGenerateResult>('press', 'report', ...subject);
    if (first.state !== 'generated') throw new Error(`first report: ${first.state}`);
    const a = first.report.summary.id;
    expect(first.report.summary).toMatchObject({
      subjectName: 'Viktor Petrov',
      origin: 'generated',
      previousReportId: null,
    });
    expect(first.report.input?.countryCodes).toEqual(['RU', 'UA']);
    expect(first.diff).toBeNull();

    const listed = await cliJson<PressList>('press', 'list');
    expect(listed.reports.map((report) => report.id)).toEqual([a]);

    // A second one of the same subject a moment later asks first: it may cost the tenant.
    const repeat = await failing('press', 'report', ...subject);
    expect(repeat.code).toBe(1);
    expect(repeat.stdout).toMatch(/“Viktor Petrov” was made a short while ago/);
    expect(repeat.stdout).toContain(`press get ${a}`);
    expect(repeat.stdout).toMatch(/--yes/);
    expect((await cliJson<PressList>('press', 'list')).total).toBe(1);

    const second = await cliJson<PressGenerateResult>('press', 'report', ...subject, '--yes');
    if (second.state !== 'generated') throw new Error(`second report: ${second.state}`);
    const b = second.report.summary.id;
    expect(b).not.toBe(a);
    expect(second.report.summary.previousReportId).toBe(a);
    expect(second.diff?.older.id).toBe(a);

    // Any two kept reports, in either order: older first, the change the service made seen.
    const diff = await cliJson<PressDiff>('press', 'diff', b, a);
    expect(diff.older.id).toBe(a);
    expect(diff.newer.id).toBe(b);
    expect(diff.same).toBe(false);
    expect(diff).toEqual(second.diff);
    // The sandbox's next report names the previous one in its general summary.
    expect(
      diff.generalSummary
        .filter((piece) => piece.op === 'added')
        .map((piece) => piece.text)
        .join(' '),
    ).toContain(a);
    const human = (await cli('press', 'diff', a, b)).stdout;
    expect(human).toMatch(/^Older: /);
    expect(human).toMatch(/General summary: .*\{\+/);

    // The service stopped: the kept copies are read from the profile's local store.
    await t.stop();
    try {
      expect(await cliJson<PressReportDetail>('press', 'get', a)).toEqual(first.report);
      expect((await cliJson<PressList>('press', 'list')).reports.map((r) => r.id)).toEqual([b, a]);
      expect((await cli('press', 'get', b)).stdout).toMatch(
        new RegExp(`^Report ${b} .*about “Viktor Petrov”.*\\nCompared with: ${a}\\n`),
      );
    } finally {
      await t.restart();
    }
  });

  it('prints hostile report strings without control or bidirectional characters', async () => {
    const id = 'cli-hostile-1';
    const title =
      'Fraud \u202Ecod.exe\u202C probe \u001b[31mred\u001b[0m <img src=x onerror=alert(1)>';
    const planted = await t.call('PUT', `/__sandbox/press/reportbody/${id}`, {
      body: {
        report_body_id: id,
        created_at: '2026-01-02T03:04:05Z',
        general_summary: 'General\u2066 summary\u2069 with\u0007 a bell',
        risk_summary: 'Risk\r\nsummary on two lines',
        report_categories: [
          {
            category: 'Fraud\u200F',
            severity: 'high',
            degree_of_certainty: 'likely',
            reason: 'Reason',
            sources: [{ website: { url: 'https://news.example/a', title, snippet: 'x' } }],
          },
        ],
        general_sources: [],
        other_sources: [],
      },
    });
    expect(planted.status).toBeLessThan(300);
    const out = (await cli('press', 'get', id)).stdout;
    expect(out).not.toMatch(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(out).toContain('Fraud cod.exe probe [31mred[0m <img src=x onerror=alert(1)>');
    expect(out).toContain('Risk summary: Risk summary on two lines');
    expect(out).toContain('General summary: General summary with a bell');
    // Opened by id, it is kept: read again with the service stopped.
    await t.stop();
    try {
      expect((await cliJson<PressReportDetail>('press', 'get', id)).summary.origin).toBe('opened');
    } finally {
      await t.restart();
    }
  });

  it('forces a report for a customer: sent once, and the report its timeline names is kept', async () => {
    const customer = customerAt(3);
    const before = await forcedOnTimeline(customer);
    const sent = await cliJson<{ state: string; pickedUp: number }>('press', 'force', customer);
    expect(sent).toMatchObject({ state: 'sent', pickedUp: 1 });
    expect(await forcedOnTimeline(customer)).toBe(before + 1);
    const kept = await cliJson<PressList>('press', 'list', '--customer', customer);
    expect(kept.reports).toHaveLength(1);
    expect(kept.reports[0]).toMatchObject({ origin: 'forced', customerExternalId: customer });
    // Nothing was left in the outbox for the app to send again.
    const outbox = openOutbox(join(dataDir.path, 'profiles', profileId, 'outbox.db'), silentLogger);
    try {
      expect(
        outbox
          .list()
          .filter(
            (item) => item.payload.kind === 'press.force' && 'customerExternalId' in item.payload,
          )
          .map((item) => (item.payload as { customerExternalId: string }).customerExternalId),
      ).not.toContain(customer);
    } finally {
      outbox.close();
    }
  });

  it('queues a forced report in the profile’s outbox while the service is stopped; the app sends it once', async () => {
    const customer = customerAt(5);
    const before = await forcedOnTimeline(customer);
    await t.stop();
    let itemId = '';
    try {
      const said = (await cli('press', 'force', customer)).stdout;
      expect(said).toMatch(
        /^Not sent: .+\nQueued in the profile's outbox \(item [\w-]+\): the app sends it once/,
      );
      itemId = /\(item ([\w-]+)\)/.exec(said)?.[1] ?? '';
    } finally {
      await t.restart();
    }
    expect(await forcedOnTimeline(customer)).toBe(before);

    // The app's own outbox for the profile holds it, as the app's press.force kind.
    const outbox = openOutbox(join(dataDir.path, 'profiles', profileId, 'outbox.db'), silentLogger);
    const item = outbox.list().find((entry) => entry.id === itemId);
    outbox.close();
    expect(item).toMatchObject({
      state: 'queued',
      payload: { kind: 'press.force', customerExternalId: customer },
    });

    // The app opens the profile: its outbox replay sends it, exactly once, and keeps the report.
    const core: Core = await createTestCore(dataDir.path);
    try {
      const call = async <T>(method: string, input?: unknown): Promise<T> => {
        const reply = await core.dispatch(method, input, { transport: 'browser' });
        if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
        return reply.value as T;
      };
      await call('profiles.activate', { id: profileId });
      await syncToEnd(core.events, () => call('sync.start', { full: true }));
      const delivered = (await call<OutboxItemView[]>('outbox.list')).find(
        (entry) => entry.id === itemId,
      );
      expect(delivered?.state).toBe('done');
      await syncToEnd(core.events, () => call('sync.start', { full: false }));
    } finally {
      await core.dispose();
    }
    expect(await forcedOnTimeline(customer)).toBe(before + 1);
    const kept = await cliJson<PressList>('press', 'list', '--customer', customer);
    expect(kept.reports.map((report) => report.origin)).toEqual(['forced']);
  });

  it('refuses bad arguments with exit code 2', async () => {
    for (const [args, message] of [
      [['press', 'report', '--name', '  '], /Give a name to report on/],
      [['press', 'report', '--name', 'Ann Lee', '--country', 'FRA'], /--country/],
      [['press', 'report', '--name', 'Ann Lee', '--previous', 'x', '--no-previous'], /not both/],
      [['press', 'get'], /a report id/],
      [['press', 'force', 'C-1', 'C-2'], /customer's external id/],
      [['press', 'list', '--severity', 'extreme'], /--severity/],
      [['press', 'diff', 'a', 'b', '--yes'], /does not take --yes/],
    ] as const) {
      const failed = await failing(...args);
      expect(failed.code, args.join(' ')).toBe(2);
      expect(failed.stderr).toMatch(message);
    }
  });
});
