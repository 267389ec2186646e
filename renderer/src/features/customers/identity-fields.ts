import type { JsonValue } from '../../../../preload/contract';

// The customer's read shape as an investigator reads it: known fields by their meaning and in a
// sensible order, then anything else the service sends, named from its key.

const KNOWN: ReadonlyArray<[key: string, label: string]> = [
  ['first_name', 'First name'],
  ['middle_name', 'Middle name'],
  ['last_name', 'Last name'],
  ['company_name', 'Company name'],
  ['trading_name', 'Trading name'],
  ['date_of_birth', 'Date of birth'],
  ['nationality_codes', 'Nationalities'],
  ['nationality_code', 'Nationality (old field)'],
  ['domicile_codes', 'Domiciles'],
  ['domicile_code', 'Domicile'],
  ['registration_number', 'Registration number'],
  ['phone', 'Phone'],
  ['contacts', 'Contacts'],
  ['account_type', 'Account type'],
  ['customer_type', 'Customer type'],
  ['account_number', 'Account number'],
  ['kyc_level', 'KYC level'],
  ['review_groups', 'Review groups'],
  ['parent_external_id', 'Parent customer'],
  ['alias_ids', 'Alias ids'],
  ['external_id', 'External id'],
  ['id', 'Service id'],
  ['client_id', 'Client id'],
  ['revision_number', 'Revision'],
  ['disabled', 'Disabled'],
  ['comment', 'Comment'],
  ['created_at', 'Created'],
  ['created_by', 'Created by (agent id)'],
  ['custom_fields', 'Custom fields'],
];

/** Shown in sections of their own. */
const ELSEWHERE = new Set(['name_variations']);

const LABELS = new Map(KNOWN);
const ORDER = new Map(KNOWN.map(([key], index) => [key, index]));

/** `trading_name` → "Trading name"; `CreatedAt` → "Created at". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  const fixed = words.replace(/\b(kyc|edd|pep|url|iban|vat)\b/g, (word) => word.toUpperCase());
  return fixed ? fixed.charAt(0).toUpperCase() + fixed.slice(1) : key;
}

export function fieldLabel(key: string): string {
  return LABELS.get(key) ?? humanizeKey(key);
}

export function isEmptyValue(value: JsonValue): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

export interface IdentityField {
  key: string;
  label: string;
  value: JsonValue;
  empty: boolean;
}

export function identityFields(fields: Record<string, JsonValue>): IdentityField[] {
  return Object.entries(fields)
    .filter(([key]) => !ELSEWHERE.has(key))
    .map(([key, value]) => ({ key, label: fieldLabel(key), value, empty: isEmptyValue(value) }))
    .sort((a, b) => {
      const left = ORDER.get(a.key) ?? Number.MAX_SAFE_INTEGER;
      const right = ORDER.get(b.key) ?? Number.MAX_SAFE_INTEGER;
      return left - right || a.label.localeCompare(b.label);
    });
}

/** A name variation's parts joined as a name reads. */
export function variationName(variation: JsonValue): string {
  if (typeof variation === 'string') return variation;
  if (variation === null || typeof variation !== 'object' || Array.isArray(variation)) return '';
  const part = (key: string) => {
    const value = variation[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const person = [part('first_name'), part('middle_name'), part('last_name')]
    .filter(Boolean)
    .join(' ');
  return [person, part('company_name'), part('trading_name')].filter(Boolean).join(' · ');
}
