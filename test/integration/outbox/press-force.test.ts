import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../main/api';
import { silentLogger } from '../../../main/lib/logger';
import { createOutboxReplayer } from '../../../main/outbox/outbox-replayer';
import { openOutbox } from '../../../main/outbox/outbox-store';
import {
  classifyServiceFailure,
  createServiceTransport,
} from '../../../main/outbox/service-transport';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { makeTempDir } from '../../support/temp-dir';
import { openCache, type CacheDb } from '../../../main/cache/open-cache';
import { recordingDispatcher } from '../api/client-fixture';
import { fetchOutboxTransport } from '../../support/fetch-outbox-transport';
import { pressForce, type PressForcePayload } from '../../../main/outbox/kinds/press-force';
import { OUTBOX_KINDS } from '../../../main/outbox/kinds/registry';
import type { OutboxItem } from '../../../main/outbox/outbox-store';

describe('a forced press report in the outbox', () => {
  let t: TestSandbox;
  const temp = makeTempDir('casedesk-press-force-');
  const recorder = recordingDispatcher();
  const forcegens = () => recorder.sent.filter((request) => request.path.endsWith('/forcegen'));

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterAll(async () => {
    await t.close();
    await recorder.close();
    temp.remove();
  });

  const open = (name: string, cache?: CacheDb) => {
    const outbox = openOutbox(join(temp.path, `${name}.db`), silentLogger);
    const client = createServiceClient({
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      dispatcher: recorder.dispatcher,
      retry: { maxAttempts: 2, baseDelayMs: 5, maxDelayMs: 20 },
    });
    const replayer = createOutboxReplayer({
      outbox,
      transport: createServiceTransport(client, OUTBOX_KINDS, { cache }),
      classify: classifyServiceFailure,
      logger: silentLogger,
    });
    return { outbox, replayer, close: () => client.close() };
  };
  const customerAt = (offset: number) =>
    (
      t.sandbox.db
        .prepare('SELECT external_id FROM customers ORDER BY external_id LIMIT 1 OFFSET ?')
        .get(offset) as { external_id: string }
    ).external_id;
  const serviceIdOf = (externalId: string) =>
    (
      t.sandbox.db.prepare('SELECT id FROM customers WHERE external_id = ?').get(externalId) as {
        id: string;
      }
    ).id;
  const pressEvents = async (customer: string) =>
    (await t.call('GET', `/api/v1/customers/${customer}/timeline?limit=100`))
      .json<Array<{ EventType: string }>>()
      .filter((event) => event.EventType === 'press_report_generated').length;

  it('queued while the service is down, is sent exactly once when it is back', async () => {
    const customer = customerAt(1);
    const serviceId = serviceIdOf(customer);
    const before = await pressEvents(customer);
    await t.stop();
    const { outbox, replayer, close } = open('offline');
    const item = replayer.enqueue({
      kind: 'press.force',
      customerExternalId: customer,
      customerId: serviceId,
      label: 'Ann',
    });
    expect(outbox.list(['queued']).map((queued) => queued.id)).toEqual([item.id]);
    const offline = await replayer.replay();
    expect(offline).toMatchObject({ delivered: 0, unreachable: true });
    expect(outbox.get(item.id)?.state).toBe('queued');

    await t.restart();
    recorder.sent.length = 0;
    expect(await replayer.replay()).toMatchObject({ delivered: 1 });
    expect(await replayer.replay()).toMatchObject({ delivered: 0 });
    expect(outbox.get(item.id)).toMatchObject({
      state: 'done',
      result: { forced: true, customerExternalId: customer },
    });
    // The path names the service's own id, not the external id.
    expect(forcegens().map((request) => request.path)).toEqual([
      `/api/v1/press/report/${serviceId}/forcegen`,
    ]);
    expect(await pressEvents(customer)).toBe(before + 1);
    await close();
    outbox.close();
  });

  it('whose answer is lost is found on the customer’s timeline when the service made it, and only then', async () => {
    const customer = customerAt(2);
    const { lookUp: after } = { lookUp: pressForce.afterLostAnswer };
    if (after.policy !== 'look-up') throw new Error(after.policy);
    const ops = fetchOutboxTransport(() => ({
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
    }));
    const payload = { kind: 'press.force' as const, customerExternalId: customer };
    const queuedAt = new Date(Date.now() - 1_000).toISOString();
    const lookUp = (delivered: OutboxItem<PressForcePayload>[] = []) => ({
      id: 'item-1',
      createdAt: queuedAt,
      delivered: () => delivered,
    });
    // Nothing made since it was queued: not found (it stays in doubt, then is sent again).
    expect(await after.find(payload, ops, lookUp())).toBeNull();
    expect(
      (await t.call('POST', `/api/v1/press/report/${serviceIdOf(customer)}/forcegen`)).status,
    ).toBe(204);
    const found = await after.find(payload, ops, lookUp());
    expect(found).toMatchObject({ forced: true, customerExternalId: customer });
    // An event another delivered item was found to be is not this one's.
    const claimed = { result: found } as OutboxItem<PressForcePayload>;
    expect(await after.find(payload, ops, lookUp([claimed]))).toBeNull();
    // Made before it was queued: not this one.
    expect(
      await after.find(payload, ops, {
        ...lookUp(),
        createdAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    ).toBeNull();
  });

  it('for a customer the service does not know fails with a clear message, and is not sent again', async () => {
    const { outbox, replayer, close } = open('unknown');
    const item = replayer.enqueue({
      kind: 'press.force',
      customerExternalId: 'no-such-customer',
      customerId: 'no-such-id',
    });
    recorder.sent.length = 0;
    await replayer.replay();
    await replayer.replay();
    const failed = outbox.get(item.id);
    expect(failed?.state).toBe('failed');
    expect(failed?.lastError).toMatch(/customer no-such-customer/);
    expect(forcegens()).toHaveLength(1);
    await close();
    outbox.close();
  });

  it('queued by an earlier build without the service’s id, sends the id the offline cache knows', async () => {
    const customer = customerAt(2);
    const cache = openCache(join(temp.path, 'cache-known.db'), silentLogger).db;
    cache
      .prepare(
        "INSERT INTO customers (external_id, id, account_type, name, name_variations, review_groups, raw) VALUES (?, ?, 'P', 'Ann Lee', '', '', '{}')",
      )
      .run(customer, serviceIdOf(customer));
    const { outbox, replayer, close } = open('earlier-build', cache);
    const item = replayer.enqueue({ kind: 'press.force', customerExternalId: customer });
    recorder.sent.length = 0;
    await replayer.replay();
    expect(outbox.get(item.id)?.state).toBe('done');
    expect(forcegens().map((request) => request.path)).toEqual([
      `/api/v1/press/report/${serviceIdOf(customer)}/forcegen`,
    ]);
    await close();
    outbox.close();
    cache.close();
  });

  it('queued by an earlier build for a customer the cache does not know yet, is held until the customer is synced, never sent', async () => {
    const cache = openCache(join(temp.path, 'cache-empty.db'), silentLogger).db;
    const { outbox, replayer, close } = open('earlier-build-unsynced', cache);
    const item = replayer.enqueue({ kind: 'press.force', customerExternalId: customerAt(3) });
    recorder.sent.length = 0;
    await replayer.replay();
    const held = outbox.get(item.id);
    expect(held?.state).toBe('failed');
    expect(held?.lastError).toMatch(/sync this customer first/);
    expect(held?.lastError).not.toMatch(/service does not know/);
    expect(forcegens()).toHaveLength(0);
    await close();
    outbox.close();
    cache.close();
  });
});
