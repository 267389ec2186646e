import { describe, expect, it } from 'vitest';
import { customer360 } from '../../../main/cache/customer-360';
import { silentLogger } from '../../../main/lib/logger';
import { createSyncEngine } from '../../../main/sync/sync-engine';
import { openTestCache } from '../cache/review-records';
import {
  alertOf,
  customerOf,
  fakeSyncSource,
  type FakeTenant,
} from '../../support/fake-sync-source';

function tenantOf(count: number, fields: Partial<FakeTenant> = {}): FakeTenant {
  const alerts = Array.from({ length: count }, (_, i) =>
    alertOf(
      `a${String(i).padStart(3, '0')}`,
      `c-${i % 3}`,
      new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    ),
  );
  return {
    alerts,
    threads: [],
    customers: new Map([0, 1, 2].map((i) => [`c-${i}`, customerOf(`c-${i}`)])),
    ...fields,
  };
}

async function syncOnce(
  tenant: FakeTenant,
  options: { pageSize?: number; maxPages?: number } = {},
) {
  const { db, writer } = openTestCache();
  const { source, calls } = fakeSyncSource(tenant);
  const engine = createSyncEngine({ db, writer, source, logger: silentLogger });
  const report = await engine.run({ pageSize: options.pageSize ?? 10, maxPages: options.maxPages });
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  return { db, engine, report, calls, count };
}

describe('the customer loop', () => {
  it('removes the id asked when the answer spells it in another case, and caches the customer under it', async () => {
    const { report, count, db } = await syncOnce(
      tenantOf(6, { answerAs: (asked) => asked.toUpperCase() }),
    );
    expect(count('SELECT COUNT(*) AS n FROM customer_queue')).toBe(0);
    const cached = db
      .prepare('SELECT external_id FROM customers WHERE detail_raw IS NOT NULL ORDER BY 1')
      .all();
    expect(cached).toEqual([
      { external_id: 'c-0' },
      { external_id: 'c-1' },
      { external_id: 'c-2' },
    ]);
    expect(report.customers).toBe(3);
    expect(report.customerMismatches).toBe(0);
  });

  it('ends, keeps the answer under the id it names and counts the mismatch when the service answers another customer', async () => {
    const { report, count, calls } = await syncOnce(
      tenantOf(6, { answerAs: (asked) => `alias-of-${asked}` }),
    );
    expect(count('SELECT COUNT(*) AS n FROM customer_queue')).toBe(0);
    expect(calls.filter((c) => c === 'customer')).toHaveLength(3);
    expect(
      count(
        "SELECT COUNT(*) AS n FROM customers WHERE external_id LIKE 'alias-of-%' AND detail_raw IS NOT NULL",
      ),
    ).toBe(3);
    expect(report.customerMismatches).toBe(3);
  });
});

describe('paging ends', () => {
  it('at the announced total when the service ignores limit', async () => {
    const { report, calls, count } = await syncOnce(tenantOf(30, { ignoreLimit: true }));
    expect(count('SELECT COUNT(*) AS n FROM alerts')).toBe(30);
    expect(calls.filter((c) => c === 'alerts')).toHaveLength(1);
    expect(report.stoppedPaging).toEqual([]);
  });

  it('when a page brings nothing new, with no total', async () => {
    const { calls, count } = await syncOnce(tenantOf(30, { ignoreLimit: true, total: null }));
    expect(count('SELECT COUNT(*) AS n FROM alerts')).toBe(30);
    expect(calls.filter((c) => c === 'alerts').length).toBeLessThanOrEqual(2);
  });

  it('when the same page comes back whatever is asked', async () => {
    const { calls, count } = await syncOnce(tenantOf(30, { repeatFirstPage: true, total: 1000 }));
    expect(count('SELECT COUNT(*) AS n FROM alerts')).toBe(10);
    expect(calls.filter((c) => c === 'alerts').length).toBeLessThanOrEqual(2);
  });

  it('at the page ceiling when every page is new, and the summary says so', async () => {
    const { report, calls } = await syncOnce(tenantOf(0, { endless: true, total: null }), {
      maxPages: 7,
    });
    expect(calls.filter((c) => c === 'alerts')).toHaveLength(7);
    expect(calls.filter((c) => c === 'threads')).toHaveLength(7);
    expect(report.stoppedPaging).toEqual([
      { read: 'alerts', pages: 7 },
      { read: 'threads', pages: 7 },
    ]);
  });

  it("of a customer's documents, at the ceiling", async () => {
    const tenant = tenantOf(1);
    const { source: plain, calls } = fakeSyncSource({ ...tenant });
    const endless = fakeSyncSource({ ...tenant, endless: true, total: null }).source;
    const source = {
      ...plain,
      customerDocuments: (...args: Parameters<typeof plain.customerDocuments>) =>
        endless.customerDocuments(...args),
    };
    const { db, writer } = openTestCache();
    const engine = createSyncEngine({ db, writer, source, logger: silentLogger });
    const report = await engine.run({ pageSize: 10, maxPages: 5 });
    expect(report.customers).toBe(1);
    expect(report.stoppedPaging).toEqual([{ read: 'documents', pages: 5 }]);
    expect(calls.length).toBeLessThan(20);
  });
});

describe('dates', () => {
  it('unreadable and disordered dates never stop the sync; every alert is kept', async () => {
    const tenant = tenantOf(12);
    const odd = [
      null,
      '',
      'yesterday',
      '1767225600',
      '2026-01-01T00:00:00',
      '2020-01-01T00:00:00Z',
    ];
    odd.forEach((value, i) => {
      const alert = tenant.alerts[i * 2];
      if (alert?.last_revision) {
        alert.created_at = value;
        alert.last_revision.created_at = value;
      }
    });
    tenant.alerts.push({
      id: 'no-revision',
      created_at: 'x',
      customer_external_id: 'c-0',
      last_revision: null,
    });
    // The service answers in its own order, whatever order_by says.
    tenant.alerts.reverse();
    const { count, report } = await syncOnce({ ...tenant, total: null }, { pageSize: 5 });
    expect(count('SELECT COUNT(*) AS n FROM alerts')).toBe(13);
    expect(report.alerts).toBeGreaterThanOrEqual(13);
  });
});

describe('partial customers', () => {
  it('a 404 on stats or timeline keeps the detail, marks what is missing and retries it next time', async () => {
    const notFound = new Set(['c-1:stats', 'c-2:timeline']);
    const tenant = tenantOf(6, { notFound });
    const { db, writer } = openTestCache();
    const engine = createSyncEngine({
      db,
      writer,
      source: fakeSyncSource(tenant).source,
      logger: silentLogger,
    });
    const first = await engine.run({ pageSize: 10 });
    expect(first.customers).toBe(3);
    expect(first.customersPartial).toBe(2);
    expect(
      db.prepare('SELECT external_id FROM customers WHERE detail_raw IS NOT NULL ORDER BY 1').all(),
    ).toEqual([{ external_id: 'c-0' }, { external_id: 'c-1' }, { external_id: 'c-2' }]);
    const queued = db
      .prepare('SELECT external_id, last_error FROM customer_queue ORDER BY 1')
      .all() as Array<{ external_id: string; last_error: string }>;
    expect(queued.map((row) => row.external_id)).toEqual(['c-1', 'c-2']);
    expect(queued[0]?.last_error).toMatch(/stats/);
    expect(queued[1]?.last_error).toMatch(/timeline/);

    notFound.clear();
    const second = await engine.run({ pageSize: 10 });
    expect(second.customersPartial).toBe(0);
    expect(db.prepare('SELECT COUNT(*) AS n FROM customer_queue').get()).toEqual({ n: 0 });
  });

  it('a 404 on the customer itself drops it', async () => {
    const { count, report } = await syncOnce(tenantOf(6, { notFound: new Set(['c-1:detail']) }));
    expect(count('SELECT COUNT(*) AS n FROM customer_queue')).toBe(0);
    expect(report.customers).toBe(2);
    expect(report.customerFailures).toBe(1);
  });
});

describe('timeline paging', () => {
  it('notes with the customer a timeline that stops at a round count, and forgets it once it does not', async () => {
    const events = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ ID: `e${i}`, EventType: 'x' }));
    const tenant = tenantOf(3, {
      events: new Map([
        ['c-0', events(50)],
        ['c-1', events(3)],
      ]),
    });
    const { db, writer } = openTestCache();
    const engine = createSyncEngine({
      db,
      writer,
      source: fakeSyncSource(tenant).source,
      logger: silentLogger,
    });
    const report = await engine.run({ pageSize: 10 });
    expect(report.timelinesMayBeCut).toBe(1);
    expect(customer360(db, 'c-0')?.timelineMayBeCut).toBe(50);
    expect(customer360(db, 'c-1')?.timelineMayBeCut).toBeNull();

    tenant.events?.set('c-0', events(51));
    writer.setState('alerts.cursor', { since: null, skip: 0 });
    await engine.run({ pageSize: 10 });
    expect(customer360(db, 'c-0')?.timelineMayBeCut).toBeNull();
  });
});
