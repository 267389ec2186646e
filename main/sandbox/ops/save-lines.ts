import { CUSTOM_FIELD_NAMES, RELATION_TYPES } from '../generator';
import type { CustomerRecord, RelationRecord } from '../model';
import type { CustomerInput, RelationInput, SaveBody } from './customer-input';

// The per-line problems of a save (spec, Errors 5: inside the 200 answer, `detail[]`, one entry per
// line, customers first then relations, in the request's order). `errors` keep a line out of the
// save; `warnings` do not. What the sandbox checks is listed in its README ("Per-line save problems").

export interface Problem {
  error: string;
  detail: string;
}

export interface LineDetail {
  external_id: string;
  errors: Problem[];
  warnings: Problem[];
}

/** A customer line as it is saved: its external id trimmed and present, its account type F or N. */
export type CustomerLine = Omit<CustomerInput, 'external_id' | 'account_type'> & {
  external_id: string;
  account_type?: 'F' | 'N' | null;
};

export const MAX_EXTERNAL_ID_LENGTH = 128;
const COUNTRY = /^[A-Z]{2}$/;
const ACCOUNT_TYPES = new Set(['F', 'N']);
const KNOWN_FIELDS = new Set(CUSTOM_FIELD_NAMES);
const RELATION_TYPE_LIST = Object.entries(RELATION_TYPES)
  .map(([value, label]) => `${value} ${label}`)
  .join(', ');

const customerPlace = (index: number) => `customer line ${index + 1} (customers[${index}])`;
const relationPlace = (index: number) => `relation line ${index + 1} (relations[${index}])`;

/** A line's id, trimmed; blank ones give a per-line error that says where the line is. */
function lineId(
  value: string | null | undefined,
  field: string,
  place: string,
  errors: Problem[],
): string {
  const id = (value ?? '').trim();
  if (id === '')
    errors.push({
      error: `${field}_required`,
      detail: `${place} has no ${field}: give it one (it must not be blank)`,
    });
  else if (id.length > MAX_EXTERNAL_ID_LENGTH)
    errors.push({
      error: `invalid_${field}`,
      detail: `${place}: ${field} is at most ${MAX_EXTERNAL_ID_LENGTH} characters, not ${id.length}`,
    });
  return id;
}

/** One `unknown_custom_field` warning per field the tenant does not define; the value is kept. */
export function unknownFieldWarnings(
  fields: Record<string, unknown> | null | undefined,
): Problem[] {
  return Object.keys(fields ?? {})
    .filter((name) => !KNOWN_FIELDS.has(name))
    .map((name) => ({
      error: 'unknown_custom_field',
      detail: `custom field ${JSON.stringify(name)} is not defined for this tenant; it was kept as given`,
    }));
}

function isRealDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const isLevel = (value: number) => Number.isInteger(value) && value >= 0 && value <= 10;

/**
 * The problems of one customer line on its own (its parent is checked with the whole request, in
 * checkSave). `existing` is the stored customer of the same external id, if any.
 */
export function customerLineProblems(
  input: CustomerInput,
  index: number,
  existing: CustomerRecord | null,
): { line: CustomerLine; errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const warnings: Problem[] = [];
  const externalId = lineId(input.external_id, 'external_id', customerPlace(index), errors);
  const given = input.account_type?.trim() ?? '';
  let accountType: 'F' | 'N' | null = null;
  if (given === '') accountType = existing?.account_type.code ?? null;
  else if (ACCOUNT_TYPES.has(given)) accountType = given as 'F' | 'N';
  else
    errors.push({
      error: 'invalid_account_type',
      detail: `account_type is F (firm) or N (individual), not ${JSON.stringify(input.account_type)}`,
    });
  if (given === '' && !accountType)
    errors.push({
      error: 'account_type_required',
      detail: 'account_type (N or F) is required for a new customer',
    });
  if (accountType === 'N' && !(input.last_name ?? existing?.last_name))
    errors.push({ error: 'last_name_required', detail: 'an individual (N) needs a last_name' });
  if (accountType === 'F' && !(input.company_name ?? existing?.company_name))
    errors.push({ error: 'company_name_required', detail: 'a firm (F) needs a company_name' });
  if (input.date_of_birth && !isRealDate(input.date_of_birth))
    errors.push({
      error: 'invalid_date_of_birth',
      detail: `date_of_birth must be a real date as YYYY-MM-DD, got ${JSON.stringify(input.date_of_birth)}`,
    });
  for (const field of ['nationality_codes', 'domicile_codes'] as const) {
    const bad = (input[field] ?? []).filter((code) => !COUNTRY.test(code));
    if (bad.length)
      errors.push({
        error: `invalid_${field}`,
        detail: `${field} takes ISO 3166 alpha-2 codes; not ${bad.join(', ')}`,
      });
  }
  for (const field of ['kyc_level', 'kyc_level_requested'] as const) {
    const value = input[field];
    if (value !== null && value !== undefined && !isLevel(value))
      errors.push({
        error: `invalid_${field}`,
        detail: `${field} is a whole number from 0 to 10, not ${value}`,
      });
  }
  if (
    input.kyc_level_requested !== null &&
    input.kyc_level_requested !== undefined &&
    input.kyc_level_requested < (input.kyc_level ?? existing?.kyc_level ?? 0)
  )
    warnings.push({
      error: 'kyc_level_requested_lower',
      detail: 'kyc_level_requested is below the current level',
    });
  warnings.push(...unknownFieldWarnings(input.fields));
  return {
    line: {
      ...input,
      external_id: externalId,
      account_type: accountType,
      parent_external_id: input.parent_external_id?.trim() ?? input.parent_external_id,
    },
    errors,
    warnings,
  };
}

/** The problems of one relation line on its own; its ends are checked with the whole request. */
export function relationLineProblems(
  input: RelationInput,
  index: number,
): { record: RelationRecord; errors: Problem[]; warnings: Problem[] } {
  const errors: Problem[] = [];
  const place = relationPlace(index);
  const record: RelationRecord = {
    relation_external_id: lineId(input.relation_external_id, 'relation_external_id', place, errors),
    parent_customer_external_id: lineId(
      input.parent_customer_external_id,
      'parent_customer_external_id',
      place,
      errors,
    ),
    child_customer_external_id: lineId(
      input.child_customer_external_id,
      'child_customer_external_id',
      place,
      errors,
    ),
    relation_type: input.relation_type ?? 0,
    disabled: input.disabled ?? false,
    fields: input.fields ?? {},
  };
  if (input.relation_type === null || input.relation_type === undefined)
    errors.push({
      error: 'relation_type_required',
      detail: `${place} has no relation_type: give one of the RelationsTypes (${RELATION_TYPE_LIST})`,
    });
  else if (!Object.hasOwn(RELATION_TYPES, String(input.relation_type)))
    errors.push({
      error: 'unknown_relation_type',
      detail: `relation_type ${input.relation_type} is not in RelationsTypes (${RELATION_TYPE_LIST})`,
    });
  if (
    record.parent_customer_external_id &&
    record.parent_customer_external_id === record.child_customer_external_id
  )
    errors.push({ error: 'self_relation', detail: 'a customer cannot be related to itself' });
  return { record, errors, warnings: unknownFieldWarnings(input.fields) };
}

export interface CheckedSave {
  customers: Array<{ line: CustomerLine; existing: CustomerRecord | null; detail: LineDetail }>;
  relations: Array<{ record: RelationRecord; detail: LineDetail }>;
}

/**
 * Checks every line of a save. A parent or relation end must name a customer of the tenant or a
 * customer line of this request that is itself saved: a line refused for its own problems takes
 * the lines that lean on it along (repeated until nothing changes), so nothing saved ever names a
 * customer that does not exist.
 */
export function checkSave(
  body: Pick<SaveBody, 'customers' | 'relations'>,
  stored: (externalId: string) => CustomerRecord | null,
): CheckedSave {
  const seen = new Set<string>();
  const customers = (body.customers ?? []).map((input, index) => {
    const provisional = (input.external_id ?? '').trim();
    const existing = provisional ? stored(provisional) : null;
    const { line, errors, warnings } = customerLineProblems(input, index, existing);
    if (line.external_id && seen.has(line.external_id))
      warnings.push({
        error: 'duplicate_external_id',
        detail: 'this external_id appears more than once; the last line wins',
      });
    seen.add(line.external_id);
    return { line, existing, detail: { external_id: line.external_id, errors, warnings } };
  });

  // How many lines of each external id are still to be saved.
  const saving = new Map<string, number>();
  for (const { line, detail } of customers)
    if (detail.errors.length === 0) saving.set(line.external_id, (saving.get(line.external_id) ?? 0) + 1); // prettier-ignore
  const inTenant = new Map<string, boolean>();
  const known = (externalId: string) => {
    if (saving.has(externalId)) return true;
    let found = inTenant.get(externalId);
    if (found === undefined) inTenant.set(externalId, (found = stored(externalId) !== null));
    return found;
  };
  const unknown = (externalId: string, role: string): Problem =>
    seen.has(externalId)
      ? {
          error: role === 'parent' ? 'unknown_parent' : 'unknown_customer',
          detail: `${role} ${externalId} is not saved: its own line in this request has errors`,
        }
      : {
          error: role === 'parent' ? 'unknown_parent' : 'unknown_customer',
          detail: `${role} ${externalId} is no customer of the tenant nor of this request: save it first or in the same request`,
        };

  for (let changed = true; changed;) {
    changed = false;
    for (const { line, detail } of customers) {
      const parent = line.parent_external_id;
      if (detail.errors.length > 0 || !parent || known(parent)) continue;
      detail.errors.push(unknown(parent, 'parent'));
      const left = (saving.get(line.external_id) ?? 1) - 1;
      if (left > 0) saving.set(line.external_id, left);
      else saving.delete(line.external_id);
      changed = true;
    }
  }

  const relationIds = new Set<string>();
  const relations = (body.relations ?? []).map((input, index) => {
    const { record, errors, warnings } = relationLineProblems(input, index);
    for (const [end, role] of [
      [record.parent_customer_external_id, 'parent customer'],
      [record.child_customer_external_id, 'child customer'],
    ] as const) {
      if (end && !known(end)) errors.push(unknown(end, role));
    }
    const id = record.relation_external_id;
    if (id && relationIds.has(id))
      warnings.push({
        error: 'duplicate_external_id',
        detail: 'this relation_external_id appears more than once; the last line wins',
      });
    relationIds.add(id);
    return { record, detail: { external_id: id, errors, warnings } };
  });
  return { customers, relations };
}
