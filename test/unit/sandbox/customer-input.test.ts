import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CUSTOM_FIELD_NAMES, RELATION_TYPES } from '../../../main/sandbox/generator';
import type { CustomerRecord } from '../../../main/sandbox/model';
import {
  applyDelta,
  applyVariations,
  SaveBody,
  splitList,
  type CustomerInput,
  type RelationInput,
} from '../../../main/sandbox/ops/customer-input';
import {
  checkSave,
  customerLineProblems,
  relationLineProblems,
} from '../../../main/sandbox/ops/save-lines';

describe('review_groups and contacts as the spec allows them', () => {
  it('splits a string on ; and , and drops blanks and repeats', () => {
    expect(splitList(' retail-eu; high-risk,,onboarding ;retail-eu')).toEqual([
      'retail-eu',
      'high-risk',
      'onboarding',
    ]);
  });

  it('replaces with a string or plain strings, edits with {value, _op} items', () => {
    expect(applyDelta(['a', 'b'], 'c;d')).toEqual(['c', 'd']);
    expect(applyDelta(['a', 'b'], ['c', ' d '])).toEqual(['c', 'd']);
    expect(
      applyDelta(
        ['a', 'b'],
        [{ value: 'b', _op: 'del' }, { value: 'c', _op: 'set' }, { value: 'd' }],
      ),
    ).toEqual(['a', 'c', 'd']);
    expect(applyDelta(['a'], null)).toEqual(['a']);
    expect(applyDelta(['a'], undefined)).toEqual(['a']);
  });

  it('sets and deletes name variations', () => {
    const variation = { first_name: 'Mohamed', last_name: 'El-Amin' };
    const set = applyVariations([], [{ _op: 'set', ...variation }]);
    expect(set).toHaveLength(1);
    expect(applyVariations(set, [{ _op: 'del', ...variation }])).toEqual([]);
  });
});

const codes = (problems: ReadonlyArray<{ error: string }>) => problems.map((p) => p.error).sort();
const person = (externalId: string, extra: Partial<CustomerInput> = {}): CustomerInput => ({
  external_id: externalId,
  account_type: 'N',
  last_name: 'Doe',
  ...extra,
});
const relation = (extra: Partial<RelationInput> = {}): RelationInput => ({
  relation_external_id: 'R-1',
  parent_customer_external_id: 'A',
  child_customer_external_id: 'B',
  relation_type: 4,
  ...extra,
});
/** A stored tenant customer, as the save reads it. */
const storedPerson = (externalId: string) =>
  ({
    external_id: externalId,
    account_type: { code: 'N', label: 'Individual' },
    last_name: 'Stored',
    company_name: '',
    kyc_level: 2,
  }) as CustomerRecord;
const tenantOf =
  (...ids: string[]) =>
  (externalId: string) =>
    ids.includes(externalId) ? storedPerson(externalId) : null;

describe('one customer line on its own', () => {
  it('refuses impossible dates and non-ISO countries, and names a missing surname', () => {
    const { errors } = customerLineProblems(
      {
        external_id: 'x',
        account_type: 'N',
        date_of_birth: '2001-02-29',
        nationality_codes: ['FR', 'france'],
      },
      0,
      null,
    );
    expect(codes(errors)).toEqual([
      'invalid_date_of_birth',
      'invalid_nationality_codes',
      'last_name_required',
    ]);
  });

  it.each(['1990-1-2', '02/01/1990', '1990-02-01T00:00:00Z', '19900201', '1990-13-01'])(
    'refuses the date of birth %j, which is not a YYYY-MM-DD date',
    (date) => {
      const { errors } = customerLineProblems(person('x', { date_of_birth: date }), 0, null);
      expect(codes(errors)).toEqual(['invalid_date_of_birth']);
      expect(errors[0]?.detail).toContain(JSON.stringify(date));
    },
  );

  it('accepts a leap day', () => {
    expect(
      customerLineProblems(person('x', { date_of_birth: '2000-02-29' }), 0, null).errors,
    ).toEqual([]);
  });

  it.each([undefined, null, '', '   '])(
    'reports a missing or blank external id (%j) by the line’s position',
    (externalId) => {
      const { line, errors } = customerLineProblems(
        person('', { external_id: externalId }),
        2,
        null,
      );
      expect(line.external_id).toBe('');
      expect(codes(errors)).toEqual(['external_id_required']);
      expect(errors[0]?.detail).toContain('customer line 3 (customers[2])');
    },
  );

  it('trims the external id and refuses one longer than 128 characters', () => {
    expect(customerLineProblems(person('  C-1 '), 0, null).line.external_id).toBe('C-1');
    const { errors } = customerLineProblems(person('x'.repeat(129)), 0, null);
    expect(codes(errors)).toEqual(['invalid_external_id']);
  });

  it.each(['X', 'n', 'f', 'Firm', 'NF'])('refuses the unknown account type %j', (type) => {
    const { errors } = customerLineProblems(person('x', { account_type: type }), 0, null);
    expect(codes(errors)).toEqual(['invalid_account_type']);
    expect(errors[0]?.detail).toContain(JSON.stringify(type));
  });

  it('needs a company name for a firm and an account type for a new customer only', () => {
    expect(codes(customerLineProblems({ external_id: 'x', account_type: 'F' }, 0, null).errors)).toEqual(['company_name_required']); // prettier-ignore
    expect(codes(customerLineProblems({ external_id: 'x', last_name: 'Doe' }, 0, null).errors)).toEqual(['account_type_required']); // prettier-ignore
    expect(codes(customerLineProblems({ external_id: 'x', account_type: ' ' }, 0, null).errors)).toEqual(['account_type_required']); // prettier-ignore
    const update = customerLineProblems({ external_id: 'x', comment: 'hi' }, 0, storedPerson('x'));
    expect(update.errors).toEqual([]);
    expect(update.line.account_type).toBe('N');
  });

  it('refuses KYC levels that are not whole numbers from 0 to 10, and warns of a lower requested level', () => {
    expect(codes(customerLineProblems(person('x', { kyc_level: 2.5 }), 0, null).errors)).toEqual(['invalid_kyc_level']); // prettier-ignore
    expect(codes(customerLineProblems(person('x', { kyc_level_requested: 11 }), 0, null).errors)).toEqual(['invalid_kyc_level_requested']); // prettier-ignore
    const lower = customerLineProblems(
      person('x', { kyc_level: 3, kyc_level_requested: 1 }),
      0,
      null,
    );
    expect(lower.errors).toEqual([]);
    expect(codes(lower.warnings)).toEqual(['kyc_level_requested_lower']);
  });

  it('warns once per custom field the tenant does not define, naming it, and keeps the fields', () => {
    const fields = { occupation: 'Teacher', favourite_colour: 'blue', 'Risk Note': 'x' };
    const { line, errors, warnings } = customerLineProblems(person('x', { fields }), 0, null);
    expect(errors).toEqual([]);
    expect(codes(warnings)).toEqual(['unknown_custom_field', 'unknown_custom_field']);
    expect(warnings.map((w) => w.detail).join('\n')).toContain('"favourite_colour"');
    expect(warnings.map((w) => w.detail).join('\n')).toContain('"Risk Note"');
    expect(line.fields).toEqual(fields);
  });

  it('gives no warning for any defined custom field', () => {
    const fields = Object.fromEntries(CUSTOM_FIELD_NAMES.map((name) => [name, 'v']));
    expect(customerLineProblems(person('x', { fields }), 0, null).warnings).toEqual([]);
  });
});

describe('one relation line on its own', () => {
  it('accepts every type of the RelationsTypes list', () => {
    for (const type of Object.keys(RELATION_TYPES).map(Number))
      expect(relationLineProblems(relation({ relation_type: type }), 0).errors).toEqual([]);
  });

  it('refuses a missing relation type and says which types exist', () => {
    for (const type of [undefined, null]) {
      const { errors } = relationLineProblems(relation({ relation_type: type }), 1);
      expect(codes(errors)).toEqual(['relation_type_required']);
      expect(errors[0]?.detail).toContain('relation line 2 (relations[1])');
      expect(errors[0]?.detail).toContain(`1 ${RELATION_TYPES[1]}`);
    }
  });

  it('refuses any number outside the RelationsTypes list', () => {
    const listed = new Set(Object.keys(RELATION_TYPES).map(Number));
    fc.assert(
      fc.property(
        fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
        (type) => {
          fc.pre(!listed.has(type));
          const { errors } = relationLineProblems(relation({ relation_type: type }), 0);
          expect(codes(errors)).toEqual(['unknown_relation_type']);
        },
      ),
    );
  });

  it('reports missing ids by position, self-relations, and unknown custom fields', () => {
    const missing = relationLineProblems(
      { relation_external_id: ' ', parent_customer_external_id: null, child_customer_external_id: 'B', relation_type: 4 }, // prettier-ignore
      4,
    );
    expect(missing.record.relation_external_id).toBe('');
    expect(codes(missing.errors)).toEqual([
      'parent_customer_external_id_required',
      'relation_external_id_required',
    ]);
    expect(missing.errors[0]?.detail).toContain('relation line 5 (relations[4])');
    expect(codes(relationLineProblems(relation({ child_customer_external_id: 'A' }), 0).errors)).toEqual(['self_relation']); // prettier-ignore
    const fields = relationLineProblems(relation({ fields: { ownership_percent: 25, since: 2001 } }), 0); // prettier-ignore
    expect(fields.warnings).toEqual([
      expect.objectContaining({ error: 'unknown_custom_field', detail: expect.stringContaining('"since"') as unknown }), // prettier-ignore
    ]);
  });
});

describe('a whole save', () => {
  it('keeps one detail per line, customers first then relations, in the request’s order', () => {
    const checked = checkSave(
      {
        customers: [person('B'), person(''), person('A')],
        relations: [relation({ relation_external_id: 'R-9' }), relation()],
      },
      tenantOf(),
    );
    expect([...checked.customers, ...checked.relations].map((l) => l.detail.external_id)).toEqual([
      'B',
      '',
      'A',
      'R-9',
      'R-1',
    ]);
  });

  it('refuses a parent that names an unknown customer, and accepts tenant customers and saved lines', () => {
    const checked = checkSave(
      {
        customers: [
          person('KID-1', { parent_external_id: 'NOBODY' }),
          person('KID-2', { parent_external_id: 'TENANT' }),
          person('KID-3', { parent_external_id: ' KID-4 ' }),
          person('KID-4'),
        ],
      },
      tenantOf('TENANT'),
    );
    const [one, two, three, four] = checked.customers;
    expect(codes(one?.detail.errors ?? [])).toEqual(['unknown_parent']);
    expect(one?.detail.errors[0]?.detail).toContain('NOBODY');
    expect(two?.detail.errors).toEqual([]);
    expect(three?.detail.errors).toEqual([]);
    expect(three?.line.parent_external_id).toBe('KID-4');
    expect(four?.detail.errors).toEqual([]);
  });

  it('refuses lines leaning on a refused line, however long the chain', () => {
    const checked = checkSave(
      {
        customers: [
          person('C', { parent_external_id: 'B' }),
          person('B', { parent_external_id: 'A' }),
          person('A', { date_of_birth: 'yesterday' }),
          person('D'),
        ],
        relations: [
          relation({ parent_customer_external_id: 'D', child_customer_external_id: 'C' }),
          relation({ relation_external_id: 'R-2', parent_customer_external_id: 'D', child_customer_external_id: 'TENANT' }), // prettier-ignore
        ],
      },
      tenantOf('TENANT'),
    );
    expect(checked.customers.map((c) => codes(c.detail.errors))).toEqual([
      ['unknown_parent'],
      ['unknown_parent'],
      ['invalid_date_of_birth'],
      [],
    ]);
    expect(checked.customers[0]?.detail.errors[0]?.detail).toContain('its own line in this request has errors'); // prettier-ignore
    expect(checked.relations.map((r) => codes(r.detail.errors))).toEqual([
      ['unknown_customer'],
      [],
    ]);
  });

  it('warns of repeated external ids, customers’ and relations’', () => {
    const checked = checkSave(
      { customers: [person('A'), person('A')], relations: [relation({ child_customer_external_id: 'A', parent_customer_external_id: 'T' }), relation({ child_customer_external_id: 'A', parent_customer_external_id: 'T' })] }, // prettier-ignore
      tenantOf('T'),
    );
    expect(checked.customers.map((c) => codes(c.detail.warnings))).toEqual([[], ['duplicate_external_id']]); // prettier-ignore
    expect(checked.relations.map((r) => codes(r.detail.warnings))).toEqual([[], ['duplicate_external_id']]); // prettier-ignore
  });

  it('answers every body the schema takes with one detail per line and no exception', () => {
    const id = fc.option(fc.constantFrom('', ' ', 'A', 'B', 'T', 'x'.repeat(130)), { nil: undefined }); // prettier-ignore
    const customer = fc.record(
      {
        external_id: id,
        account_type: fc.option(fc.constantFrom('F', 'N', '', 'Q'), { nil: undefined }),
        last_name: fc.option(fc.string(), { nil: undefined }),
        company_name: fc.option(fc.string(), { nil: undefined }),
        date_of_birth: fc.option(fc.string(), { nil: undefined }),
        parent_external_id: id,
        kyc_level: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), {
          nil: undefined,
        }),
        fields: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    const relationLine = fc.record(
      {
        relation_external_id: id,
        parent_customer_external_id: id,
        child_customer_external_id: id,
        relation_type: fc.option(fc.integer({ min: -2, max: 12 }), { nil: undefined }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.array(customer, { maxLength: 12 }),
        fc.array(relationLine, { maxLength: 6 }),
        (customers, relations) => {
          const body = SaveBody.parse({ customers, relations });
          const checked = checkSave(body, tenantOf('T'));
          expect(checked.customers).toHaveLength(customers.length);
          expect(checked.relations).toHaveLength(relations.length);
          // Nothing accepted names a customer that will not exist.
          const saved = new Set(
            checked.customers.filter((c) => c.detail.errors.length === 0).map((c) => c.line.external_id), // prettier-ignore
          );
          const exists = (externalId: string) => saved.has(externalId) || externalId === 'T';
          for (const { line, detail } of checked.customers) {
            if (detail.errors.length > 0) continue;
            expect(line.external_id).not.toBe('');
            expect(line.account_type === 'F' || line.account_type === 'N').toBe(true);
            if (line.parent_external_id) expect(exists(line.parent_external_id)).toBe(true);
          }
          for (const { record, detail } of checked.relations) {
            if (detail.errors.length > 0) continue;
            expect(exists(record.parent_customer_external_id)).toBe(true);
            expect(exists(record.child_customer_external_id)).toBe(true);
            expect(Object.hasOwn(RELATION_TYPES, String(record.relation_type))).toBe(true);
          }
        },
      ),
    );
  });
});
