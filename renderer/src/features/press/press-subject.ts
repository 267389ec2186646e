import type {
  Customer360,
  JsonValue,
  PressEntityType,
  PressReportDetail,
  PressReportSummary,
  PressSubjectInput,
} from '../../../../preload/contract';

// Whom a report is about, as the generate form edits it. From a customer's page it starts from the
// cached customer (spec: Customer read shape); the investigator may change any of it.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CODE = /^[A-Za-z]{2}$/;

const text = (value: JsonValue | undefined): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;
const list = (value: JsonValue | undefined): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function validDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function subjectFromCustomer(customer: Customer360): PressSubjectInput {
  const { fields, accountType, externalId, name } = customer.identity;
  const codes = [
    ...list(fields.nationality_codes),
    ...list(fields.domicile_codes),
    ...[text(fields.nationality_code), text(fields.domicile_code)].filter(
      (code): code is string => code !== undefined,
    ),
  ];
  const subject: PressSubjectInput = { name: name.trim() };
  const firstName = text(fields.first_name);
  const middleName = text(fields.middle_name);
  const lastName = text(fields.last_name);
  const companyName = text(fields.company_name);
  if (firstName) subject.firstName = firstName;
  if (middleName) subject.middleName = middleName;
  if (lastName) subject.lastName = lastName;
  if (companyName) subject.companyName = companyName;
  subject.countryCodes = parseCountryCodes(codes.join(' ')).codes.filter((code) => CODE.test(code));
  const dateOfBirth = text(fields.date_of_birth);
  if (dateOfBirth && validDay(dateOfBirth)) subject.dateOfBirth = dateOfBirth;
  const entityType = entityOf(accountType, companyName, firstName ?? lastName);
  if (entityType) subject.entityType = entityType;
  subject.customerExternalId = externalId;
  return subject;
}

/** The service's search_name_components, as the contract's subject names them. */
const COMPONENTS: Record<string, 'firstName' | 'middleName' | 'lastName' | 'companyName'> = {
  first_name: 'firstName',
  middle_name: 'middleName',
  last_name: 'lastName',
  company_name: 'companyName',
};

/**
 * A report made again: from what the investigator asked for when CaseDesk generated it (it holds
 * the date of birth and the name's parts as typed), else from what the service says it was made
 * for (PressMetadata.input). The input names an age, not a date of birth: a customer's report
 * (forced, or opened by id) takes it from the cached customer, so the new report is made for as
 * much as the one it is compared with.
 */
export function subjectFromReport(
  report: {
    subjectName: string;
    customerExternalId: PressReportSummary['customerExternalId'];
    input: PressReportDetail['input'];
    asked?: PressReportDetail['asked'];
  },
  customer: Customer360 | null = null,
): PressSubjectInput {
  if (report.asked) {
    // Through the form and back, so only what the form knows is kept, trimmed and checked alike.
    const again = subjectFromForm(formFromSubject(report.asked));
    if (again.ok) {
      const subject = again.subject;
      if (!subject.customerExternalId && report.customerExternalId)
        subject.customerExternalId = report.customerExternalId;
      return subject;
    }
  }
  const { input } = report;
  const subject: PressSubjectInput = { name: (input?.name || report.subjectName).trim() };
  for (const component of input?.components ?? []) {
    const key = COMPONENTS[component.field];
    if (key && component.value.trim()) subject[key] = component.value.trim();
  }
  subject.countryCodes = parseCountryCodes((input?.countryCodes ?? []).join(' ')).codes;
  // Entity: 1 an individual, 2 a firm (spec: additional_info.entity_type).
  if (input?.entity === 1) subject.entityType = 'person';
  if (input?.entity === 2) subject.entityType = 'firm';
  if (report.customerExternalId) subject.customerExternalId = report.customerExternalId;
  if (customer && report.customerExternalId === customer.identity.externalId) {
    const { dateOfBirth } = subjectFromCustomer(customer);
    if (dateOfBirth) subject.dateOfBirth = dateOfBirth;
  }
  return subject;
}

/** The spec's account types: F a firm, N an individual; otherwise guessed from the name parts. */
function entityOf(
  accountType: string,
  companyName: string | undefined,
  personName: string | undefined,
): PressEntityType | undefined {
  const type = accountType.trim().toUpperCase();
  if (type === 'F') return 'firm';
  if (type === 'N') return 'person';
  if (companyName && !personName) return 'firm';
  if (personName && !companyName) return 'person';
  return undefined;
}

/** Codes as typed: separated by commas, semicolons or spaces, any case, each once. */
export function parseCountryCodes(typed: string): { codes: string[]; bad: string[] } {
  const codes: string[] = [];
  const bad: string[] = [];
  for (const part of typed.split(/[\s,;]+/).filter(Boolean)) {
    if (!CODE.test(part)) bad.push(part);
    else if (!codes.includes(part.toUpperCase())) codes.push(part.toUpperCase());
  }
  return { codes, bad };
}

export interface SubjectForm {
  name: string;
  firstName: string;
  middleName: string;
  lastName: string;
  companyName: string;
  countries: string;
  dateOfBirth: string;
  entityType: '' | PressEntityType;
  customerExternalId: string;
}

export function formFromSubject(subject: PressSubjectInput): SubjectForm {
  return {
    name: subject.name ?? '',
    firstName: subject.firstName ?? '',
    middleName: subject.middleName ?? '',
    lastName: subject.lastName ?? '',
    companyName: subject.companyName ?? '',
    countries: (subject.countryCodes ?? []).join(', '),
    dateOfBirth: subject.dateOfBirth ?? '',
    entityType: subject.entityType ?? '',
    customerExternalId: subject.customerExternalId ?? '',
  };
}

export type SubjectFormResult =
  | { ok: true; subject: PressSubjectInput }
  | { ok: false; errors: Partial<Record<keyof SubjectForm, string>> };

/** The form as the contract's subject, or what is wrong with it, field by field. */
export function subjectFromForm(form: SubjectForm): SubjectFormResult {
  const errors: Partial<Record<keyof SubjectForm, string>> = {};
  const parts = [form.name, form.firstName, form.middleName, form.lastName, form.companyName];
  if (!parts.some((part) => part.trim())) errors.name = 'Give a name to report on.';
  const countries = parseCountryCodes(form.countries);
  if (countries.bad.length)
    errors.countries = `Not a two-letter country code: ${countries.bad.join(', ')}.`;
  const dateOfBirth = form.dateOfBirth.trim();
  if (dateOfBirth && !validDay(dateOfBirth))
    errors.dateOfBirth = 'Write the date of birth as YYYY-MM-DD.';
  if (Object.keys(errors).length) return { ok: false, errors };

  const subject: PressSubjectInput = { name: form.name.trim() };
  const optional = [
    ['firstName', form.firstName],
    ['middleName', form.middleName],
    ['lastName', form.lastName],
    ['companyName', form.companyName],
  ] as const;
  for (const [key, value] of optional) if (value.trim()) subject[key] = value.trim();
  subject.countryCodes = countries.codes;
  if (dateOfBirth) subject.dateOfBirth = dateOfBirth;
  if (form.entityType) subject.entityType = form.entityType;
  if (form.customerExternalId.trim()) subject.customerExternalId = form.customerExternalId.trim();
  return { ok: true, subject };
}
