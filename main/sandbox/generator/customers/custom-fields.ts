// The tenant's defined custom fields. The interface says custom fields "must be defined beforehand
// with the operator's representative" and lists the active ones on a back-office page it does not
// expose: the sandbox's tenant defines exactly these, the ones its generator fills in. A save naming
// any other field keeps it as given and warns (`unknown_custom_field`).

/** Custom fields of individuals (N). */
export const PERSON_CUSTOM_FIELDS = [
  'segment',
  'onboarding_channel',
  'occupation',
  'source_of_wealth',
  'annual_income_band',
  'pep_self_declared',
  'tax_residence',
  'marketing_consent',
] as const;

/** Custom fields of firms (F); `segment` is shared with individuals. */
export const FIRM_CUSTOM_FIELDS = [
  'segment',
  'industry_code',
  'industry',
  'incorporation_date',
  'employees',
  'annual_turnover_band',
  'listed_company',
  'lei',
  'website',
] as const;

/** Custom fields of relations. */
export const RELATION_CUSTOM_FIELDS = ['label', 'ownership_percent'] as const;

/** Every custom field name the tenant defines, customers' and relations' alike, each once. */
export const CUSTOM_FIELD_NAMES: readonly string[] = [
  ...new Set<string>([...PERSON_CUSTOM_FIELDS, ...FIRM_CUSTOM_FIELDS, ...RELATION_CUSTOM_FIELDS]),
];
