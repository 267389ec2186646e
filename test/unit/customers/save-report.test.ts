import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WireSaveResponseSchema } from '../../../main/api/wire/customer';
import { reportOfAnswer, savedExternalIds } from '../../../main/customers/save-report';
import type { CustomerDraft, RelationDraft } from '../../../preload/contract';

const customers: CustomerDraft[] = [
  { external_id: 'C-1', account_type: 'N', last_name: 'Lee', fields: { risk_note: 'x' } },
  { external_id: 'C-2', account_type: 'F', company_name: 'Acme' },
];
const relations: RelationDraft[] = [
  {
    relation_external_id: 'R-1',
    parent_customer_external_id: 'C-1',
    child_customer_external_id: 'C-404',
  },
];
const sent = { customers, relations };
const asked = { verify: true, disableRiskScan: false };

const problem = (error: string, detail = '') => ({ error, detail });

describe('reportOfAnswer', () => {
  it('puts each problem beside the field its code or detail names', () => {
    const report = reportOfAnswer(
      {
        status: 'invalid',
        added: [],
        detail: [
          {
            external_id: 'C-1',
            errors: [
              problem('invalid_date_of_birth', 'date_of_birth must be a real date'),
              problem('last_name_required', 'an individual (N) needs a last_name'),
              problem('invalid_nationality_codes', 'not XX'),
              problem('E42', 'kyc_level_requested is below the current level'),
            ],
            warnings: [
              problem('unknown_parent', 'parent P-9 is not a known customer yet'),
              problem('unknown_custom_field', 'risk_note is not defined'),
              problem('something_else', 'no field here'),
            ],
          },
          { external_id: 'C-2', errors: [problem('account_type_required')], warnings: [] },
        ],
      },
      sent,
      asked,
    );
    const [first, second, relation] = report.lines;
    expect(first?.errors.map((p) => p.field)).toEqual([
      'date_of_birth',
      'last_name',
      'nationality_codes',
      'kyc_level_requested',
    ]);
    expect(first?.warnings.map((p) => p.field)).toEqual([
      'parent_external_id',
      'fields.risk_note',
      null,
    ]);
    expect(second?.errors[0]).toEqual({
      code: 'account_type_required',
      detail: '',
      field: 'account_type',
    });
    expect(relation).toMatchObject({ kind: 'relation', externalId: 'R-1', errors: [] });
    expect(report).toMatchObject({ outcome: 'verified', status: 'invalid', failed: true });
  });

  it('matches relation lines by relation external id and names the end a problem is about', () => {
    const report = reportOfAnswer(
      {
        detail: [
          {
            external_id: 'R-1',
            errors: [
              problem('unknown_customer', 'no customer C-404 in the tenant or this request'),
            ],
            warnings: [problem('bad_relation_type', 'relation_type 99 is unknown')],
          },
        ],
      },
      sent,
      asked,
    );
    const relation = report.lines.find((line) => line.kind === 'relation');
    expect(relation?.errors[0]?.field).toBe('child_customer_external_id');
    expect(relation?.warnings[0]?.field).toBe('relation_type');
    expect(
      report.lines.filter((line) => line.kind === 'customer').every((l) => !l.errors.length),
    ).toBe(true);
  });

  it('says the service forced the risk scan off only when it was not asked', () => {
    const answer = {
      status: 'success',
      added: [{ external_id: 'C-1', customer_id: 'id-1' }],
      detail: [{ external_id: 'C-1', errors: [], warnings: [problem('risk_scan_deferred', '…')] }],
    };
    expect(reportOfAnswer(answer, sent, { verify: false, disableRiskScan: false })).toMatchObject({
      outcome: 'saved',
      riskScanForced: true,
      failed: false,
    });
    expect(
      reportOfAnswer(answer, sent, { verify: false, disableRiskScan: true }).riskScanForced,
    ).toBe(false);
    expect(reportOfAnswer(answer, sent, asked).lines[0]?.customerId).toBe('id-1');
  });

  it('keeps problems naming no line sent, at the end', () => {
    const report = reportOfAnswer(
      { detail: [{ external_id: 'ZZ', errors: [problem('x', 'y')], warnings: [] }] },
      sent,
      asked,
    );
    expect(report.lines).toHaveLength(4);
    expect(report.lines[3]).toMatchObject({ externalId: 'ZZ', errors: [{ code: 'x' }] });
    expect(report.failed).toBe(true);
  });

  it('answers the saved customers to read back: added ones and lines not refused', () => {
    const answer = {
      added: [{ external_id: 'C-2', customer_id: '2' }],
      detail: [{ external_id: 'C-1', errors: [problem('e')], warnings: [] }],
    };
    const report = reportOfAnswer(answer, sent, { verify: false, disableRiskScan: false });
    expect(savedExternalIds(answer, report)).toEqual(['C-2']);
  });
});

/** Any text, including ids of the lines sent, so answers match lines sometimes. */
const idLike = fc.oneof(fc.constantFrom('C-1', 'C-2', 'R-1', 'c-1 '), fc.string());
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 3 });
const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof(arbitrary, fc.constant(null));
const looseProblem = fc.record(
  { error: nullable(fc.string()), detail: nullable(fc.string()), extra: fc.jsonValue() },
  { requiredKeys: [] },
);
const looseAnswer = fc.record(
  {
    added: nullable(
      fc.array(
        fc.record(
          { customer_id: nullable(fc.string()), external_id: nullable(idLike), x: fc.jsonValue() },
          { requiredKeys: [] },
        ),
      ),
    ),
    detail: nullable(
      fc.array(
        fc.record(
          {
            external_id: nullable(idLike),
            errors: nullable(fc.array(looseProblem)),
            warnings: nullable(fc.array(looseProblem)),
          },
          { requiredKeys: [] },
        ),
      ),
    ),
    status: maybe(nullable(fc.string())),
    verify_input: maybe(nullable(fc.boolean())),
    something_new: fc.jsonValue(),
  },
  { requiredKeys: [] },
);

const FIELD =
  /^(external_id|account_type|alias_ids|comment|company_name|contacts|date_of_birth|disabled|domicile_codes|fields(\..+)?|first_name|middle_name|last_name|kyc_level|kyc_level_requested|nationality_codes|parent_external_id|phone|registration_number|review_groups|trading_name|variations|relation_external_id|parent_customer_external_id|child_customer_external_id|relation_type)$/s;

describe('reportOfAnswer over any answer the interface allows', () => {
  it('reports every line sent, in order, and never loses a problem', () => {
    fc.assert(
      fc.property(looseAnswer, fc.boolean(), fc.boolean(), (raw, verify, disableRiskScan) => {
        const answer = WireSaveResponseSchema.parse(raw);
        const report = reportOfAnswer(answer, sent, { verify, disableRiskScan });
        expect(report.lines.slice(0, 3).map((line) => [line.kind, line.externalId])).toEqual([
          ['customer', 'C-1'],
          ['customer', 'C-2'],
          ['relation', 'R-1'],
        ]);
        const problems = (answer.detail ?? []).reduce(
          (n, line) => n + line.errors.length + line.warnings.length,
          0,
        );
        const reported = report.lines.reduce(
          (n, line) => n + line.errors.length + line.warnings.length,
          0,
        );
        expect(reported).toBe(problems);
        expect(report.failed).toBe(report.lines.some((line) => line.errors.length > 0));
        if (disableRiskScan) expect(report.riskScanForced).toBe(false);
        for (const line of report.lines)
          for (const found of [...line.errors, ...line.warnings]) {
            expect(typeof found.code).toBe('string');
            expect(typeof found.detail).toBe('string');
            if (found.field !== null) expect(found.field).toMatch(FIELD);
          }
        expect(report.status === null || typeof report.status === 'string').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
