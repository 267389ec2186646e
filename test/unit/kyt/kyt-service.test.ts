import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KytListFilter, KytSubmitInput } from '../../../preload/contract';
import { migrate } from '../../../main/cache/open-cache';
import { silentLogger } from '../../../main/lib/logger';
import { createKytChanges } from '../../../main/kyt/kyt-changes';
import { workspaceKytOutbox } from '../../../main/kyt/kyt-outbox';
import { createKytService } from '../../../main/kyt/kyt-service';
import {
  fakeKytClient,
  kytFailures,
  openKytStack,
  scoredAnswer,
  transactionOf,
} from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

vi.mock('../../../main/kyt/kyt-answer', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.answerModule),
);
vi.mock('../../../main/kyt/kyt-explain', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.explainModule),
);
vi.mock('../../../main/kyt/kyt-compare', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.compareModule),
);

const input = (overrides: Parameters<typeof transactionOf>[0] = {}, basedOnId?: string) =>
  KytSubmitInput.parse({ transaction: transactionOf(overrides), basedOnId });

describe('the KYT service', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let stack: ReturnType<typeof openKytStack>;
  let bodies: unknown[];
  let answers: Array<(body: unknown) => Promise<unknown>>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-kyt-service-');
    answers = [];
    const fake = fakeKytClient((body, call) =>
      (
        answers[Math.min(call, answers.length) - 1] ??
        (() => Promise.reject(new Error('no answer')))
      )(body),
    );
    bodies = fake.bodies;
    stack = openKytStack(temp.path, fake.client);
  });
  afterEach(() => {
    stack.close();
    temp.remove();
  });
  const online = { kick: () => void stack.replayer.replay(), waitMs: 15_000 };

  it('online, answers once the service scored it: the summary, the request, the answer and its explanation', async () => {
    answers = [(body) => Promise.resolve(scoredAnswer(body))];
    const detail = await stack.service.submit(input(), online);
    expect(detail.summary).toMatchObject({ status: 'scored', score: 60, serviceId: 'kyt_1' });
    expect(detail.request).toMatchObject({ amount: 1250.5, currency: 'EUR' });
    expect(detail.answer).toMatchObject({ serviceId: 'kyt_1', score: 60 });
    expect(detail.explanation?.text).toMatch(/Stub explanation: 1 rule/);
    expect(detail.outboxItemId).toBeNull();
    expect(bodies).toHaveLength(1);
  });

  it('offline, answers at once with it waiting in the outbox, nothing sent', async () => {
    const detail = await stack.service.submit(input(), { kick: () => undefined, waitMs: 0 });
    expect(detail.summary.status).toBe('waiting');
    expect(detail.outboxItemId).toEqual(expect.any(String));
    expect(stack.outbox.get(detail.outboxItemId!)).toMatchObject({
      state: 'queued',
      payload: {
        kind: 'kyt.submit',
        submissionId: detail.summary.id,
        label: '1250.5 EUR Ann Lee → Bo Chen',
      },
    });
    expect(bodies).toEqual([]);
  });

  it('online but not sent now (the connection fails), answers as soon as that is known: waiting, with why', async () => {
    answers = [() => Promise.reject(kytFailures.unreachable())];
    // The bound is longer than the test's own timeout: answered by the outcome, not the bound.
    const detail = await stack.service.submit(input(), { ...online, waitMs: 60_000 });
    expect(detail.summary).toMatchObject({
      status: 'waiting',
      statusReason: expect.stringMatching(/connection to the service failed/) as unknown,
    });
    expect(detail.outboxItemId).not.toBeNull();
  });

  it('keeps what a what-if was duplicated from, and refuses one based on a submission not kept', async () => {
    const first = await stack.service.submit(input(), { waitMs: 0 });
    const second = await stack.service.submit(input({ amount: 9_000 }, first.summary.id), {
      waitMs: 0,
    });
    expect(second.summary.basedOnId).toBe(first.summary.id);
    await expect(stack.service.submit(input({}, 'gone'), { waitMs: 0 })).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(stack.service.list(KytListFilter.parse({})).total).toBe(2);
    const comparison = stack.service.compare(first.summary.id, second.summary.id);
    expect(comparison.inputs).toEqual([
      { path: 'amount', label: 'Amount', a: '1250.5', b: '9000' },
    ]);
  });

  describe('the investigator’s word on a submission in doubt', () => {
    const inDoubt = async () => {
      answers = [() => Promise.reject(kytFailures.dropped())];
      const detail = await stack.service.submit(input(), online);
      expect(detail.summary.status).toBe('in-doubt');
      expect(stack.outbox.get(detail.outboxItemId!)?.state).toBe('failed');
      return detail;
    };

    it('send again: its failed item goes, a new one is queued, and it is sent once more', async () => {
      const doubtful = await inDoubt();
      answers = [
        () => Promise.reject(kytFailures.dropped()),
        (body) => Promise.resolve(scoredAnswer(body)),
      ];
      const again = stack.service.decide(doubtful.summary.id, 'send-again', {
        kick: () => undefined,
      });
      expect(again.summary).toMatchObject({ status: 'waiting', statusReason: null });
      expect(again.outboxItemId).not.toBe(doubtful.outboxItemId);
      expect(stack.outbox.get(doubtful.outboxItemId!)).toBeNull();
      await stack.replayer.replay();
      expect(stack.service.get(doubtful.summary.id)?.summary.status).toBe('scored');
      expect(bodies).toHaveLength(2);
    });

    it('mark as sent: its item goes even in doubt, and it is settled without an answer', async () => {
      const doubtful = await inDoubt();
      const marked = stack.service.decide(doubtful.summary.id, 'mark-sent');
      expect(marked.summary).toMatchObject({
        status: 'marked-sent',
        settledAt: expect.any(String) as unknown,
      });
      expect(marked.outboxItemId).toBeNull();
      expect(stack.outbox.get(doubtful.outboxItemId!)).toBeNull();
      await stack.replayer.replay();
      expect(bodies).toHaveLength(1);
    });

    it('refuses a decision that does not fit, saying why', async () => {
      answers = [(body) => Promise.resolve(scoredAnswer(body))];
      const scored = await stack.service.submit(input(), online);
      expect(() => stack.service.decide(scored.summary.id, 'mark-sent')).toThrow(
        /Only a transaction in doubt can be marked as sent/,
      );
      expect(() => stack.service.decide(scored.summary.id, 'send-again')).toThrow(
        /duplicate it to send a new one/,
      );
      const waiting = await stack.service.submit(input(), { waitMs: 0 });
      expect(() => stack.service.decide(waiting.summary.id, 'send-again')).toThrow(
        /already on its way/,
      );
      expect(() => stack.service.decide('nope', 'mark-sent')).toThrow(/not kept/);
    });
  });

  it('lists with the count in doubt whatever the filter, and the states and currencies seen', async () => {
    answers = [
      (body) => Promise.resolve(scoredAnswer(body)),
      () => Promise.reject(kytFailures.dropped()),
    ];
    await stack.service.submit(input(), online);
    await stack.service.submit(input({ currency: 'usd' }), online);
    const list = stack.service.list(KytListFilter.parse({ status: 'scored' }));
    expect(list).toMatchObject({
      total: 1,
      inDoubt: 1,
      states: ['Review'],
      currencies: ['EUR', 'USD'],
    });
  });

  it('queues, at open, a submission recorded but never queued (CaseDesk stopped in between)', () => {
    const recorded = stack.service.record(input());
    expect(stack.service.get(recorded.id)?.outboxItemId).toBeNull();
    expect(stack.service.queueOrphans()).toBe(1);
    expect(stack.service.get(recorded.id)?.outboxItemId).not.toBeNull();
    expect(stack.service.queueOrphans()).toBe(0);
  });

  it('finds submissions by words, as Ctrl+K asks', async () => {
    const made = await stack.service.submit(input({ label: 'Rent for Mühle' }), { waitMs: 0 });
    expect(stack.service.search('MUHLE rent', 5).map((summary) => summary.id)).toEqual([
      made.summary.id,
    ]);
    expect(stack.service.search('  ', 5)).toEqual([]);
  });
});

describe('the KYT service and the cached customers', () => {
  const cache = () => {
    const db = new Database(':memory:');
    migrate(db);
    const insert = db.prepare(
      "INSERT INTO customers (external_id, id, account_type, name, name_variations, review_groups, raw) VALUES (?, ?, ?, ?, '', '', ?)",
    );
    insert.run('C1', 'cus_1', 'individual', 'Ann Lee', JSON.stringify({ domicile_code: 'fr' }));
    insert.run('C2', null, '', 'Bo Chen', JSON.stringify({ domicile_code: 'Germany' }));
    return db;
  };

  it('offers cached customers as participants, prefilled with what the interface takes', () => {
    const temp = makeTempDir('casedesk-kyt-participants-');
    const stack = openKytStack(temp.path, fakeKytClient(() => Promise.resolve({})).client);
    const db = cache();
    try {
      const service = createKytService({
        ...stack.core,
        outbox: workspaceKytOutbox(stack.outbox, stack.replayer),
        cache: db,
        logger: silentLogger,
      });
      expect(service.participants('ann', 10)).toEqual([
        {
          externalId: 'C1',
          name: 'Ann Lee',
          participant: {
            full_name: 'Ann Lee',
            external_id: 'C1',
            account_type: 'individual',
            domicile_code: 'FR',
          },
        },
      ]);
      // A domicile that is not a country code is left out rather than sent wrong.
      expect(service.participants('Bo', 10).map((choice) => choice.participant)).toEqual([
        { full_name: 'Bo Chen', external_id: 'C2' },
      ]);
      expect(service.participants('', 10).map((choice) => choice.externalId)).toEqual(['C1', 'C2']);

      // The service may link a customer by its own id: counted for the customer all the same.
      const linked = stack.core.store.create({
        transaction: transactionOf({ from: { full_name: 'X' }, to: { full_name: 'Y' } }),
      });
      stack.core.store.settle(linked.id, {
        status: 'scored',
        statusReason: null,
        answer: { id: 'kyt_5', customers: ['cus_1'] },
      });
      expect(service.countFor('C1')).toBe(1);
      expect(service.list(KytListFilter.parse({ customerExternalId: 'C1' })).total).toBe(1);
      expect(service.countFor('C2')).toBe(0);
      expect(service.get(linked.id)?.answer?.customers).toEqual([
        { id: 'cus_1', externalId: 'C1', name: 'Ann Lee' },
      ]);
    } finally {
      db.close();
      stack.close();
      temp.remove();
    }
  });
});

describe('announcing changed submissions', () => {
  it('tells its own listeners at once and the window at most every 250 ms, with the ids gathered', () => {
    vi.useFakeTimers();
    try {
      const announced: string[][] = [];
      const changes = createKytChanges((ids) => announced.push([...ids]));
      const heard: string[][] = [];
      changes.listen((ids) => heard.push([...ids]));
      changes.emit(['a']);
      changes.emit(['b', 'a']);
      expect(heard).toEqual([['a'], ['b', 'a']]);
      expect(announced).toEqual([]);
      vi.advanceTimersByTime(250);
      expect(announced).toEqual([['a', 'b']]);
      changes.emit(['c']);
      changes.close();
      expect(announced).toEqual([['a', 'b'], ['c']]);
      changes.emit(['d']);
      vi.advanceTimersByTime(1_000);
      expect(announced).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
