import { z } from 'zod';
import type { CustomerRecord, NameVariation } from '../model';

// Write shapes of Save customers (spec: Customer write shape, Customer relation write shape).

const Text = z.string().max(1024).nullish();

/** review_groups / contacts: a `;`/`,` separated string, or an array of strings or `{value, _op}` deltas. */
const DeltaItem = z.union([
  z.string(),
  z.object({ value: z.string(), _op: z.enum(['set', 'del']).optional() }),
]);
export const DeltaList = z.union([z.string(), z.array(DeltaItem)]);
export type DeltaList = z.infer<typeof DeltaList>;

const Variation = z.object({
  _op: z.enum(['set', 'del']).nullish(),
  company_name: Text,
  first_name: Text,
  last_name: Text,
  middle_name: Text,
  trading_name: Text,
});

export const CustomerInput = z.object({
  external_id: z
    .string({ error: 'external_id is required' })
    .trim()
    .min(1, 'external_id is required')
    .max(128),
  account_type: z.enum(['F', 'N']).nullish(),
  alias_ids: z.array(z.string()).nullish(),
  comment: Text,
  company_name: Text,
  contacts: DeltaList.nullish(),
  date_of_birth: z.string().nullish(),
  disabled: z.boolean().nullish(),
  domicile_codes: z.array(z.string()).nullish(),
  fields: z.record(z.string(), z.unknown()).nullish(),
  first_name: Text,
  middle_name: Text,
  last_name: Text,
  kyc_level: z.number().int().nullish(),
  kyc_level_requested: z.number().int().nullish(),
  nationality_codes: z.array(z.string()).nullish(),
  parent_external_id: Text,
  phone: Text,
  registration_number: Text,
  review_groups: DeltaList.nullish(),
  trading_name: Text,
  variations: z.array(Variation).nullish(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

export const RelationInput = z.object({
  relation_external_id: z
    .string({ error: 'relation_external_id is required' })
    .trim()
    .min(1)
    .max(128),
  parent_customer_external_id: z.string().min(1),
  child_customer_external_id: z.string().min(1),
  relation_type: z.number().int().nullish(),
  disabled: z.boolean().nullish(),
  fields: z.record(z.string(), z.unknown()).nullish(),
});
export type RelationInput = z.infer<typeof RelationInput>;

export const MAX_LINES_PER_SAVE = 1000;

export const SaveBody = z.object({
  customers: z.array(CustomerInput).max(MAX_LINES_PER_SAVE).nullish(),
  relations: z.array(RelationInput).max(MAX_LINES_PER_SAVE).nullish(),
  disable_risk_scan: z.boolean().nullish(),
  verify_input: z.boolean().nullish(),
});

/** Applies a delta list to the current values: a string or plain strings replace, `{_op}` items edit. */
export function applyDelta(
  current: readonly string[],
  delta: DeltaList | null | undefined,
): string[] {
  if (delta === null || delta === undefined) return [...current];
  if (typeof delta === 'string') return splitList(delta);
  if (delta.every((item) => typeof item === 'string'))
    return unique(delta.map((item) => item.trim()).filter(Boolean));
  const values = new Set(current);
  for (const item of delta) {
    if (typeof item === 'string') values.add(item.trim());
    else if (item._op === 'del') values.delete(item.value.trim());
    else values.add(item.value.trim());
  }
  return [...values].filter(Boolean);
}

export function splitList(text: string): string[] {
  return unique(
    text
      .split(/[;,]/)
      .map((part) => part.trim())
      .filter(Boolean),
  );
}

const unique = (values: string[]) => [...new Set(values)];

export function applyVariations(
  current: readonly NameVariation[],
  input: CustomerInput['variations'],
): NameVariation[] {
  if (!input) return [...current];
  const key = (variation: NameVariation) => JSON.stringify(variation);
  const result = new Map(current.map((variation) => [key(variation), variation]));
  for (const item of input) {
    const variation: NameVariation = {
      company_name: item.company_name ?? '',
      first_name: item.first_name ?? '',
      last_name: item.last_name ?? '',
      middle_name: item.middle_name ?? '',
      trading_name: item.trading_name ?? '',
    };
    if (item._op === 'del') result.delete(key(variation));
    else result.set(key(variation), variation);
  }
  return [...result.values()];
}

const COUNTRY = /^[A-Z]{2}$/;

/** Per-line problems a real service reports inside the 200 response (spec, Errors 5). */
export function lineProblems(
  input: CustomerInput,
  existing: CustomerRecord | null,
  knownCustomer: (externalId: string) => boolean,
): {
  errors: Array<{ error: string; detail: string }>;
  warnings: Array<{ error: string; detail: string }>;
} {
  const errors: Array<{ error: string; detail: string }> = [];
  const warnings: Array<{ error: string; detail: string }> = [];
  const accountType = input.account_type ?? existing?.account_type.code;
  if (!accountType)
    errors.push({
      error: 'account_type_required',
      detail: 'account_type (N or F) is required for a new customer',
    });
  if (accountType === 'N' && !(input.last_name ?? existing?.last_name)) {
    errors.push({ error: 'last_name_required', detail: 'an individual (N) needs a last_name' });
  }
  if (accountType === 'F' && !(input.company_name ?? existing?.company_name)) {
    errors.push({ error: 'company_name_required', detail: 'a firm (F) needs a company_name' });
  }
  if (input.date_of_birth) {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.date_of_birth);
    const date = match ? new Date(`${input.date_of_birth}T00:00:00Z`) : null;
    if (
      !date ||
      Number.isNaN(date.getTime()) ||
      date.toISOString().slice(0, 10) !== input.date_of_birth
    ) {
      errors.push({
        error: 'invalid_date_of_birth',
        detail: `date_of_birth must be a real date as YYYY-MM-DD, got ${JSON.stringify(input.date_of_birth)}`,
      });
    }
  }
  for (const field of ['nationality_codes', 'domicile_codes'] as const) {
    const bad = (input[field] ?? []).filter((code) => !COUNTRY.test(code));
    if (bad.length)
      errors.push({
        error: `invalid_${field}`,
        detail: `${field} takes ISO 3166 alpha-2 codes; not ${bad.join(', ')}`,
      });
  }
  if (
    input.kyc_level !== null &&
    input.kyc_level !== undefined &&
    (input.kyc_level < 0 || input.kyc_level > 10)
  ) {
    errors.push({ error: 'invalid_kyc_level', detail: 'kyc_level is between 0 and 10' });
  }
  if (input.parent_external_id && !knownCustomer(input.parent_external_id)) {
    warnings.push({
      error: 'unknown_parent',
      detail: `parent ${input.parent_external_id} is not a known customer yet`,
    });
  }
  if (
    input.kyc_level_requested !== null &&
    input.kyc_level_requested !== undefined &&
    input.kyc_level_requested < (input.kyc_level ?? existing?.kyc_level ?? 0)
  ) {
    warnings.push({
      error: 'kyc_level_requested_lower',
      detail: 'kyc_level_requested is below the current level',
    });
  }
  if (input.fields && Object.keys(input.fields).some((key) => !/^[a-z][a-z0-9_]*$/.test(key))) {
    warnings.push({
      error: 'unknown_custom_field',
      detail:
        'custom fields must be defined with the operator first; unknown names were kept as given',
    });
  }
  return { errors, warnings };
}
