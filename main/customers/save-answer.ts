import type {
  CustomerDraft,
  RelationDraft,
  SaveLineReport,
  SaveProblem,
  SaveReport,
} from '../../preload/contract';
import type { WireSaveResponse } from '../api/wire/customer';

// The service's answer to POST /customers/save as CaseDesk shows it: one report per line sent, with
// the write-shape field each problem names (to show it beside that field), the customer ids added,
// and whether the service deferred scan and risk although it was not asked to. The interface keys
// `detail` by external id only (spec, Save customers): lines are matched in order when the answer
// follows the request, else by id, so an answer in another order still lands on the right lines.

const CUSTOMER_FIELDS = [
  'external_id',
  'account_type',
  'alias_ids',
  'comment',
  'company_name',
  'contacts',
  'date_of_birth',
  'disabled',
  'domicile_codes',
  'fields',
  'first_name',
  'middle_name',
  'last_name',
  'kyc_level_requested',
  'kyc_level',
  'nationality_codes',
  'parent_external_id',
  'phone',
  'registration_number',
  'review_groups',
  'trading_name',
  'variations',
] as const;

const RELATION_FIELDS = [
  'relation_external_id',
  'parent_customer_external_id',
  'child_customer_external_id',
  'relation_type',
  'disabled',
  'fields',
] as const;

/** Words a service's code uses for a field without naming it (`unknown_parent`, `invalid_dob`). */
const CUSTOMER_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bparent|parent\b|_parent/, 'parent_external_id'],
  [/custom_field|unknown_field/, 'fields'],
  [/\bdob\b|birth/, 'date_of_birth'],
  [/nationalit/, 'nationality_codes'],
  [/domicile/, 'domicile_codes'],
  [/variation/, 'variations'],
  [/kyc/, 'kyc_level'],
];

const byLength = (fields: readonly string[]) => [...fields].sort((a, b) => b.length - a.length);
const CUSTOMER_BY_LENGTH = byLength(CUSTOMER_FIELDS);
const RELATION_BY_LENGTH = byLength(RELATION_FIELDS);

/** The write-shape field a customer's problem names, when it can be told. */
export function customerProblemField(code: string, detail: string): string | null {
  const text = `${code} ${detail}`.toLowerCase();
  const named = CUSTOMER_BY_LENGTH.find((field) => text.includes(field));
  if (named) return named;
  return CUSTOMER_WORDS.find(([pattern]) => pattern.test(text))?.[1] ?? null;
}

/** The write-shape field a relation's problem names: an unknown customer is the end it names. */
export function relationProblemField(
  code: string,
  detail: string,
  relation: RelationDraft | null,
): string | null {
  const text = `${code} ${detail}`.toLowerCase();
  const named = RELATION_BY_LENGTH.find((field) => text.includes(field));
  if (named) return named;
  if (/self/.test(text)) return 'child_customer_external_id';
  if (relation && /customer/.test(text)) {
    if (detail.includes(relation.parent_customer_external_id)) return 'parent_customer_external_id';
    if (detail.includes(relation.child_customer_external_id)) return 'child_customer_external_id';
  }
  if (/type/.test(text)) return 'relation_type';
  return null;
}

/** The service deferred scan and risk for the save (a warning saying so, spec Limits 1). */
export function saysRiskScanDeferred(problem: {
  error?: string | null;
  detail?: string | null;
}): boolean {
  const text = `${problem.error ?? ''} ${problem.detail ?? ''}`.toLowerCase();
  return /risk.?scan|scan.{0,20}risk|scan.{0,20}(deferred|disabled)/.test(text);
}

type WireLine = WireSaveResponse['detail'][number];

const problemsOf = (
  items: WireLine['errors'],
  field: (code: string, detail: string) => string | null,
): SaveProblem[] =>
  items.map((item) => {
    const code = item.error ?? '';
    const detail = item.detail ?? '';
    return { code, detail, field: field(code, detail) };
  });

/**
 * One report per line sent (customers, then relations, in request order) from the service's answer.
 * `verified`: the request had verify_input.
 */
export function saveReportOf(
  request: { customers: CustomerDraft[]; relations: RelationDraft[]; disableRiskScan: boolean },
  answer: WireSaveResponse,
  outcome: 'verified' | 'saved',
): SaveReport {
  const expected = [
    ...request.customers.map((customer) => ({
      kind: 'customer' as const,
      externalId: customer.external_id,
      relation: null,
    })),
    ...request.relations.map((relation) => ({
      kind: 'relation' as const,
      externalId: relation.relation_external_id,
      relation,
    })),
  ];
  const detail = answer.detail;
  // In order when every entry names the line at its place; else each line takes the first
  // unclaimed entry with its id.
  const inOrder =
    detail.length === expected.length &&
    detail.every((entry, index) => entry.external_id === expected[index]?.externalId);
  const unclaimed = new Map<string, WireLine[]>();
  if (!inOrder)
    for (const entry of detail) {
      const key = entry.external_id ?? '';
      unclaimed.set(key, [...(unclaimed.get(key) ?? []), entry]);
    }
  const added = new Map<string, string>();
  for (const item of answer.added)
    if (item.external_id && item.customer_id) added.set(item.external_id, item.customer_id);
  let riskScanForced = false;
  const lines: SaveLineReport[] = expected.map((line, index) => {
    const entry = inOrder ? detail[index] : unclaimed.get(line.externalId)?.shift();
    const field =
      line.kind === 'customer'
        ? customerProblemField
        : (code: string, text: string) => relationProblemField(code, text, line.relation);
    const errors = entry ? problemsOf(entry.errors, field) : [];
    const warnings = entry ? problemsOf(entry.warnings, field) : [];
    if (!request.disableRiskScan && entry?.warnings.some(saysRiskScanDeferred))
      riskScanForced = true;
    return {
      kind: line.kind,
      externalId: line.externalId,
      errors,
      warnings,
      customerId:
        line.kind === 'customer' && errors.length === 0
          ? (added.get(line.externalId) ?? null)
          : null,
    };
  });
  return {
    outcome,
    status: answer.status ?? null,
    lines,
    failed: lines.some((line) => line.errors.length > 0),
    riskScanForced,
  };
}
