import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import type { LocalStore } from '../../../main/local/local-store';
import { CRASHED_REASON, createKytSender } from '../../../main/kyt/kyt-sender';
import { createKytStore, type KytSubmissions } from '../../../main/kyt/kyt-store';
import {
  fakeKytClient,
  kytFailures,
  openTestLocalStore,
  scoredAnswer,
  transactionOf,
} from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

vi.mock('../../../main/kyt/kyt-answer', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.answerModule),
);

describe('sending a KYT submission', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let store: KytSubmissions;
  beforeEach(() => {
    temp = makeTempDir('casedesk-kyt-sender-');
    local = openTestLocalStore(temp.path);
    store = createKytStore(local, silentLogger, () => Date.parse('2026-03-10T08:00:00Z'));
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });

  const senderWith = (answer: (body: unknown, call: number) => Promise<unknown>) => {
    const { client, bodies } = fakeKytClient(answer);
    const changed: string[][] = [];
    const sender = createKytSender({
      store,
      client,
      logger: silentLogger,
      now: () => Date.parse('2026-03-10T08:00:05Z'),
      onChange: (ids) => changed.push([...ids]),
    });
    return { sender, bodies, changed };
  };
  const waiting = () => store.create({ transaction: transactionOf() });

  it('marks it sending, committed, before the request goes out, then keeps the answer exactly as received', async () => {
    const made = waiting();
    const seen: string[] = [];
    const answer = { ...scoredAnswer(made.transaction), rules: null, odd: [1, { x: null }] };
    const { sender, bodies, changed } = senderWith((body) => {
      // What another connection to the store reads while the request is out.
      const other = openTestLocalStore(temp.path);
      seen.push(createKytStore(other, silentLogger).get(made.id)?.status ?? 'none');
      other.close();
      expect(body).toEqual(made.transaction);
      return Promise.resolve(answer);
    });
    const onSending = vi.fn(() => seen.push(`onSending:${store.get(made.id)?.status}`));
    const outcome = await sender.send(made.id, { onSending });
    expect(seen).toEqual(['onSending:sending', 'sending']);
    expect(bodies).toHaveLength(1);
    expect(outcome.kind).toBe('scored');
    expect(store.get(made.id)).toMatchObject({
      status: 'scored',
      statusReason: null,
      settledAt: '2026-03-10T08:00:05.000Z',
    });
    expect(store.get(made.id)?.answer).toEqual(answer);
    expect(changed).toEqual([[made.id], [made.id]]);
  });

  it('keeps an answer without an id as scored: it is an object, kept as it came', async () => {
    const made = waiting();
    const { sender } = senderWith(() => Promise.resolve({ score: '72', state: 'odd' }));
    expect((await sender.send(made.id)).kind).toBe('scored');
    expect(store.get(made.id)).toMatchObject({
      status: 'scored',
      answer: { score: '72', state: 'odd' },
    });
  });

  it.each([
    ['a list', []],
    ['a string', 'ok'],
    ['null', null],
    ['a number', 42],
  ])('keeps an answer that is %s, in doubt, with a plain reason', async (what, answer) => {
    const made = waiting();
    const { sender } = senderWith(() => Promise.resolve(answer));
    const outcome = await sender.send(made.id);
    expect(outcome).toMatchObject({ kind: 'in-doubt' });
    const kept = store.get(made.id);
    expect(kept?.status).toBe('in-doubt');
    expect(kept?.answer).toEqual(answer);
    expect(kept?.statusReason).toContain(`answered with ${what}`);
    expect(kept?.statusReason).toMatch(/send it again or mark it as sent/);
  });

  it('keeps a refusal with the service’s own words, preferring the error not deprecated', async () => {
    const made = waiting();
    const { sender } = senderWith(() => Promise.reject(kytFailures.refused()));
    const outcome = await sender.send(made.id);
    expect(outcome).toMatchObject({ kind: 'refused' });
    const kept = store.get(made.id);
    expect(kept?.status).toBe('refused');
    expect(kept?.statusReason).toMatch(/“amount must be a number”/);
    expect(kept?.statusReason).not.toMatch(/old wording/);
  });

  it.each([
    [
      'the connection dropped after it was sent',
      kytFailures.dropped,
      /connection to the service failed/,
    ],
    [
      'the service failed while taking it (5xx)',
      kytFailures.failing,
      /ran into a problem.*HTTP 502/,
    ],
  ])('leaves it in doubt when %s', async (_what, failure, reason) => {
    const made = waiting();
    const { sender } = senderWith(() => Promise.reject(failure()));
    const outcome = await sender.send(made.id);
    expect(outcome).toMatchObject({ kind: 'in-doubt', error: expect.any(Error) as unknown });
    expect(store.get(made.id)?.status).toBe('in-doubt');
    expect(store.get(made.id)?.statusReason).toMatch(reason);
  });

  it('leaves it in doubt when something other than the client failed: whether it left cannot be told', async () => {
    const made = waiting();
    const { sender } = senderWith(() => Promise.reject(new TypeError('boom')));
    expect((await sender.send(made.id)).kind).toBe('in-doubt');
    expect(store.get(made.id)?.statusReason).toMatch(
      /could not tell whether it reached the service \(boom\)/,
    );
  });

  it('puts it back to waiting when it did not go out: throttled (with the wait asked), offline, token refused', async () => {
    const throttled = waiting();
    const offline = waiting();
    const refused = waiting();
    const failures = new Map<string, Error>([
      [throttled.transaction.external_id, kytFailures.throttled(3_000)],
      [offline.transaction.external_id, kytFailures.unreachable()],
      [refused.transaction.external_id, kytFailures.tokenRefused()],
    ]);
    const { sender } = senderWith((body) =>
      Promise.reject(
        failures.get((body as { external_id: string }).external_id) ?? new Error('unexpected'),
      ),
    );
    expect(await sender.send(throttled.id)).toMatchObject({
      kind: 'not-sent',
      retryAfterMs: 3_000,
      unreachable: false,
      tokenRefused: false,
    });
    expect(await sender.send(offline.id)).toMatchObject({
      kind: 'not-sent',
      unreachable: true,
      tokenRefused: false,
    });
    expect(await sender.send(refused.id)).toMatchObject({ kind: 'not-sent', tokenRefused: true });
    for (const made of [throttled, offline, refused]) {
      expect(store.get(made.id)?.status).toBe('waiting');
      expect(store.get(made.id)?.statusReason).toMatch(/^Could not submit the transaction/);
    }
  });

  it('never sends again what is in doubt, scored, refused, withdrawn or marked sent', async () => {
    const { sender, bodies } = senderWith(() => Promise.reject(kytFailures.dropped()));
    const made = waiting();
    await sender.send(made.id);
    expect(bodies).toHaveLength(1);
    expect(await sender.send(made.id)).toMatchObject({ kind: 'in-doubt' });
    for (const status of ['scored', 'refused', 'withdrawn', 'marked-sent'] as const) {
      const other = waiting();
      store.setStatus(other.id, status, null);
      const outcome = await sender.send(other.id);
      expect(outcome.kind, status).toBe(status === 'scored' ? 'scored' : 'refused');
      expect(store.get(other.id)?.status).toBe(status);
    }
    expect(bodies).toHaveLength(1);
    await expect(sender.send('missing')).rejects.toThrow(/no KYT submission missing/);
  });

  it('sends one submission once when asked twice at the same time', async () => {
    const made = waiting();
    let answer: (value: unknown) => void = () => undefined;
    const { sender, bodies } = senderWith(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const first = sender.send(made.id);
    const second = await sender.send(made.id);
    expect(second.kind).toBe('not-sent');
    expect(second).toMatchObject({
      reason: expect.stringMatching(/being sent right now/) as unknown,
    });
    answer(scoredAnswer(made.transaction));
    expect((await first).kind).toBe('scored');
    expect(bodies).toHaveLength(1);
  });

  it('takes a submission left sending by a run that stopped for in doubt, and never sends it', async () => {
    const made = waiting();
    store.claim(made.id);
    // CaseDesk stopped here. The next run:
    const { sender, bodies, changed } = senderWith(() => Promise.resolve({ id: 'x' }));
    expect(sender.recoverInterrupted()).toBe(1);
    expect(store.get(made.id)).toMatchObject({ status: 'in-doubt', statusReason: CRASHED_REASON });
    expect(CRASHED_REASON).toMatch(/^CaseDesk stopped while it was being sent/);
    expect(changed).toEqual([[made.id]]);
    expect((await sender.send(made.id)).kind).toBe('in-doubt');
    expect(bodies).toEqual([]);
    expect(sender.recoverInterrupted()).toBe(0);
  });

  it('keeps an answer that arrives after the submission was taken for lost: the answer is the better knowledge', async () => {
    const made = waiting();
    let answer: (value: unknown) => void = () => undefined;
    const { sender } = senderWith(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const sending = sender.send(made.id);
    // Another CaseDesk opening the store meanwhile takes it for interrupted.
    senderWith(() => Promise.reject(new Error('unused'))).sender.recoverInterrupted();
    expect(store.get(made.id)?.status).toBe('in-doubt');
    answer(scoredAnswer(made.transaction));
    expect((await sending).kind).toBe('scored');
    expect(store.get(made.id)?.status).toBe('scored');
  });

  it('answers an outcome without keeping it until asked: the work while it is sent runs once the request is out', async () => {
    const made = waiting();
    const order: string[] = [];
    let answer: (value: unknown) => void = () => undefined;
    const { sender, changed } = senderWith(() => {
      order.push('request');
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    const pending = sender.sendUnkept(made.id, {
      covered: true,
      whileSending: () => order.push(`while:${store.get(made.id)?.status}`),
    });
    await vi.waitFor(() => expect(order).toEqual(['request', 'while:sending']));
    answer(scoredAnswer(made.transaction));
    const { outcome, keep } = await pending;
    expect(outcome).toMatchObject({ kind: 'scored', record: { status: 'scored' } });
    // Not kept yet: a crash now leaves it in doubt, never sent again.
    expect(store.get(made.id)?.status).toBe('sending');
    keep();
    keep();
    expect(store.get(made.id)).toMatchObject({
      status: 'scored',
      settledAt: '2026-03-10T08:00:05.000Z',
    });
    expect(changed).toEqual([[made.id], [made.id]]);
  });

  it('keeps a lost answer’s doubt only when asked, and not over an outcome kept meanwhile', async () => {
    const made = waiting();
    const { sender } = senderWith(() => Promise.reject(kytFailures.dropped()));
    const { outcome, keep } = await sender.sendUnkept(made.id);
    expect(outcome.kind).toBe('in-doubt');
    expect(store.get(made.id)?.status).toBe('sending');
    store.settle(made.id, { status: 'marked-sent', statusReason: null });
    keep();
    expect(store.get(made.id)?.status).toBe('marked-sent');
  });
});
