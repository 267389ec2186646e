import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ServiceError, type ServiceClient } from '../../../main/api';
import type { InstantReportRequest } from '../../../main/api/request-types';
import { PressGenerateInput } from '../../../preload/contract';
import { AppError } from '../../../main/lib/app-error';
import {
  AWAIT_FORCED_MS,
  FORCED_FOLLOWED_PER_CALL,
  RECENT_MS,
} from '../../../main/press/press-service';
import { makeTempDir } from '../../support/temp-dir';
import { pressAt } from './press-fixture';

// The press core's rules around generating, on a service the test answers for: what counts as
// the same subject, which report is the previous one, one generation at a time, a lost answer.

interface Answer {
  createdAt: string;
}

function fakeService() {
  const sent: InstantReportRequest[] = [];
  const answers: Answer[] = [];
  let gate: Promise<void> | null = null;
  let lose = false;
  let timelineReads = 0;
  const client = {
    press: {
      async instantReport(request: InstantReportRequest) {
        sent.push(request);
        if (gate) await gate;
        if (lose)
          throw new ServiceError({
            operation: 'press.instantReport',
            kind: 'network',
            status: null,
            retryable: false,
            outcomeUnknown: true,
          });
        const answer = answers.shift() ?? { createdAt: '2026-01-01T00:00:00Z' };
        return {
          report_body_id: `r${sent.length}`,
          created_at: answer.createdAt,
          general_summary: 'g',
          risk_summary: 'r',
          general_sources: [],
          other_sources: [],
          report_categories: [],
          metadata: { input: { name: request.name } },
        };
      },
      reportBody: () => Promise.reject(new Error('not asked here')),
      forceGeneration: () => Promise.resolve(),
    },
    customers: {
      timeline: () => {
        timelineReads += 1;
        return Promise.resolve([
          {
            ID: 'e1',
            EventType: 'press_report_generated',
            Url: '/api/v1/press/reportbody/forced-1',
            CreatedAt: '2099-01-01T00:00:00Z',
          },
        ]);
      },
    },
  } as unknown as Pick<ServiceClient, 'press' | 'customers'>;
  return {
    client,
    sent,
    answers,
    hold() {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    lose: (value: boolean) => {
      lose = value;
    },
    timelineReads: () => timelineReads,
  };
}

const input = (value: unknown) => PressGenerateInput.parse(value);

describe('generating press reports', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let service: ReturnType<typeof fakeService>;
  let core: ReturnType<typeof pressAt>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-press-rules-');
    service = fakeService();
    core = pressAt(temp.path, service.client);
  });
  afterEach(() => {
    core.close();
    temp.remove();
  });

  it('answers "running" while a generation of the same subject waits for the service, sending nothing more', async () => {
    const release = service.hold();
    const first = core.press.generate(
      input({ subject: { name: 'Viktor Petrov', customerExternalId: 'C1' } }),
    );
    // The same customer under another spelling, and the same name without the customer.
    for (const subject of [
      { name: 'V. Petrov', customerExternalId: 'C1' },
      { name: 'petrov viktor' },
    ])
      expect(await core.press.generate(input({ subject, confirmRepeat: true }))).toMatchObject({
        state: 'running',
        since: expect.any(String) as unknown,
      });
    expect(service.sent).toHaveLength(1);
    release();
    expect((await first).state).toBe('generated');
    // Done: no longer running.
    core.clock.ms += RECENT_MS + 1;
    expect((await core.press.generate(input({ subject: { name: 'Viktor Petrov' } }))).state).toBe(
      'generated',
    );
  });

  it('asks first when the same subject was generated a short while ago, from the customer page or by name', async () => {
    const made = await core.press.generate(
      input({ subject: { name: 'Viktor Petrov', customerExternalId: 'C1' } }),
    );
    if (made.state !== 'generated') throw new Error(made.state);
    expect(await core.press.generate(input({ subject: { name: 'PETROV Viktor' } }))).toMatchObject({
      state: 'recent',
      recent: { id: made.report.summary.id },
    });
    expect(
      await core.press.generate(
        input({ subject: { name: 'V. Petrov', customerExternalId: 'C1' } }),
      ),
    ).toMatchObject({ state: 'recent', recent: { id: made.report.summary.id } });
    expect(service.sent).toHaveLength(1);
  });

  it('compares with the same customer’s newest report first, else the newest of the same name key, by when the service made them', async () => {
    service.answers.push(
      { createdAt: '2026-03-05T00:00:00Z' },
      { createdAt: '2026-03-01T00:00:00Z' },
      { createdAt: '2026-03-09T00:00:00Z' },
    );
    // r1 for the customer; r2 by name only, kept later but made earlier.
    await core.press.generate(
      input({ subject: { name: 'Viktor Petrov', customerExternalId: 'C1' } }),
    );
    core.clock.ms += RECENT_MS + 1;
    await core.press.generate(
      input({ subject: { name: 'Petrov Viktor' }, previousReportId: null }),
    );
    core.clock.ms += RECENT_MS + 1;
    // By name: r1 is the newest made of that key, although r2 was kept later.
    const byName = await core.press.generate(input({ subject: { name: 'viktor petrov' } }));
    expect(service.sent[2]?.previous_instant_report_id).toBe('r1');
    if (byName.state !== 'generated') throw new Error(byName.state);
    core.clock.ms += RECENT_MS + 1;
    // For the customer under another spelling: the customer's own report (r1), not r3.
    await core.press.generate(input({ subject: { name: 'V. Petrov', customerExternalId: 'C1' } }));
    expect(service.sent[3]?.previous_instant_report_id).toBe('r1');
  });

  it('compares older with newer by when the service made them, whatever the order they were kept in', async () => {
    service.answers.push(
      { createdAt: '2026-03-05T00:00:00Z' },
      { createdAt: '2026-03-01T00:00:00Z' },
    );
    await core.press.generate(input({ subject: { name: 'Ann Lee' } }));
    core.clock.ms += RECENT_MS + 1;
    await core.press.generate(input({ subject: { name: 'Ann Lee' }, previousReportId: null }));
    for (const [a, b] of [
      ['r1', 'r2'],
      ['r2', 'r1'],
    ] as const) {
      const diff = core.press.compare(a, b);
      expect([diff.older.id, diff.newer.id]).toEqual(['r2', 'r1']);
    }
  });

  it('lists the reports of a subject key, with the customer’s reports under other names', async () => {
    await core.press.generate(
      input({ subject: { name: 'Viktor Petrov', customerExternalId: 'C1' } }),
    );
    await core.press.generate(input({ subject: { name: 'PETROV Viktor' }, confirmRepeat: true }));
    await core.press.generate(
      input({ subject: { name: 'V. Petrov', customerExternalId: 'C1' }, confirmRepeat: true }),
    );
    await core.press.generate(input({ subject: { name: 'Viktor Petrova' }, confirmRepeat: true }));
    const ids = (filter: object) =>
      core.press
        .list({ ...filter })
        .reports.map((report) => report.id)
        .sort();
    expect(ids({ subjectKey: 'petrov viktor' })).toEqual(['r1', 'r2']);
    expect(ids({ subjectKey: 'petrov viktor', customerExternalId: 'C1' })).toEqual([
      'r1',
      'r2',
      'r3',
    ]);
  });

  it('a lost answer is its own error, and a forced report on the timeline is not taken for it', async () => {
    service.lose(true);
    const lost = await core.press
      .generate(input({ subject: { name: 'Ann Lee', customerExternalId: 'C2' } }))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(lost).toBeInstanceOf(AppError);
    expect(lost).toMatchObject({ code: 'outcome_unknown' });
    expect((lost as Error).message).toMatch(/may exist on the service/);
    // Only what is true: an instant report cannot be looked for, the generation is remembered.
    expect((lost as Error).message).toMatch(/cannot look for it/);
    expect((lost as Error).message).toMatch(/asks before generating this subject again/);
    expect((lost as Error).message).not.toMatch(/will look for it/);
    service.lose(false);
    expect(
      await core.press.generate(input({ subject: { name: 'Ann Lee', customerExternalId: 'C2' } })),
    ).toMatchObject({
      state: 'in-doubt',
      // A sentence of its own, as the screens and the command line show it.
      lookedIn: expect.stringMatching(
        /^The interface cannot list instant reports.*cannot look for it.*\.$/,
      ) as unknown,
    });
    // The same name from the Press screen is the same subject: it asks too.
    expect((await core.press.generate(input({ subject: { name: 'lee ann' } }))).state).toBe(
      'in-doubt',
    );
    expect(service.sent).toHaveLength(1);
  });

  it('keeps two customers of the same name apart: running, recent, in doubt, previous report and lists are each one’s own', async () => {
    const forC = input({ subject: { name: 'Viktor Petrov', customerExternalId: 'C' } });
    const forD = input({ subject: { name: 'Viktor Petrov', customerExternalId: 'D' } });
    const release = service.hold();
    const first = core.press.generate(forC);
    // C's generation waiting for the service does not hold D's.
    const second = core.press.generate(forD);
    release();
    const [c, d] = [await first, await second];
    if (c.state !== 'generated' || d.state !== 'generated')
      throw new Error(`${c.state} ${d.state}`);
    // D's first report is compared with nothing of C's.
    expect(service.sent.map((sent) => sent.previous_instant_report_id)).toEqual([
      undefined,
      undefined,
    ]);
    expect(d.diff).toBeNull();
    core.clock.ms += RECENT_MS + 1;
    // C made a report a moment ago: D is not asked to confirm because of it.
    const again = await core.press.generate(forC);
    if (again.state !== 'generated') throw new Error(again.state);
    expect((await core.press.generate(forD)).state).toBe('generated');
    expect(service.sent[3]?.previous_instant_report_id).toBe(d.report.summary.id);
    core.clock.ms += RECENT_MS + 1;
    // C's lost answer puts C in doubt, and the bare name, but not D.
    service.lose(true);
    await core.press.generate(forC).catch(() => null);
    service.lose(false);
    expect((await core.press.generate(forC)).state).toBe('in-doubt');
    expect((await core.press.generate(input({ subject: { name: 'petrov viktor' } }))).state).toBe(
      'in-doubt',
    );
    expect((await core.press.generate(forD)).state).toBe('generated');
    expect((await core.press.generate(forC)).state).toBe('in-doubt');
    // The reports of D's subject are D's own (and any made by name alone), never C's.
    const listed = core.press
      .list({ subjectKey: 'petrov viktor', customerExternalId: 'D' })
      .reports.map((report) => report.customerExternalId);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((customer) => customer === 'D')).toBe(true);
  });

  describe('a delivered forced generation', () => {
    const DAY_MS = 24 * 60 * 60_000;
    const body = (id: string) => ({
      report_body_id: id,
      created_at: '2099-01-01T00:00:00Z',
      general_summary: 'g',
      risk_summary: 'r',
      general_sources: [],
      other_sources: [],
      report_categories: [],
      metadata: { input: { name: 'Ann Lee' } },
    });
    const forcedService = (options: { readableAfter: number; createdAt?: string }) => {
      let bodyReads = 0;
      let timelineReads = 0;
      const readCustomers: string[] = [];
      const client = {
        press: {
          reportBody(id: string) {
            bodyReads += 1;
            // A service may name the event a moment before the body can be read.
            if (bodyReads <= options.readableAfter)
              return Promise.reject(
                new ServiceError({
                  operation: 'press.reportBody',
                  kind: 'http',
                  status: 404,
                  retryable: false,
                  outcomeUnknown: false,
                }),
              );
            return Promise.resolve(body(id));
          },
        },
        customers: {
          timeline: (customer: string) => {
            timelineReads += 1;
            readCustomers.push(customer);
            return Promise.resolve([
              {
                ID: 'e1',
                EventType: 'press_report_generated',
                Url: `/api/v1/press/reportbody/forced-${customer}`,
                CreatedAt: options.createdAt ?? '2099-01-01T00:00:00Z',
              },
            ]);
          },
        },
      } as unknown as Pick<ServiceClient, 'press' | 'customers'>;
      return { client, timelineReads: () => timelineReads, readCustomers: () => readCustomers };
    };

    it('queued during a long trip offline is looked for from its delivery, not given up at once', async () => {
      const forced = forcedService({ readableAfter: 0 });
      const other = pressAt(join(temp.path, 'trip'), forced.client);
      try {
        // Queued eight days ago, delivered now.
        other.press.awaitForced('C1', other.clock.ms - 8 * DAY_MS);
        expect(await other.press.followForced()).toBe(1);
        expect(forced.timelineReads()).toBe(1);
        expect(other.press.has('forced-C1')).toBe(true);
      } finally {
        other.close();
      }
    });

    it('whose report the timeline names before the service can read it is read again at the next sync, not a month later', async () => {
      const forced = forcedService({ readableAfter: 1 });
      const other = pressAt(join(temp.path, 'early'), forced.client);
      try {
        other.press.awaitForced('C1', other.clock.ms);
        expect(await other.press.followForced()).toBe(0);
        other.clock.ms += 60_000;
        expect(await other.press.followForced()).toBe(1);
        expect(other.press.has('forced-C1')).toBe(true);
        // Given up after the days allowed, counted from delivery.
        other.press.awaitForced('C2', other.clock.ms);
        other.clock.ms += AWAIT_FORCED_MS + 1;
        const reads = forced.timelineReads();
        await other.press.followForced();
        expect(forced.timelineReads()).toBe(reads);
      } finally {
        other.close();
      }
    });

    it('is settled once its report is kept, even when the service’s date cannot be read', async () => {
      const forced = forcedService({ readableAfter: 0, createdAt: 'last Tuesday' });
      const other = pressAt(join(temp.path, 'odd-date'), forced.client);
      try {
        other.press.awaitForced('C1', other.clock.ms);
        expect(await other.press.followForced()).toBe(1);
        const reads = forced.timelineReads();
        expect(await other.press.followForced()).toBe(0);
        expect(forced.timelineReads()).toBe(reads);
      } finally {
        other.close();
      }
    });

    it('reads a bounded number of timelines per sync, each awaited customer in turn', async () => {
      const forced = forcedService({ readableAfter: Number.MAX_SAFE_INTEGER });
      const other = pressAt(join(temp.path, 'many'), forced.client);
      const customers = FORCED_FOLLOWED_PER_CALL + 5;
      try {
        for (let index = 0; index < customers; index += 1)
          other.press.awaitForced(`C${index}`, other.clock.ms);
        await other.press.followForced();
        expect(forced.timelineReads()).toBe(FORCED_FOLLOWED_PER_CALL);
        other.clock.ms += 60_000;
        await other.press.followForced();
        // The next sync begins with those not read yet.
        expect(forced.timelineReads()).toBe(2 * FORCED_FOLLOWED_PER_CALL);
        const first = new Set(forced.readCustomers().slice(0, FORCED_FOLLOWED_PER_CALL));
        const unread = Array.from({ length: customers }, (_, index) => `C${index}`).filter(
          (customer) => !first.has(customer),
        );
        expect(unread).toHaveLength(5);
        expect(forced.readCustomers().slice(FORCED_FOLLOWED_PER_CALL)).toEqual(
          expect.arrayContaining(unread),
        );
      } finally {
        other.close();
      }
    });
  });
});
