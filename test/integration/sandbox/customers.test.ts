import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AlertPageShape,
  CustomerDetailShape,
  SaveResponseShape,
  StatsShape,
  TimelineShape,
} from '../../support/spec-shapes';
import { clockFrom, startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

/**
 * The generated tenant is anchored on this instant rather than on the clock, so which alert is the
 * newest (and whose customer the screening test copies) is the same at any time of day.
 */
const TENANT_NOW = '2026-11-21T09:40:00Z';

describe('sandbox customers', () => {
  let t: TestSandbox;
  const save = async (body: Record<string, unknown>) => {
    const response = await t.call('POST', '/api/v1/customers/save', { body });
    expect(response.status).toBe(200);
    return SaveResponseShape.parse(response.json());
  };
  const detail = async (id: string) => {
    const response = await t.call('GET', `/api/v1/customers/${encodeURIComponent(id)}`);
    expect(response.status).toBe(200);
    return CustomerDetailShape.parse(response.json());
  };
  const profilesOf = async (externalId: string) =>
    AlertPageShape.parse(
      (
        await t.call('POST', '/api/v1/alerts/search', {
          body: { external_id: externalId, limit: 1000 },
        })
      ).json(),
    )
      .data.map((alert) => alert.profile_number)
      .sort();

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 40, now: clockFrom(TENANT_NOW) });
  });
  afterAll(() => t.close());

  it('serves generated customers’ detail, stats and timeline in the spec’s shapes', async () => {
    const alerts = AlertPageShape.parse(
      (await t.call('POST', '/api/v1/alerts/search', { body: { limit: 5 } })).json(),
    );
    const id = alerts.data[0]?.customer_external_id ?? '';
    const customer = await detail(id);
    expect(customer.customer.external_id).toBe(id);
    const stats = StatsShape.parse(
      (await t.call('GET', `/api/v1/customers/${encodeURIComponent(id)}/stats`)).json(),
    );
    const ownAlerts = AlertPageShape.parse(
      (
        await t.call('POST', '/api/v1/alerts/search', { body: { external_id: id, limit: 1000 } })
      ).json(),
    );
    expect(stats.alerts).toBe(ownAlerts.total);
    const timeline = TimelineShape.parse(
      (await t.call('GET', `/api/v1/customers/${encodeURIComponent(id)}/timeline`)).json(),
    );
    expect(timeline.length).toBeGreaterThan(0);
    expect(timeline.every((event) => event.CustomerExternalID === id)).toBe(true);
    const two = TimelineShape.parse(
      (
        await t.call('GET', `/api/v1/customers/${encodeURIComponent(id)}/timeline?limit=2&offset=0`)
      ).json(),
    );
    expect(two.length).toBe(Math.min(2, timeline.length));
    expect(
      (await t.call('GET', `/api/v1/customers/${encodeURIComponent(id)}/timeline?limit=abc`))
        .status,
    ).toBe(400);
    expect((await t.call('GET', '/api/v1/customers/nobody-here')).status).toBe(404);
  });

  it('creates and updates customers, writing a timeline, with review groups and contacts as strings or arrays', async () => {
    const created = await save({
      customers: [
        {
          external_id: 'T-100',
          account_type: 'N',
          first_name: 'Ada',
          last_name: 'Quill',
          date_of_birth: '1980-02-29',
          nationality_codes: ['GB'],
          review_groups: 'retail-eu; high-risk,onboarding',
          contacts: 'ada@example.com,ada.q@example.org',
        },
        {
          external_id: 'T-200',
          account_type: 'F',
          company_name: 'Quill Trading Ltd',
          review_groups: ['corporate'],
        },
      ],
    });
    expect(created.status).toBe('success');
    expect(created.added.map((a) => a.external_id)).toEqual(['T-100', 'T-200']);
    const ada = await detail('T-100');
    expect(ada.customer).toMatchObject({
      first_name: 'Ada',
      last_name: 'Quill',
      review_groups: ['retail-eu', 'high-risk', 'onboarding'],
      contacts: 'ada@example.com, ada.q@example.org',
      nationality_code: 'GB',
    });

    const updated = await save({
      customers: [
        {
          external_id: 'T-100',
          review_groups: [
            { value: 'high-risk', _op: 'del' },
            { value: 'private-banking', _op: 'set' },
          ],
          variations: [{ _op: 'set', first_name: 'Adah', last_name: 'Quil' }],
        },
      ],
    });
    expect(updated.status).toBe('success');
    const after = await detail('T-100');
    expect(after.customer.review_groups.sort()).toEqual([
      'onboarding',
      'private-banking',
      'retail-eu',
    ]);
    expect(after.customer.name_variations).toContainEqual({
      company_name: '',
      first_name: 'Adah',
      last_name: 'Quil',
      middle_name: '',
      trading_name: '',
    });
    expect(Number(after.customer.revision_number)).toBe(Number(ada.customer.revision_number) + 1);
    const events = TimelineShape.parse(
      (await t.call('GET', '/api/v1/customers/T-100/timeline')).json(),
    );
    expect(events.map((e) => e.EventType)).toEqual(
      expect.arrayContaining(['customer_created', 'customer_updated', 'screened']),
    );
  });

  it('verify_input validates and persists nothing', async () => {
    const verified = await save({
      verify_input: true,
      customers: [{ external_id: 'T-VERIFY', account_type: 'N', last_name: 'Nobody' }],
    });
    expect(verified).toMatchObject({ verify_input: true, status: 'valid', added: [] });
    expect((await t.call('GET', '/api/v1/customers/T-VERIFY')).status).toBe(404);
    const invalid = await save({
      verify_input: true,
      customers: [{ external_id: 'T-VERIFY', account_type: 'N' }],
    });
    expect(invalid.status).toBe('invalid');
    expect(invalid.detail[0]?.errors[0]?.error).toBe('last_name_required');
  });

  it('reports per-line errors and warnings, saving the good lines only', async () => {
    const result = await save({
      customers: [
        {
          external_id: 'T-300',
          account_type: 'N',
          last_name: 'Good',
          kyc_level: 2,
          kyc_level_requested: 1,
        },
        {
          external_id: 'T-301',
          account_type: 'N',
          last_name: 'Bad',
          date_of_birth: '1990-02-30',
          nationality_codes: ['Germany'],
        },
      ],
      relations: [
        {
          relation_external_id: 'R-1',
          parent_customer_external_id: 'T-200',
          child_customer_external_id: 'T-300',
          relation_type: 3,
        },
        {
          relation_external_id: 'R-2',
          parent_customer_external_id: 'T-300',
          child_customer_external_id: 'nobody',
          relation_type: 3,
        },
      ],
    });
    expect(result.status).toBe('partial_success');
    const line = (id: string) => result.detail.find((d) => d.external_id === id);
    expect(line('T-300')?.errors).toEqual([]);
    expect(line('T-300')?.warnings.map((w) => w.error)).toContain('kyc_level_requested_lower');
    expect(
      line('T-301')
        ?.errors.map((e) => e.error)
        .sort(),
    ).toEqual(['invalid_date_of_birth', 'invalid_nationality_codes']);
    expect(line('R-1')?.errors).toEqual([]);
    expect(line('R-2')?.errors.map((e) => e.error)).toEqual(['unknown_customer']);
    expect((await t.call('GET', '/api/v1/customers/T-300')).status).toBe(200);
    expect((await t.call('GET', '/api/v1/customers/T-301')).status).toBe(404);
  });

  it('screens saved customers: a watchlisted name raises alerts; disable_risk_scan defers it', async () => {
    // A customer saved with everything screening reads of a listed customer (names, trading name,
    // name variations, birth date, countries) is matched to the same watchlist profiles. Copying
    // the primary name alone is not enough: many matches come through a trading name or variation.
    const alerts = AlertPageShape.parse(
      (
        await t.call('POST', '/api/v1/alerts/search', { body: { score_from: 85, limit: 1 } })
      ).json(),
    );
    const picked = alerts.data[0];
    if (!picked) throw new Error('the tenant has no alert scored 85 or more');
    const source = await detail(picked.customer_external_id);
    const sourceProfiles = await profilesOf(picked.customer_external_id);
    const twin = { ...screenedFields(source.customer), external_id: 'T-TWIN' };
    const deferred = await save({ disable_risk_scan: true, customers: [twin] });
    expect(deferred.status).toBe('success');
    expect(
      StatsShape.parse((await t.call('GET', '/api/v1/customers/T-TWIN/stats')).json()).alerts,
    ).toBe(0);
    expect(t.sandbox.runPendingScans()).toBe(1);
    const stats = StatsShape.parse((await t.call('GET', '/api/v1/customers/T-TWIN/stats')).json());
    expect(stats.alerts).toBeGreaterThan(0);
    const own = AlertPageShape.parse(
      (
        await t.call('POST', '/api/v1/alerts/search', {
          body: { external_id: 'T-TWIN', limit: 1000 },
        })
      ).json(),
    );
    expect(own.total).toBe(stats.alerts);
    const twinProfiles = own.data.map((alert) => alert.profile_number).sort();
    expect(twinProfiles).toContain(picked.profile_number);
    expect(twinProfiles).toEqual(sourceProfiles);
    expect(
      own.data.every(
        (alert) => alert.last_revision.state === 2 && alert.last_revision.revision_number === 1,
      ),
    ).toBe(true);
  });

  it('forces disable_risk_scan above the threshold, and says so per line', async () => {
    const customers = Array.from({ length: 101 }, (_, index) => ({
      external_id: `BULK-${index}`,
      account_type: 'N',
      last_name: `Bulk${index}`,
    }));
    const result = await save({ customers });
    expect(result.added).toHaveLength(101);
    expect(
      result.detail.every((line) => line.warnings.some((w) => w.error === 'risk_scan_deferred')),
    ).toBe(true);
  });
});

/** Everything of a customer that screening reads, as a save line. */
function screenedFields(customer: z.infer<typeof CustomerDetailShape>['customer']) {
  return {
    account_type: customer.account_type.code,
    first_name: customer.first_name,
    middle_name: customer.middle_name,
    last_name: customer.last_name,
    company_name: customer.company_name,
    trading_name: customer.trading_name,
    date_of_birth: customer.date_of_birth,
    nationality_codes: customer.nationality_codes,
    domicile_codes: customer.domicile_codes,
    variations: customer.name_variations,
  };
}
