import type {
  CustomerDraft,
  SaveLineReport,
  SaveProblem,
  SaveReport,
} from '../../preload/contract';
import type { SaveRequestLines } from './customer-ports';

// The checks made before anything is sent, the same in the form, the bridge and the command line
// (one function, so they never disagree). Each problem names its write-shape field, as the
// service's own problems do, so it shows beside that field. Only what the interface states is
// checked (spec, Customer write shape); everything else is the service's to say.

/** What the checks read: a draft, or a form's values before they are typed (kyc levels as typed). */
export type CheckedCustomer = Partial<Omit<CustomerDraft, 'kyc_level' | 'kyc_level_requested'>> & {
  kyc_level?: unknown;
  kyc_level_requested?: unknown;
};

const COUNTRY = /^[A-Za-z]{2}$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const problem = (field: string, detail: string): SaveProblem => ({
  code: `check.${field}`,
  detail,
  field,
});

/** The problems of one customer line; none when it may be sent. */
export function checkCustomer(customer: CheckedCustomer): SaveProblem[] {
  const problems: SaveProblem[] = [];
  if (!customer.external_id?.trim())
    problems.push(
      problem('external_id', 'An external id is required: your own key for this customer.'),
    );
  const type = customer.account_type?.trim();
  if (type && type !== 'F' && type !== 'N')
    problems.push(
      problem('account_type', `The account type is F (firm) or N (individual), not “${type}”.`),
    );
  const born = customer.date_of_birth?.trim();
  if (born && !isIsoDate(born))
    problems.push(
      problem(
        'date_of_birth',
        DATE.test(born)
          ? `${born} is not a real date.`
          : `Write the date of birth as YYYY-MM-DD (for example 1980-04-23), not “${born}”.`,
      ),
    );
  for (const field of ['nationality_codes', 'domicile_codes'] as const) {
    const bad = (customer[field] ?? []).filter((code) => !COUNTRY.test(code.trim()));
    if (bad.length)
      problems.push(
        problem(
          field,
          `Country codes are two letters (ISO 3166 alpha-2, such as DE or GB); not ${bad.map((code) => `“${code}”`).join(', ')}.`,
        ),
      );
  }
  for (const field of ['kyc_level', 'kyc_level_requested'] as const) {
    const value = customer[field];
    if (value !== undefined && value !== null && value !== '' && !Number.isSafeInteger(value))
      problems.push(
        problem(
          field,
          `${field === 'kyc_level' ? 'The KYC level' : 'The requested KYC level'} is a whole number.`,
        ),
      );
  }
  return problems;
}

/**
 * The form's own checks over every line, before any call: a report of the lines with problems
 * (nothing sent, `status` null), or null when every line may be sent.
 */
export function checkedLines(lines: SaveRequestLines): SaveReport | null {
  const reports: SaveLineReport[] = [
    ...lines.customers.map((customer) => ({
      kind: 'customer' as const,
      externalId: customer.external_id,
      errors: checkCustomer(customer),
      warnings: [],
      customerId: null,
    })),
    ...lines.relations.map((relation) => ({
      kind: 'relation' as const,
      externalId: relation.relation_external_id,
      errors: [],
      warnings: [],
      customerId: null,
    })),
  ];
  if (!reports.some((line) => line.errors.length > 0)) return null;
  return { outcome: 'verified', status: null, lines: reports, failed: true, riskScanForced: false };
}
