import type { CustomerDraft, NameVariationDraft, SaveProblem } from '../../../../preload/contract';

// The form's values (text as typed) and the write shape they make. Lists are typed comma- or
// semicolon-separated; numbers stay text until sent, so the checks can say what is wrong.

export interface CustomerFormValues {
  external_id: string;
  account_type: '' | 'F' | 'N';
  first_name: string;
  middle_name: string;
  last_name: string;
  date_of_birth: string;
  company_name: string;
  trading_name: string;
  registration_number: string;
  alias_ids: string;
  nationality_codes: string[];
  domicile_codes: string[];
  review_groups: string;
  contacts: string;
  phone: string;
  kyc_level: string;
  kyc_level_requested: string;
  parent_external_id: string;
  disabled: boolean;
  comment: string;
  /** Custom fields as `name = value` lines. */
  fields: string;
  variations: NameVariationDraft[];
}

export const EMPTY_FORM: CustomerFormValues = {
  external_id: '',
  account_type: '',
  first_name: '',
  middle_name: '',
  last_name: '',
  date_of_birth: '',
  company_name: '',
  trading_name: '',
  registration_number: '',
  alias_ids: '',
  nationality_codes: [],
  domicile_codes: [],
  review_groups: '',
  contacts: '',
  phone: '',
  kyc_level: '',
  kyc_level_requested: '',
  parent_external_id: '',
  disabled: false,
  comment: '',
  fields: '',
  variations: [],
};

const joined = (value: string | string[] | undefined) =>
  Array.isArray(value) ? value.join(', ') : (value ?? '');

const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Custom fields as the form types them: `name = value` lines. */
export const customFieldsText = (fields: Record<string, unknown> | undefined): string =>
  Object.entries(fields ?? {})
    .map(([name, value]) => `${name} = ${fieldText(value)}`)
    .join('\n');

/** `name = value` lines as typed, trimmed, blank lines skipped (a row may lack its name). */
export function customFieldRows(text: string): Array<{ key: string; value: string }> {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.indexOf('=');
      return {
        key: (at < 0 ? line : line.slice(0, at)).trim(),
        value: at < 0 ? '' : line.slice(at + 1).trim(),
      };
    });
}

export function formOfDraft(draft: CustomerDraft): CustomerFormValues {
  return {
    external_id: draft.external_id,
    account_type:
      draft.account_type === 'F' || draft.account_type === 'N' ? draft.account_type : '',
    first_name: draft.first_name ?? '',
    middle_name: draft.middle_name ?? '',
    last_name: draft.last_name ?? '',
    date_of_birth: draft.date_of_birth ?? '',
    company_name: draft.company_name ?? '',
    trading_name: draft.trading_name ?? '',
    registration_number: draft.registration_number ?? '',
    alias_ids: joined(draft.alias_ids),
    nationality_codes: draft.nationality_codes ?? [],
    domicile_codes: draft.domicile_codes ?? [],
    review_groups: joined(draft.review_groups),
    contacts: joined(draft.contacts),
    phone: draft.phone ?? '',
    kyc_level: draft.kyc_level === undefined ? '' : String(draft.kyc_level),
    kyc_level_requested:
      draft.kyc_level_requested === undefined ? '' : String(draft.kyc_level_requested),
    parent_external_id: draft.parent_external_id ?? '',
    disabled: draft.disabled ?? false,
    comment: draft.comment ?? '',
    fields: customFieldsText(draft.fields),
    variations: draft.variations ?? [],
  };
}

const list = (text: string): string[] =>
  text
    .split(/[;,]/)
    .map((part) => part.trim())
    .filter(Boolean);

/** A number as typed: NaN when it is not one (the checks say so), undefined when empty. */
const number = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text);

/** `name = value` lines; a value that reads as JSON (a number, true) is sent as such. */
function fieldsOf(text: string): Record<string, unknown> | undefined {
  const entries = customFieldRows(text)
    .filter(({ key }) => key.length > 0)
    .map(({ key, value }): [string, unknown] => {
      try {
        return [key, JSON.parse(value) as unknown];
      } catch {
        return [key, value];
      }
    });
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * The write shape of the form. Names that do not fit the account type are left out (a firm has no
 * date of birth); kyc levels may be NaN here, which the checks refuse before anything is sent.
 */
export function draftOfForm(form: CustomerFormValues): CustomerDraft {
  const draft: Record<string, unknown> = { external_id: form.external_id.trim() };
  const put = (key: keyof CustomerDraft, value: unknown) => {
    if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return;
    draft[key] = value;
  };
  put('account_type', form.account_type);
  if (form.account_type !== 'F') {
    put('first_name', form.first_name.trim());
    put('middle_name', form.middle_name.trim());
    put('last_name', form.last_name.trim());
    put('date_of_birth', form.date_of_birth.trim());
  }
  if (form.account_type !== 'N') {
    put('company_name', form.company_name.trim());
    put('trading_name', form.trading_name.trim());
  }
  put('registration_number', form.registration_number.trim());
  put('alias_ids', list(form.alias_ids));
  put('nationality_codes', form.nationality_codes);
  put('domicile_codes', form.domicile_codes);
  put('review_groups', list(form.review_groups));
  put('contacts', list(form.contacts));
  put('phone', form.phone.trim());
  put('kyc_level', number(form.kyc_level));
  put('kyc_level_requested', number(form.kyc_level_requested));
  put('parent_external_id', form.parent_external_id.trim());
  draft.disabled = form.disabled;
  put('comment', form.comment);
  put('fields', fieldsOf(form.fields));
  put('variations', form.variations);
  return draft as CustomerDraft;
}

/** The fields the form does not draw for an account type (a firm has no date of birth). */
const HIDDEN_FOR: Record<CustomerFormValues['account_type'], readonly string[]> = {
  '': [],
  F: ['first_name', 'middle_name', 'last_name', 'date_of_birth'],
  N: ['company_name', 'trading_name'],
};

/**
 * Problems by the field they name (the first part of `fields.x`), and those naming none or a field
 * the form does not draw for `accountType`: those are shown with the form's general problems.
 */
export function problemsByField(
  problems: readonly (SaveProblem & { warning?: boolean })[],
  accountType: CustomerFormValues['account_type'] = '',
) {
  const byField = new Map<string, (SaveProblem & { warning?: boolean })[]>();
  const general: (SaveProblem & { warning?: boolean })[] = [];
  for (const problem of problems) {
    const field = problem.field?.split('.')[0] ?? null;
    if (!field || !(field in EMPTY_FORM) || HIDDEN_FOR[accountType].includes(field))
      general.push(problem);
    else byField.set(field, [...(byField.get(field) ?? []), problem]);
  }
  return { byField, general };
}
