import { z } from 'zod';
import { ImportMapping } from '../../../preload/contract';
import type { LocalRecords } from '../../local/local-records';
import { guessByNames, nameTiers } from '../../lib/tabular/column-names';

// Which CSV column fills which write-shape field (ImportMapping: field → column), for a customers
// file and for a relations file. Guessed from the header's names; the profile keeps the last
// mapping used of each (local store kind `customers.import.mapping`) and offers it again for a file
// that has all its columns.

export const MAPPING_KIND = 'customers.import.mapping';

export type ImportOf = 'customers' | 'relations';

export type FieldType = 'text' | 'list' | 'boolean' | 'integer' | 'json';

/** The write shape's fields a column can fill (custom fields are `fields.<name>`). */
export const CUSTOMER_FIELD_TYPES: Readonly<Record<string, FieldType>> = {
  external_id: 'text',
  account_type: 'text',
  first_name: 'text',
  middle_name: 'text',
  last_name: 'text',
  company_name: 'text',
  trading_name: 'text',
  alias_ids: 'list',
  date_of_birth: 'text',
  domicile_codes: 'list',
  nationality_codes: 'list',
  review_groups: 'list',
  contacts: 'list',
  phone: 'text',
  registration_number: 'text',
  kyc_level: 'integer',
  kyc_level_requested: 'integer',
  parent_external_id: 'text',
  disabled: 'boolean',
  comment: 'text',
  variations: 'json',
};

export const RELATION_FIELD_TYPES: Readonly<Record<string, FieldType>> = {
  relation_external_id: 'text',
  parent_customer_external_id: 'text',
  child_customer_external_id: 'text',
  relation_type: 'integer',
  disabled: 'boolean',
};

export const CUSTOM_FIELD_PREFIX = 'fields.';

export const fieldTypesOf = (of: ImportOf) =>
  of === 'customers' ? CUSTOMER_FIELD_TYPES : RELATION_FIELD_TYPES;

/** Other names a header gives a field (folded before use). */
const OTHER_NAMES: Record<ImportOf, Record<string, string[]>> = {
  customers: {
    external_id: ['id', 'customer id', 'customer external id', 'client id', 'reference', 'ref'],
    account_type: ['type', 'customer type', 'account'],
    first_name: ['first', 'firstname', 'given name', 'forename'],
    middle_name: ['middle', 'middle names'],
    last_name: ['last', 'surname', 'family name', 'lastname'],
    company_name: ['company', 'firm', 'legal name', 'organisation', 'organization'],
    trading_name: ['trading as', 'dba', 'brand'],
    alias_ids: ['aliases', 'alias', 'alias id'],
    date_of_birth: ['dob', 'birth date', 'birthdate', 'born'],
    domicile_codes: ['domicile', 'country', 'residence', 'domicile code', 'country of residence'],
    nationality_codes: ['nationality', 'nationalities', 'citizenship', 'nationality code'],
    review_groups: ['groups', 'review group'],
    contacts: ['contact', 'email', 'e-mail', 'emails'],
    phone: ['telephone', 'mobile', 'phone number'],
    registration_number: ['registration', 'company number', 'reg number', 'registration no'],
    kyc_level: ['kyc'],
    kyc_level_requested: ['requested kyc level', 'kyc requested'],
    parent_external_id: ['parent', 'parent id', 'parent customer'],
    disabled: ['inactive'],
    comment: ['comments', 'note', 'notes'],
    variations: ['name variations'],
  },
  relations: {
    relation_external_id: ['id', 'relation id', 'relation', 'reference'],
    parent_customer_external_id: ['parent', 'parent id', 'from', 'source', 'parent customer'],
    child_customer_external_id: ['child', 'child id', 'to', 'target', 'child customer'],
    relation_type: ['type', 'relation type', 'kind'],
    disabled: ['inactive'],
  },
};

const TIERS: Record<ImportOf, ReadonlyArray<ReadonlyMap<string, string>>> = {
  customers: tiersOf('customers'),
  relations: tiersOf('relations'),
};

function tiersOf(of: ImportOf) {
  const fields = Object.keys(fieldTypesOf(of));
  return nameTiers([
    fields.map((field) => [field, [field]] as const),
    Object.entries(OTHER_NAMES[of]),
  ]);
}

/** The fields a column can be mapped to: the write shape's, and a custom field per column. */
export function mappableFields(of: ImportOf, columns: readonly string[]): string[] {
  const base = Object.keys(fieldTypesOf(of));
  return [...base, ...columns.map((column) => `${CUSTOM_FIELD_PREFIX}${customName(column)}`)];
}

/** A custom field's name from its column: `fields.risk_note` and `risk_note` name the same one. */
const customName = (column: string) =>
  column.startsWith(CUSTOM_FIELD_PREFIX) ? column.slice(CUSTOM_FIELD_PREFIX.length) : column;

/**
 * A mapping guessed from the header's names; each column and field used at most once. A column
 * named `fields.<name>` is that custom field.
 */
export function guessMapping(of: ImportOf, columns: readonly string[]): ImportMapping {
  const mapping = guessByNames(columns, TIERS[of]);
  const used = new Set(Object.values(mapping));
  for (const column of columns)
    if (!used.has(column) && column.startsWith(CUSTOM_FIELD_PREFIX) && customName(column) !== '')
      mapping[column] = column;
  return mapping;
}

const SavedMapping = z.object({ v: z.literal(1), mapping: ImportMapping, savedAt: z.string() });

export function savedMapping(records: LocalRecords, of: ImportOf): ImportMapping | null {
  const kept = records.get(MAPPING_KIND, of);
  if (!kept) return null;
  const parsed = SavedMapping.safeParse(kept.body);
  return parsed.success ? parsed.data.mapping : null;
}

export function saveMapping(
  records: LocalRecords,
  of: ImportOf,
  mapping: ImportMapping,
  at: Date,
): void {
  records.put(MAPPING_KIND, of, { v: 1, mapping, savedAt: at.toISOString() });
}

/** The saved mapping when the file has all its columns, else a guess. */
export function mappingFor(
  records: LocalRecords,
  of: ImportOf,
  columns: readonly string[],
): { mapping: ImportMapping; saved: boolean } {
  const saved = savedMapping(records, of);
  if (saved && Object.keys(saved).length > 0 && mappingProblem(of, saved, columns) === null)
    return { mapping: saved, saved: true };
  return { mapping: guessMapping(of, columns), saved: false };
}

const quoted = (text: string) => `“${text}”`;

/** Why a mapping cannot read this file, in one message saying what to map; null when it can. */
export function mappingProblem(
  of: ImportOf,
  mapping: ImportMapping,
  columns: readonly string[],
): string | null {
  const types = fieldTypesOf(of);
  const problems: string[] = [];
  const unknown = Object.keys(mapping).filter(
    (field) =>
      !(field in types) &&
      !(field.startsWith(CUSTOM_FIELD_PREFIX) && field.length > CUSTOM_FIELD_PREFIX.length),
  );
  if (unknown.length > 0)
    problems.push(
      `${unknown.map(quoted).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of a ${of === 'customers' ? 'customer' : 'relation'} (a custom field is “fields.<name>”)`,
    );
  const present = new Set(columns);
  const missing = [...new Set(Object.values(mapping))].filter((column) => !present.has(column));
  if (missing.length > 0)
    problems.push(
      `the file has no column ${missing.map(quoted).join(', ')} (its columns: ${columns
        .slice(0, 20)
        .map(quoted)
        .join(', ')}${columns.length > 20 ? ', …' : ''})`,
    );
  const required =
    of === 'customers'
      ? ['external_id']
      : ['relation_external_id', 'parent_customer_external_id', 'child_customer_external_id'];
  const unmapped = required.filter((field) => !mapping[field]);
  if (unmapped.length > 0)
    problems.push(
      `map a column to ${unmapped.map(quoted).join(' and to ')}: a ${of === 'customers' ? 'customer' : 'relation'} needs ${unmapped.length === 1 ? 'it' : 'them'}`,
    );
  return problems.length === 0
    ? null
    : `The column mapping cannot be used: ${problems.join('; ')}.`;
}
