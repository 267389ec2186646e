import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Customer360,
  OutboxItemView,
  PressGenerateResult,
  PressList,
  SearchHitView,
} from '../../../preload/contract';
import type { Core } from '../../../main/core';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { syncToEnd } from '../../support/sync-to-end';
import { makeTempDir } from '../../support/temp-dir';
import { createTestCore } from '../../support/test-core';

describe('press reports in the open profile, through the bridge', () => {
  const temp = makeTempDir('casedesk-press-workspace-');
  let t: TestSandbox;
  let core: Core;
  const dispatch = (method: string, input?: unknown) =>
    core.dispatch(method, input, { transport: 'browser' });
  const call = async <T>(method: string, input?: unknown): Promise<T> => {
    const reply = await dispatch(method, input);
    if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
    return reply.value as T;
  };
  /** Resolves at the next cache.changed naming kept press reports. */
  const pressChanged = () =>
    new Promise<void>((resolve) => {
      const stop = core.events.subscribe((name, payload) => {
        if (
          name === 'cache.changed' &&
          (payload as { tables: string[] }).tables.includes('press_reports')
        ) {
          stop();
          resolve();
        }
      });
    });
  const customerAt = (offset: number) =>
    (
      t.sandbox.db
        .prepare('SELECT external_id FROM customers ORDER BY external_id LIMIT 1 OFFSET ?')
        .get(offset) as { external_id: string }
    ).external_id;

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
    core = await createTestCore(temp.path);
    const saved = await call<{ id: string }>('profiles.save', {
      name: 'Sandbox',
      baseUrl: t.sandbox.baseUrl,
      token: t.sandbox.token,
      tokenStorage: 'weak',
    });
    await call('profiles.activate', { id: saved.id });
    await syncToEnd(core.events, () => call('sync.start', { full: true }));
  });
  afterAll(async () => {
    await core.dispose();
    await t.close();
    temp.remove();
  });

  it('refuses malformed input before anything runs', async () => {
    const refused = [
      ['press.generate', { subject: { name: '  ' } }],
      ['press.generate', { subject: { name: 'Ann Lee', countryCodes: ['FRA'] } }],
      ['press.generate', { subject: { name: 'Ann Lee', entityType: 'trust' } }],
      ['press.generate', { subject: { name: 'Ann Lee' }, extra: true }],
      ['press.open', { id: '' }],
      ['press.get', {}],
      ['press.list', { filter: { severity: 'extreme' } }],
      ['press.list', { filter: { keptFrom: '2024-13-40' } }],
      ['press.compare', { a: 'R1' }],
      ['press.markSourceRead', { reportId: 'R1', sourceKey: '', read: true }],
      ['press.force', { customerExternalId: '' }],
    ] as const;
    for (const [method, input] of refused) {
      const reply = await dispatch(method, input);
      expect(reply.ok ? 'accepted' : reply.error.code, `${method} ${JSON.stringify(input)}`).toBe(
        'invalid_input',
      );
    }
  });

  it('forced for a customer: queued, sent, then picked up from its timeline; counted on the 360, found by search', async () => {
    const customer = customerAt(4);
    expect(
      (await call<Customer360>('customers.get', { externalId: customer })).pressReportCount,
    ).toBe(0);
    const changed = pressChanged();
    let outboxTold = 0;
    const stop = core.events.subscribe((name) => {
      if (name === 'outbox.changed') outboxTold += 1;
    });
    const item = await call<OutboxItemView>('press.force', { customerExternalId: customer });
    expect(item.kind).toBe('press.force');
    await changed;
    stop();
    // The window is told of the queued item and of its delivery, as for every kind.
    expect(outboxTold).toBeGreaterThanOrEqual(2);
    const [delivered] = (await call<OutboxItemView[]>('outbox.list')).filter(
      (entry) => entry.id === item.id,
    );
    expect(delivered?.state).toBe('done');
    const list = await call<PressList>('press.list', { filter: { customerExternalId: customer } });
    expect(list.reports).toHaveLength(1);
    expect(list.reports[0]).toMatchObject({ origin: 'forced', customerExternalId: customer });
    expect(
      (await call<Customer360>('customers.get', { externalId: customer })).pressReportCount,
    ).toBe(1);
    const name = list.reports[0]?.subjectName ?? '';
    const hits = await call<SearchHitView[]>('search.query', { text: name });
    expect(hits.filter((hit) => hit.kind === 'press')).toEqual([
      expect.objectContaining({
        id: list.reports[0]?.id,
        customerExternalId: customer,
        title: name,
      }),
    ]);
  });

  it('after a sync, reports the synced timelines name are picked up', async () => {
    const customer = customerAt(6);
    const serviceId = (
      t.sandbox.db.prepare('SELECT id FROM customers WHERE external_id = ?').get(customer) as {
        id: string;
      }
    ).id;
    expect((await t.call('POST', `/api/v1/press/report/${serviceId}/forcegen`)).status).toBe(204);
    // A full sync reads every customer's timeline again (an incremental one, those with news).
    await syncToEnd(core.events, () => call('sync.start', { full: true }));
    const list = await call<PressList>('press.list', { filter: { customerExternalId: customer } });
    expect(list.reports.map((report) => report.origin)).toEqual(['forced']);
  });

  it('generates a report and reads it back from the local store', async () => {
    const result = await call<PressGenerateResult>('press.generate', {
      subject: { firstName: 'Nora', lastName: 'Lind', countryCodes: ['se'] },
    });
    if (result.state !== 'generated') throw new Error(result.state);
    expect(await call('press.get', { id: result.report.summary.id })).toEqual(result.report);
    const again = await call<PressGenerateResult>('press.generate', {
      subject: { name: 'lind nora' },
    });
    expect(again.state).toBe('recent');
  });
});
