import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertPageShape, AlertShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import type { z } from 'zod';

type Alert = z.infer<typeof AlertShape>;

describe('sandbox alert search', () => {
  let t: TestSandbox;
  let all: Alert[];
  const search = async (body: Record<string, unknown>) => {
    const response = await t.call('POST', '/api/v1/alerts/search', { body });
    expect(response.status).toBe(200);
    return AlertPageShape.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 120 });
    const first = await search({ limit: 1000 });
    all = first.data;
    expect(first.total).toBe(all.length);
  });
  afterAll(() => t.close());

  it('serves alerts produced by screening, each with its last revision, in the spec’s shape', () => {
    expect(all.length).toBeGreaterThan(50);
    const customers = new Set(all.map((alert) => alert.customer_external_id));
    expect(customers.size).toBeGreaterThan(10);
    expect(new Set(all.map((alert) => alert.last_revision.state)).size).toBeGreaterThan(2);
    for (const alert of all) expect(AlertShape.safeParse(alert).success).toBe(true);
  });

  it('pages with limit and offset and an exact total, at every edge', async () => {
    const total = all.length;
    const pageA = await search({ limit: 10, offset: 0, order_by: 'id', order_way: 'asc' });
    const pageB = await search({ limit: 10, offset: 10, order_by: 'id', order_way: 'asc' });
    expect(pageA.total).toBe(total);
    expect(pageA.data.map((a) => a.id)).not.toEqual(pageB.data.map((a) => a.id));
    expect((await search({ limit: 0 })).data).toEqual([]);
    expect((await search({ limit: 0 })).total).toBe(total);
    const past = await search({ limit: 10, offset: total + 5 });
    expect(past).toEqual({ data: [], total });
    const last = await search({ limit: 10, offset: total - 3 });
    expect(last.data).toHaveLength(3);
    const huge = await search({ limit: 1_000_000_000 });
    expect(huge.data.length).toBe(Math.min(total, 1000));
    // Walking every page visits every alert exactly once.
    const seen: string[] = [];
    for (let offset = 0; offset < total; offset += 37) {
      seen.push(
        ...(await search({ limit: 37, offset, order_by: 'created_at', order_way: 'asc' })).data.map(
          (a) => a.id,
        ),
      );
    }
    expect(new Set(seen).size).toBe(total);
    expect(seen).toHaveLength(total);
  });

  it('applies each filter', async () => {
    const sample = all[Math.floor(all.length / 2)] as Alert;
    expect((await search({ id: sample.id })).data.map((a) => a.id)).toEqual([sample.id]);
    const byCustomer = await search({ external_id: sample.customer_external_id, limit: 1000 });
    expect(
      byCustomer.data.every((a) => a.customer_external_id === sample.customer_external_id),
    ).toBe(true);
    expect(byCustomer.total).toBe(
      all.filter((a) => a.customer_external_id === sample.customer_external_id).length,
    );

    for (const states of [[2], [7], [3, 4, 5]]) {
      const page = await search({ states, limit: 1000 });
      expect(page.total).toBe(all.filter((a) => states.includes(a.last_revision.state)).length);
    }
    const scored = await search({ score_from: 60, score_to: 80, limit: 1000 });
    expect(scored.total).toBe(
      all.filter((a) => a.last_revision.score >= 60 && a.last_revision.score <= 80).length,
    );
    const pep = await search({ categories: ['pep'], limit: 1000 });
    expect(pep.total).toBe(
      all.filter((a) => a.last_revision.top_category.toLowerCase() === 'pep').length,
    );
    const rca = await search({ categories: ['rca'], limit: 1000 });
    expect(rca.total).toBe(
      all.filter((a) => a.last_revision.top_category.toLowerCase().startsWith('rca')).length,
    );

    const unassigned = await search({ only_without_assignment: true, limit: 1000 });
    const assigned = await search({ assigned_to_member_id: 1, limit: 1000 });
    expect(unassigned.total).toBeGreaterThan(0);
    expect(unassigned.total).toBeLessThan(all.length);
    expect(assigned.data.every((a) => !unassigned.data.some((u) => u.id === a.id))).toBe(true);
    const noGroups = await search({ only_without_review_groups: true, limit: 1000 });
    const grouped = await search({
      review_groups: ['private-banking', 'retail-eu', 'corporate', 'high-risk', 'onboarding'],
      limit: 1000,
    });
    expect(noGroups.total + grouped.total).toBeLessThanOrEqual(all.length);
  });

  it('filters by sanction list id and name, and by last update bounds', async () => {
    const lists = t.sandbox.db
      .prepare(
        'SELECT sanction_list_id AS id, sanction_list_name AS name, COUNT(*) AS n FROM alerts WHERE sanction_list_id IS NOT NULL GROUP BY 1, 2',
      )
      .all() as Array<{ id: number; name: string; n: number }>;
    expect(lists.length).toBeGreaterThan(0);
    const list = lists[0] as { id: number; name: string; n: number };
    expect((await search({ sanction_list_id: list.id, limit: 1000 })).total).toBe(list.n);
    const byName = lists.filter((entry) =>
      entry.name.toLowerCase().includes(list.name.slice(0, 6).toLowerCase()),
    );
    expect(
      (await search({ sanction_list_str: list.name.slice(0, 6).toUpperCase(), limit: 1000 })).total,
    ).toBe(byName.reduce((sum, entry) => sum + entry.n, 0));

    const updates = all
      .map((alert) => Date.parse(alert.last_revision.created_at))
      .sort((a, b) => a - b);
    const middle = updates[Math.floor(updates.length / 2)] ?? 0;
    const bound = new Date(middle).toISOString().replace('Z', '+00:00');
    expect((await search({ last_update_to: bound, limit: 1000 })).total).toBe(
      updates.filter((ms) => ms <= middle).length,
    );
    expect((await search({ last_update_from: bound, limit: 1000 })).total).toBe(
      updates.filter((ms) => ms >= middle).length,
    );
  });

  it('filters by name, and by dates given with any UTC offset', async () => {
    const sample = all[3] as Alert;
    const detail = (
      await t.call('GET', `/api/v1/customers/${encodeURIComponent(sample.customer_external_id)}`)
    ).json<{
      customer: { first_name: string; last_name: string; company_name: string };
    }>();
    const namePart = (detail.customer.last_name || detail.customer.company_name).slice(0, 4);
    const byName = await search({ name: namePart, limit: 1000 });
    expect(byName.data.some((a) => a.id === sample.id)).toBe(true);

    const created = Date.parse(sample.created_at);
    const utc = new Date(created).toISOString();
    const plusTwo = new Date(created + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    for (const bound of [utc, plusTwo]) {
      const from = await search({ creation_date_from: bound, limit: 1000 });
      expect(from.total).toBe(all.filter((a) => Date.parse(a.created_at) >= created).length);
      const to = await search({ creation_date_to: bound, limit: 1000 });
      expect(to.total).toBe(all.filter((a) => Date.parse(a.created_at) <= created).length);
    }
  });

  it('orders by each field both ways', async () => {
    for (const [field, key] of [
      ['score', (a: Alert) => a.last_revision.score],
      ['created_at', (a: Alert) => Date.parse(a.created_at)],
      ['last_update', (a: Alert) => Date.parse(a.last_revision.created_at)],
      ['state', (a: Alert) => a.last_revision.state],
    ] as const) {
      const asc = (await search({ order_by: field, order_way: 'asc', limit: 200 })).data.map(key);
      expect(asc).toEqual([...asc].sort((x, y) => x - y));
      const desc = (
        await search({ order_by: { field }, order_way: { way: 'desc' }, limit: 200 })
      ).data.map(key);
      expect(desc).toEqual([...desc].sort((x, y) => y - x));
    }
    expect(
      (await t.call('POST', '/api/v1/alerts/search', { body: { order_by: 'colour' } })).status,
    ).toBe(400);
  });

  it('returns exactly what changed since last_update_from after the tenant advances', async () => {
    const before = await search({ order_by: 'last_update', order_way: 'desc', limit: 1 });
    const newest = before.data[0]?.last_revision.created_at ?? '1970-01-01T00:00:00Z';
    const result = t.sandbox.advance({ alerts: 3, revisions: 4 });
    const changed = await search({
      last_update_from: new Date(Date.parse(newest) + 1).toISOString(),
      limit: 1000,
    });
    expect(changed.data.map((a) => a.id).sort()).toEqual(
      [...result.alerts, ...result.revisions].sort(),
    );
    const revised = changed.data.filter((a) => result.revisions.includes(a.id));
    for (const alert of revised) {
      const previous = all.find((a) => a.id === alert.id);
      expect(alert.last_revision.revision_number).toBeGreaterThan(
        previous?.last_revision.revision_number ?? 0,
      );
    }
  });
});
