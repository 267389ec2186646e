import { z } from 'zod';
import type { NameVariation } from '../model';

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

// Only the JSON type of each field is checked here: a wrong type (a line that is not an object,
// `kyc_level: "2"`, `fields: []`) is a 400 for the whole request. What a value means (a missing or
// blank id, an unknown account or relation type, an impossible date, an unknown customer) is a
// problem of its line, reported inside the 200 answer (spec, Errors 5): see save-lines.ts.
const Id = z.string().nullish();

export const CustomerInput = z.object({
  external_id: Id,
  account_type: z.string().nullish(),
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
  kyc_level: z.number().nullish(),
  kyc_level_requested: z.number().nullish(),
  nationality_codes: z.array(z.string()).nullish(),
  parent_external_id: Id,
  phone: Text,
  registration_number: Text,
  review_groups: DeltaList.nullish(),
  trading_name: Text,
  variations: z.array(Variation).nullish(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

export const RelationInput = z.object({
  relation_external_id: Id,
  parent_customer_external_id: Id,
  child_customer_external_id: Id,
  relation_type: z.number().nullish(),
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
export type SaveBody = z.infer<typeof SaveBody>;

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
