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
import { RELATION_TYPES } from '../../../main/sandbox/generator';
import { watchlistProfile } from '../../../main/sandbox/generator/screening/watchlist';
import type { RelationRecord } from '../../../main/sandbox/model';
import { RISK_SCAN_THRESHOLD } from '../../../main/sandbox/ops/customers';

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
  type SaveResponse = z.infer<typeof SaveResponseShape>;
  const storedRelations = () =>
    (
      t.sandbox.db
        .prepare('SELECT json FROM relations ORDER BY relation_external_id')
        .all() as Array<{ json: string }>
    ).map((row) => JSON.parse(row.json) as RelationRecord);
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

  describe('per-line problems', () => {
    const line = (result: SaveResponse, id: string) =>
      result.detail.find((d) => d.external_id === id);
    const codes = (problems: ReadonlyArray<{ error: string }> | undefined) =>
      (problems ?? []).map((problem) => problem.error).sort();

    it('answers 200 with one detail per line, in order, and saves only the good lines', async () => {
      const result = await save({
        customers: [
          { account_type: 'N', last_name: 'No Id' },
          { external_id: '   ', account_type: 'N', last_name: 'Blank Id' },
          {
            external_id: 'L-DOB',
            account_type: 'N',
            last_name: 'Dob',
            date_of_birth: '31/12/1990',
          },
          { external_id: 'L-TYPE', account_type: 'P', last_name: 'Type' },
          { external_id: 'L-ORPHAN', account_type: 'N', last_name: 'Orphan', parent_external_id: 'NOBODY-AT-ALL' }, // prettier-ignore
          { external_id: 'L-GOOD', account_type: 'F', company_name: 'Good Ltd', fields: { industry: 'Banking', favourite_colour: 'teal' } }, // prettier-ignore
          { external_id: 'L-CHILD', account_type: 'N', last_name: 'Child', parent_external_id: 'L-GOOD' }, // prettier-ignore
        ],
        relations: [
          { relation_external_id: 'LR-OK', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'L-CHILD', relation_type: 4, fields: { ownership_percent: 10, since: '2001' } }, // prettier-ignore
          { relation_external_id: 'LR-END', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'NOBODY-AT-ALL', relation_type: 4 }, // prettier-ignore
          { relation_external_id: 'LR-TYPE', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'L-CHILD', relation_type: 99 }, // prettier-ignore
          { relation_external_id: 'LR-NOTYPE', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'L-CHILD' }, // prettier-ignore
          { relation_external_id: 'LR-REFUSED-END', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'L-DOB', relation_type: 1 }, // prettier-ignore
        ],
      });
      expect(result.status).toBe('partial_success');
      expect(result.detail.map((d) => d.external_id)).toEqual([
        '', '', 'L-DOB', 'L-TYPE', 'L-ORPHAN', 'L-GOOD', 'L-CHILD',
        'LR-OK', 'LR-END', 'LR-TYPE', 'LR-NOTYPE', 'LR-REFUSED-END',
      ]); // prettier-ignore
      expect(result.detail[0]?.errors).toEqual([
        { error: 'external_id_required', detail: expect.stringContaining('customer line 1 (customers[0])') as unknown }, // prettier-ignore
      ]);
      expect(result.detail[1]?.errors[0]?.detail).toContain('customer line 2 (customers[1])');
      expect(codes(line(result, 'L-DOB')?.errors)).toEqual(['invalid_date_of_birth']);
      expect(codes(line(result, 'L-TYPE')?.errors)).toEqual(['invalid_account_type']);
      expect(codes(line(result, 'L-ORPHAN')?.errors)).toEqual(['unknown_parent']);
      expect(line(result, 'L-GOOD')?.errors).toEqual([]);
      expect(line(result, 'L-GOOD')?.warnings).toEqual([
        {
          error: 'unknown_custom_field',
          detail: expect.stringContaining('"favourite_colour"') as unknown,
        },
      ]);
      expect(line(result, 'L-CHILD')?.errors).toEqual([]);
      expect(line(result, 'LR-OK')?.errors).toEqual([]);
      expect(codes(line(result, 'LR-OK')?.warnings)).toEqual(['unknown_custom_field']);
      expect(codes(line(result, 'LR-END')?.errors)).toEqual(['unknown_customer']);
      expect(codes(line(result, 'LR-TYPE')?.errors)).toEqual(['unknown_relation_type']);
      expect(codes(line(result, 'LR-NOTYPE')?.errors)).toEqual(['relation_type_required']);
      expect(codes(line(result, 'LR-REFUSED-END')?.errors)).toEqual(['unknown_customer']);

      expect(result.added.map((a) => a.external_id)).toEqual(['L-GOOD', 'L-CHILD']);
      for (const refused of ['L-DOB', 'L-TYPE', 'L-ORPHAN'])
        expect((await t.call('GET', `/api/v1/customers/${refused}`)).status).toBe(404);
      const good = await detail('L-GOOD');
      // Unknown custom fields are kept as given.
      expect(good.customer.custom_fields).toEqual({
        industry: 'Banking',
        favourite_colour: 'teal',
      });
      expect((await detail('L-CHILD')).customer.parent_external_id).toBe('L-GOOD');
      expect(storedRelations()).toContainEqual(
        expect.objectContaining({ relation_external_id: 'LR-OK', relation_type: 4, fields: { ownership_percent: 10, since: '2001' } }), // prettier-ignore
      );
      expect(storedRelations().map((r) => r.relation_external_id)).not.toContain('LR-TYPE');
    });

    it('answers failure when no line is saved', async () => {
      const result = await save({
        customers: [{ external_id: 'F-1', account_type: 'Z', last_name: 'Zed' }],
        relations: [
          { relation_external_id: 'FR-1', parent_customer_external_id: 'F-1', child_customer_external_id: 'L-GOOD', relation_type: 2 }, // prettier-ignore
        ],
      });
      expect(result.status).toBe('failure');
      expect(result.added).toEqual([]);
    });

    it('accepts every relation type of the documented list and stores the relations', async () => {
      const types = Object.keys(RELATION_TYPES).map(Number);
      const result = await save({
        relations: types.map((type) => ({
          relation_external_id: `TYPE-${type}`,
          parent_customer_external_id: 'L-GOOD',
          child_customer_external_id: 'L-CHILD',
          relation_type: type,
        })),
      });
      expect(result.status).toBe('success');
      const stored = storedRelations().filter((r) => r.relation_external_id.startsWith('TYPE-'));
      expect(stored.map((r) => r.relation_type).sort((a, b) => a - b)).toEqual(types);
    });

    it('still refuses with a 400 a field of the wrong JSON type, naming it', async () => {
      const response = await t.call('POST', '/api/v1/customers/save', {
        body: { customers: [{ external_id: 'W-1', account_type: 'N', last_name: 'W', kyc_level: '2' }] }, // prettier-ignore
      });
      expect(response.status).toBe(400);
      expect(response.text).toContain('customers.0.kyc_level');
      expect((await t.call('GET', '/api/v1/customers/W-1')).status).toBe(404);
    });
  });

  it('verify_input persists no customer, relation, timeline event or deferred scan', async () => {
    t.sandbox.runPendingScans();
    const before = await detail('L-GOOD');
    const eventsBefore = (await t.call('GET', '/api/v1/customers/L-GOOD/timeline?limit=1000')).text;
    const relationsBefore = storedRelations();
    const verified = await save({
      verify_input: true,
      disable_risk_scan: true,
      customers: [
        { external_id: 'L-GOOD', company_name: 'Renamed Ltd', review_groups: 'verify-only' },
        { external_id: 'V-NEW', account_type: 'N', last_name: 'Verified' },
      ],
      relations: [
        { relation_external_id: 'V-REL', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'V-NEW', relation_type: 5 }, // prettier-ignore
        { relation_external_id: 'LR-OK', parent_customer_external_id: 'L-GOOD', child_customer_external_id: 'V-NEW', relation_type: 6 }, // prettier-ignore
      ],
    });
    expect(verified).toMatchObject({ verify_input: true, status: 'valid', added: [] });
    expect(verified.detail.every((d) => d.errors.length === 0)).toBe(true);
    expect(await detail('L-GOOD')).toEqual(before);
    expect((await t.call('GET', '/api/v1/customers/L-GOOD/timeline?limit=1000')).text).toBe(eventsBefore); // prettier-ignore
    expect((await t.call('GET', '/api/v1/customers/V-NEW')).status).toBe(404);
    expect(storedRelations()).toEqual(relationsBefore);
    expect(t.sandbox.runPendingScans()).toBe(0);

    const invalid = await save({
      verify_input: true,
      customers: [{ external_id: 'V-BAD', account_type: 'N', date_of_birth: '1990-02-30' }],
    });
    expect(invalid.status).toBe('invalid');
    expect(invalid.detail[0]?.errors.map((e) => e.error).sort()).toEqual([
      'invalid_date_of_birth',
      'last_name_required',
    ]);
  });

  describe(`disable_risk_scan above ${RISK_SCAN_THRESHOLD} lines`, () => {
    const people = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        external_id: `${prefix}-${index}`,
        account_type: 'N',
        last_name: `${prefix}${index}`,
      }));
    const deferredLines = (result: SaveResponse) =>
      result.detail.filter((d) => d.warnings.some((w) => w.error === 'risk_scan_deferred')).length;

    it('is not forced at exactly the threshold: the customers are screened as they are saved', async () => {
      t.sandbox.runPendingScans();
      const result = await save({
        customers: people('AT', RISK_SCAN_THRESHOLD - 1),
        relations: [
          { relation_external_id: 'AT-REL', parent_customer_external_id: 'AT-0', child_customer_external_id: 'AT-1', relation_type: 9 }, // prettier-ignore
        ],
      });
      expect(result.status).toBe('success');
      expect(deferredLines(result)).toBe(0);
      expect(t.sandbox.runPendingScans()).toBe(0);
      const stats = StatsShape.parse((await t.call('GET', '/api/v1/customers/AT-0/stats')).json());
      expect(stats.last_scan_date).not.toBe('');
    });

    it('is forced one line above it, counting relations, and the scan runs at the next ongoing scan', async () => {
      const result = await save({
        customers: people('ABOVE', RISK_SCAN_THRESHOLD),
        relations: [
          { relation_external_id: 'ABOVE-REL', parent_customer_external_id: 'ABOVE-0', child_customer_external_id: 'ABOVE-1', relation_type: 9 }, // prettier-ignore
        ],
      });
      expect(result.status).toBe('success');
      expect(deferredLines(result)).toBe(RISK_SCAN_THRESHOLD);
      expect(StatsShape.parse((await t.call('GET', '/api/v1/customers/ABOVE-0/stats')).json()).last_scan_date).toBe(''); // prettier-ignore
      const scan = await t.call('POST', '/__sandbox/scan');
      expect(scan.json()).toEqual({ scanned: RISK_SCAN_THRESHOLD });
      expect(StatsShape.parse((await t.call('GET', '/api/v1/customers/ABOVE-0/stats')).json()).last_scan_date).not.toBe(''); // prettier-ignore
    });

    it('is not forced when the client asked for it: no warning says it was', async () => {
      const result = await save({ disable_risk_scan: true, customers: people('ASKED', 2) });
      expect(deferredLines(result)).toBe(0);
      expect(t.sandbox.runPendingScans()).toBe(2);
    });
  });

  describe('screening of new and changed customers', () => {
    /** The first listed individual with a full date of birth: a customer of that name is a match. */
    const listed = () => {
      for (let index = 0; ; index += 1) {
        const profile = watchlistProfile(t.sandbox.seed, index);
        const name = profile.names[0];
        if (profile.entity === 'N' && /^\d{4}-\d{2}-\d{2}$/.test(profile.dateOfBirth) && name)
          return { profile, name };
      }
    };
    const asCustomer = ({ profile, name }: ReturnType<typeof listed>) => ({
      account_type: 'N',
      first_name: name.first_name,
      middle_name: name.middle_name,
      last_name: name.last_name,
      date_of_birth: profile.dateOfBirth,
      nationality_codes: profile.countries.slice(0, 1),
    });

    it('raises an alert for a new customer named as a list entry, at once when not deferred', async () => {
      const match = listed();
      const result = await save({ customers: [{ external_id: 'SCR-NOW', ...asCustomer(match) }] });
      expect(result.status).toBe('success');
      expect(await profilesOf('SCR-NOW')).toContain(match.profile.profileNumber);
    });

    it('raises it at the next scan when deferred, for a new and for a changed customer', async () => {
      t.sandbox.runPendingScans();
      const match = listed();
      await save({ customers: [{ external_id: 'SCR-LATER', account_type: 'N', first_name: 'Quentin', last_name: 'Xylophanes' }] }); // prettier-ignore
      expect(await profilesOf('SCR-LATER')).toEqual([]);
      const deferred = await save({
        disable_risk_scan: true,
        customers: [
          { external_id: 'SCR-LATER', ...asCustomer(match) },
          { external_id: 'SCR-NEW-LATER', ...asCustomer(match) },
        ],
      });
      expect(deferred.status).toBe('success');
      expect(await profilesOf('SCR-LATER')).toEqual([]);
      expect(await profilesOf('SCR-NEW-LATER')).toEqual([]);
      expect((await t.call('POST', '/__sandbox/scan')).json()).toEqual({ scanned: 2 });
      expect(await profilesOf('SCR-LATER')).toContain(match.profile.profileNumber);
      expect(await profilesOf('SCR-NEW-LATER')).toContain(match.profile.profileNumber);
      // A customer is screened once per scan, however often it was saved in between.
      await save({ disable_risk_scan: true, customers: [{ external_id: 'SCR-LATER', comment: 'a' }] }); // prettier-ignore
      await save({ disable_risk_scan: true, customers: [{ external_id: 'SCR-LATER', comment: 'b' }] }); // prettier-ignore
      expect(t.sandbox.runPendingScans()).toBe(1);
    });
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
