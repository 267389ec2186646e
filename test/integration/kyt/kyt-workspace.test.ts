import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  Customer360,
  KytList,
  KytSubmissionDetail,
  OutboxItemView,
  SearchHitView,
} from '../../../preload/contract';
import type { Core } from '../../../main/core';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { syncToEnd } from '../../support/sync-to-end';
import { makeTempDir } from '../../support/temp-dir';
import { createTestCore } from '../../support/test-core';

// KYT submissions in the open profile, through the bridge, against the sandbox: the workspace's
// wiring of the core, the outbox and the events. What the answer readers make of an answer is
// tested with them; here, what happens to the submission.

describe('KYT submissions in the open profile, through the bridge', { timeout: 60_000 }, () => {
  const temp = makeTempDir('casedesk-kyt-workspace-');
  let t: TestSandbox;
  let core: Core;
  const changed: string[][] = [];
  const dispatch = (method: string, input?: unknown) =>
    core.dispatch(method, input, { transport: 'browser' });
  const call = async <T>(method: string, input?: unknown): Promise<T> => {
    const reply = await dispatch(method, input);
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
    return reply.value as T;
  };
  const storedOnService = (externalId: string) =>
    t.sandbox.db
      .prepare(
        "SELECT count(*) FROM kyt_transactions WHERE json_extract(json, '$.external_id') = ?",
      )
      .pluck()
      .get(externalId) as number;
  let customer = '';
  const transaction = (externalId: string) => ({
    external_id: externalId,
    amount: 420,
    currency: 'EUR',
    label: `Workspace ${externalId}`,
    from: { external_id: customer, full_name: 'From the cache' },
    to: { full_name: 'Bo Receiver' },
  });
  /**
   * Stops the service, and lets CaseDesk learn it is offline as it would (a sync that cannot
   * connect). A write sent on a connection the service closed a moment before cannot be told
   * from one whose answer was lost: in doubt, never sent again on its own. That is not what these
   * tests are about.
   */
  const goOffline = async () => {
    await t.stop();
    const status = await syncToEnd(core.events, () => call('sync.start', { full: false }));
    expect(status.connectivity).toBe('offline');
  };
  /** Starts the service again; a sync learns it is back, and sends what waits in the outbox. */
  const backOnline = async () => {
    await t.restart();
    const status = await syncToEnd(core.events, () => call('sync.start', { full: false }));
    expect(status.connectivity).toBe('online');
  };
  /** The outbox item, once its try to go out is over. */
  const itemAtRest = async (id: string | null) => {
    for (;;) {
      const item = (await call<OutboxItemView[]>('outbox.list')).find((entry) => entry.id === id);
      if (item?.state !== 'sending') return item;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Resolves once the submission is no longer waiting or being sent. */
  const settled = async (id: string): Promise<KytSubmissionDetail> => {
    for (;;) {
      const detail = await call<KytSubmissionDetail>('kyt.get', { id });
      if (!['waiting', 'sending'].includes(detail.summary.status)) return detail;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
    // The outbox's own retries are slow here: a test sends what waits with a sync, as the app does.
    core = await createTestCore(temp.path, { outboxRetryMs: [60_000] });
    core.events.subscribe((name, payload) => {
      if (name === 'kyt.changed') changed.push([...(payload as { ids: string[] }).ids]);
    });
    const saved = await call<{ id: string }>('profiles.save', {
      name: 'Sandbox',
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      tokenStorage: 'weak',
    });
    await call('profiles.activate', { id: saved.id });
    await syncToEnd(core.events, () => call('sync.start', { full: true }));
    customer = t.sandbox.db
      .prepare('SELECT external_id FROM customers ORDER BY external_id LIMIT 1')
      .pluck()
      .get() as string;
  }, 120_000);
  afterEach(() => t.sandbox.faults.reset());
  afterAll(async () => {
    await core.dispose();
    await t.close();
    temp.remove();
  });

  it('submits online and answers once scored; the change is announced; the customer and Ctrl+K find it', async () => {
    const detail = await call<KytSubmissionDetail>('kyt.submit', {
      transaction: transaction('ws-online'),
    });
    expect(detail.summary).toMatchObject({ status: 'scored', externalId: 'ws-online' });
    expect(detail.outboxItemId).toBeNull();
    expect(storedOnService('ws-online')).toBe(1);
    await expect.poll(() => changed.flat()).toContain(detail.summary.id);

    const customer360 = await call<Customer360>('customers.get', { externalId: customer });
    expect(customer360.kytTransactionCount).toBe(1);
    const hits = await call<SearchHitView[]>('search.query', { text: 'workspace ws online' });
    expect(hits.filter((hit) => hit.kind === 'kyt').map((hit) => hit.id)).toEqual([
      detail.summary.id,
    ]);
  });

  it('leaves a submission whose answer was lost in doubt, never sent again until the investigator says so', async () => {
    t.sandbox.faults.set({ dropRate: 1 });
    const lost = await call<KytSubmissionDetail>('kyt.submit', {
      transaction: transaction('ws-lost'),
    });
    expect(lost.summary.status).toBe('in-doubt');
    expect(lost.outboxItemId).not.toBeNull();
    t.sandbox.faults.reset();
    const item = (await call<OutboxItemView[]>('outbox.list')).find(
      (entry) => entry.id === lost.outboxItemId,
    );
    expect(item?.state).toBe('failed');
    // Syncs replay the outbox: it stays as it is.
    await syncToEnd(core.events, () => call('sync.start', { full: false }));
    expect(storedOnService('ws-lost')).toBe(1);
    const list = await call<KytList>('kyt.list', { filter: {} });
    expect(list.inDoubt).toBe(1);

    // The investigator's word: sent again, once more.
    const again = await call<KytSubmissionDetail>('kyt.decide', {
      id: lost.summary.id,
      decision: 'send-again',
    });
    expect(again.summary.status).toMatch(/waiting|sending|scored/);
    expect((await settled(lost.summary.id)).summary.status).toBe('scored');
    expect(storedOnService('ws-lost')).toBe(2);
    expect((await call<KytList>('kyt.list', { filter: {} })).inDoubt).toBe(0);
  });

  it('marks one in doubt as sent: its outbox item goes, nothing is sent', async () => {
    t.sandbox.faults.set({ dropRate: 1 });
    const lost = await call<KytSubmissionDetail>('kyt.submit', {
      transaction: transaction('ws-marked'),
    });
    t.sandbox.faults.reset();
    const marked = await call<KytSubmissionDetail>('kyt.decide', {
      id: lost.summary.id,
      decision: 'mark-sent',
    });
    expect(marked.summary.status).toBe('marked-sent');
    expect(marked.outboxItemId).toBeNull();
    expect(
      (await call<OutboxItemView[]>('outbox.list')).some((entry) => entry.id === lost.outboxItemId),
    ).toBe(false);
    expect(storedOnService('ws-marked')).toBe(1);
  });

  it('keeps a submission made offline waiting in the outbox, and sends it once the service is back', async () => {
    await goOffline();
    let waiting: KytSubmissionDetail;
    try {
      waiting = await call<KytSubmissionDetail>('kyt.submit', {
        transaction: transaction('ws-offline'),
      });
      expect(waiting.summary.status).toBe('waiting');
      expect((await itemAtRest(waiting.outboxItemId))?.state).toBe('queued');
      expect(
        (await call<KytSubmissionDetail>('kyt.get', { id: waiting.summary.id })).summary.status,
      ).toBe('waiting');
    } finally {
      await backOnline();
    }
    expect((await settled(waiting.summary.id)).summary.status).toBe('scored');
    expect(storedOnService('ws-offline')).toBe(1);
  });

  it('withdraws a waiting submission whose outbox item the investigator discards', async () => {
    await goOffline();
    let waiting: KytSubmissionDetail;
    let announcedBefore = 0;
    try {
      waiting = await call<KytSubmissionDetail>('kyt.submit', {
        transaction: transaction('ws-discarded'),
      });
      await itemAtRest(waiting.outboxItemId);
      announcedBefore = changed.length;
      await call('outbox.discard', { id: waiting.outboxItemId });
    } finally {
      await backOnline();
    }
    expect(
      (await call<KytSubmissionDetail>('kyt.get', { id: waiting.summary.id })).summary,
    ).toMatchObject({
      status: 'withdrawn',
    });
    await expect.poll(() => changed.slice(announcedBefore).flat()).toContain(waiting.summary.id);
    expect(storedOnService('ws-discarded')).toBe(0);
  });

  it('refuses a transaction the service refuses, with its words', async () => {
    const refused = await call<KytSubmissionDetail>('kyt.submit', {
      transaction: { ...transaction('ws-refused'), amount: -5 },
    });
    expect(refused.summary.status).toBe('refused');
    expect(refused.summary.statusReason).toMatch(
      /^Could not submit the transaction: the service refused/,
    );
  });
});
