import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kytSubmit } from '../../../main/outbox/kinds/kyt-submit';
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

// A single submission goes through the outbox (kind `kyt.submit`). The interface cannot look a
// transaction up, so a lost answer is held for the investigator: never sent again on its own.

describe('the outbox kind kyt.submit', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-kyt-kind-');
  });
  afterEach(() => temp.remove());

  /** A service answering as `answers` says, in turn (the last one repeats). */
  const service = (...answers: Array<() => Promise<unknown>>) =>
    fakeKytClient((_body, call) => answers[Math.min(call, answers.length) - 1]!());
  const submitted = (stack: ReturnType<typeof openKytStack>, label = 'Invoice 42') =>
    stack.service.submit({ transaction: transactionOf({ label }) });

  it('asks the investigator after a lost answer, and says what the outbox discards', () => {
    expect(kytSubmit.afterLostAnswer).toEqual({ policy: 'ask' });
    expect(kytSubmit.label).toBe('KYT transaction');
    expect(
      kytSubmit.summary({ kind: 'kyt.submit', submissionId: 's', label: '10 EUR Ann → Bo' }),
    ).toBe('Submit “10 EUR Ann → Bo”');
    expect(kytSubmit.discardLoss).toMatch(/will not score it/);
  });

  it('delivers a scored submission once, and keeps the item done', async () => {
    const { client, bodies } = service(() => Promise.resolve({ id: 'kyt_1', score: 10 }));
    const stack = openKytStack(temp.path, client);
    try {
      const detail = await submitted(stack);
      expect(detail.summary.status).toBe('waiting');
      expect(detail.outboxItemId).not.toBeNull();
      const report = await stack.replayer.replay();
      expect(report).toMatchObject({ delivered: 1, failed: 0 });
      expect(stack.outbox.get(detail.outboxItemId!)).toMatchObject({
        state: 'done',
        result: { kyt: 'scored', submissionId: detail.summary.id },
      });
      expect(stack.service.get(detail.summary.id)).toMatchObject({
        summary: { status: 'scored', score: 10 },
        outboxItemId: null,
      });
      await stack.replayer.replay();
      expect(bodies).toHaveLength(1);
    } finally {
      stack.close();
    }
  });

  it('holds a lost answer as failed and in doubt: replays never send it again', async () => {
    const { client, bodies } = service(() => Promise.reject(kytFailures.dropped()));
    const stack = openKytStack(temp.path, client);
    try {
      const detail = await submitted(stack);
      const report = await stack.replayer.replay();
      expect(report).toMatchObject({ delivered: 0, failed: 1 });
      const item = stack.outbox.get(detail.outboxItemId!);
      expect(item?.state).toBe('failed');
      expect(item?.lastError).toMatch(/cannot be asked whether it arrived/);
      expect(stack.service.get(detail.summary.id)?.summary).toMatchObject({
        status: 'in-doubt',
        statusReason: expect.stringMatching(/send it again or mark it as sent/) as unknown,
      });
      await stack.replayer.replay();
      await stack.replayer.replay();
      expect(bodies).toHaveLength(1);
    } finally {
      stack.close();
    }
  });

  it('waits, queued, when it did not go out (offline, throttled), and goes once the service is back', async () => {
    const { client, bodies } = service(
      () => Promise.reject(kytFailures.unreachable()),
      () => Promise.reject(kytFailures.throttled(2_000)),
      () => Promise.resolve({ id: 'kyt_1' }),
    );
    const stack = openKytStack(temp.path, client);
    try {
      const detail = await submitted(stack);
      expect(await stack.replayer.replay()).toMatchObject({ delivered: 0, unreachable: true });
      expect(stack.outbox.get(detail.outboxItemId!)?.state).toBe('queued');
      expect(stack.service.get(detail.summary.id)?.summary.status).toBe('waiting');
      expect(await stack.replayer.replay()).toMatchObject({ delivered: 0, unreachable: false });
      expect(stack.service.get(detail.summary.id)?.summary.status).toBe('waiting');
      expect(await stack.replayer.replay()).toMatchObject({ delivered: 1 });
      expect(stack.service.get(detail.summary.id)?.summary.status).toBe('scored');
      expect(bodies).toHaveLength(3);
    } finally {
      stack.close();
    }
  });

  it('fails a refusal with the service’s words; retrying it is the investigator’s word to send again', async () => {
    const { client, bodies } = service(
      () => Promise.reject(kytFailures.refused()),
      () => Promise.resolve({ id: 'kyt_2' }),
    );
    const stack = openKytStack(temp.path, client);
    try {
      const detail = await submitted(stack);
      await stack.replayer.replay();
      const itemId = detail.outboxItemId!;
      expect(stack.outbox.get(itemId)).toMatchObject({
        state: 'failed',
        lastError: expect.stringMatching(/amount must be a number/) as unknown,
      });
      expect(stack.service.get(detail.summary.id)?.summary.status).toBe('refused');
      expect(stack.replayer.retry(itemId)).toBe(true);
      expect(stack.service.get(detail.summary.id)?.summary.status).toBe('waiting');
      await stack.replayer.replay();
      expect(stack.service.get(detail.summary.id)?.summary.status).toBe('scored');
      expect(bodies).toHaveLength(2);
    } finally {
      stack.close();
    }
  });

  it('after a crash mid-send: the item is held as failed, the submission in doubt, nothing sent again', async () => {
    const { client, bodies } = service(() => new Promise(() => undefined));
    const first = openKytStack(temp.path, client);
    const detail = await submitted(first);
    // The request goes out and never answers: CaseDesk stops here.
    void first.replayer.replay();
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    first.close();

    const next = openKytStack(temp.path, service(() => Promise.resolve({ id: 'x' })).client);
    try {
      expect(next.service.get(detail.summary.id)?.summary).toMatchObject({
        status: 'in-doubt',
        statusReason: expect.stringMatching(/^CaseDesk stopped while it was being sent/) as unknown,
      });
      await next.replayer.replay();
      expect(next.outbox.get(detail.outboxItemId!)).toMatchObject({
        state: 'failed',
        lastError: expect.stringMatching(/Interrupted while sending/) as unknown,
      });
      expect(next.service.get(detail.summary.id)?.summary.status).toBe('in-doubt');
    } finally {
      next.close();
    }
    expect(bodies).toHaveLength(1);
  });

  it('after a crash before it was marked sending: it goes back in line and is sent once', async () => {
    const { client } = service(() => Promise.resolve({ id: 'x' }));
    const first = openKytStack(temp.path, client);
    const detail = await submitted(first);
    // The outbox took it (sending) and CaseDesk stopped before the submission was claimed.
    expect(first.outbox.markSending(detail.outboxItemId!)).toBe(true);
    first.close();

    const later = service(() => Promise.resolve({ id: 'kyt_9' }));
    const next = openKytStack(temp.path, later.client);
    try {
      expect(next.service.get(detail.summary.id)?.summary.status).toBe('waiting');
      await next.replayer.replay();
      expect(next.service.get(detail.summary.id)?.summary.status).toBe('scored');
      expect(later.bodies).toHaveLength(1);
    } finally {
      next.close();
    }
  });

  it('withdraws a waiting submission whose item is discarded; one in doubt stays for the investigator', async () => {
    const { client } = service(() => Promise.reject(kytFailures.dropped()));
    const stack = openKytStack(temp.path, client);
    try {
      const waiting = await submitted(stack, 'waiting one');
      expect(stack.replayer.discard(waiting.outboxItemId!)).toBe(true);
      expect(stack.service.get(waiting.summary.id)).toMatchObject({
        summary: {
          status: 'withdrawn',
          statusReason: 'Discarded from the outbox before it was sent.',
        },
        outboxItemId: null,
      });
      const lost = await submitted(stack, 'lost one');
      await stack.replayer.replay();
      expect(stack.replayer.discard(lost.outboxItemId!)).toBe(true);
      expect(stack.service.get(lost.summary.id)?.summary.status).toBe('in-doubt');
    } finally {
      stack.close();
    }
  });

  it('answers the outcome of a submission already scored without sending it (an item left over)', async () => {
    const { client, bodies } = service(() => Promise.resolve(scoredAnswer({})));
    const stack = openKytStack(temp.path, client);
    try {
      const detail = await submitted(stack);
      await stack.replayer.replay();
      // A second item for the same submission (queued by another CaseDesk meanwhile).
      stack.service.queue(detail.summary.id);
      expect(await stack.replayer.replay()).toMatchObject({ delivered: 1 });
      expect(bodies).toHaveLength(1);
    } finally {
      stack.close();
    }
  });
});
