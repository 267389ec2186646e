import type { CustomerDraft, JsonValue, NameVariationDraft } from '../../preload/contract';

// The cached read shape (Customer, as GET /customers/{id} answers) mapped to the write shape
// (SaveCustomerInput), the form's starting point. What the write shape cannot say (id, revision,
// created_at, …) is left out; empty values are left out so saving a draft unchanged sends nothing
// the service does not already have.

type ReadShape = Record<string, JsonValue>;

const text = (value: JsonValue | undefined): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

const int = (value: JsonValue | undefined): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;

const texts = (value: JsonValue | undefined): string[] =>
  Array.isArray(value)
    ? value.flatMap((item) => (typeof item === 'string' && item.trim() ? [item.trim()] : []))
    : [];

/** `review_groups` and `contacts`: a list, or one string separated by `;` or `,` (spec). */
const listOf = (value: JsonValue | undefined): string[] =>
  typeof value === 'string'
    ? value
        .split(/[;,]/)
        .map((part) => part.trim())
        .filter(Boolean)
    : texts(value);

/** Codes without repeats, the deprecated single one first when it is not already listed. */
const codes = (single: JsonValue | undefined, list: JsonValue | undefined): string[] => {
  const first = text(single)?.trim();
  const all = [...(first ? [first] : []), ...texts(list)];
  return [...new Set(all.map((code) => code.toUpperCase()))];
};

/** The account type object's code (its shape is not shown: `code`, else a string as such). */
function accountTypeCode(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return text(value);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const code = value.code ?? value.value;
    return typeof code === 'string' ? text(code) : undefined;
  }
  return undefined;
}

const VARIATION_NAMES = [
  'company_name',
  'first_name',
  'last_name',
  'middle_name',
  'trading_name',
] as const;

function variationsOf(value: JsonValue | undefined): NameVariationDraft[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return [];
    const variation: NameVariationDraft = { _op: 'set' };
    for (const name of VARIATION_NAMES) {
      const found = text(item[name]);
      if (found !== undefined) variation[name] = found;
    }
    return Object.keys(variation).length > 1 ? [variation] : [];
  });
}

function customFields(value: JsonValue | undefined): Record<string, JsonValue> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const kept = Object.entries(value).filter(([key]) => key.length > 0 && key.length <= 200);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** The write shape of a cached customer: what the form starts from to edit it. */
export function draftOfReadShape(externalId: string, read: ReadShape): CustomerDraft {
  const draft: CustomerDraft = { external_id: text(read.external_id) ?? externalId };
  const put = <K extends keyof CustomerDraft>(key: K, value: CustomerDraft[K] | undefined) => {
    if (value === undefined) return;
    if (Array.isArray(value) && value.length === 0) return;
    draft[key] = value;
  };
  put('account_type', accountTypeCode(read.account_type));
  for (const key of [
    'first_name',
    'middle_name',
    'last_name',
    'company_name',
    'trading_name',
    'date_of_birth',
    'comment',
    'phone',
    'registration_number',
    'parent_external_id',
  ] as const)
    put(key, text(read[key]));
  put('alias_ids', texts(read.alias_ids));
  put('nationality_codes', codes(read.nationality_code, read.nationality_codes));
  put('domicile_codes', codes(read.domicile_code, read.domicile_codes));
  put('review_groups', listOf(read.review_groups));
  put('contacts', listOf(read.contacts));
  put('kyc_level', int(read.kyc_level));
  put('kyc_level_requested', int(read.kyc_level_requested));
  if (typeof read.disabled === 'boolean') draft.disabled = read.disabled;
  put('fields', customFields(read.custom_fields ?? read.fields));
  put('variations', variationsOf(read.name_variations));
  return draft;
}
