// The descriptive fields of a customer: contacts, custom fields, comments, review groups, KYC level.
import { isoDate, YEAR } from '../dates';
import { HIGH_RISK_COUNTRIES, isEu, OFFSHORE_COUNTRIES } from '../geo';
import { stripDiacritics } from '../names/name-form';
import type { Rng } from '../rng';

export type Segment = 'retail' | 'private' | 'sme' | 'corporate' | 'holding';

const FREE_MAIL = [
  'mail.example',
  'post.example',
  'webmail.example',
  'inbox.example',
  'mailbox.example',
];

function slug(text: string): string {
  return stripDiacritics(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);
}

export function personEmails(rng: Rng, first: string, last: string, country: string): string[] {
  const f = slug(first).replace(/-/g, '');
  const l = slug(last).replace(/-/g, '');
  const local = rng.pick([
    `${f}.${l}`,
    `${f}${l}`,
    `${f.charAt(0)}${l}`,
    `${l}.${f}`,
    `${f}.${l}${rng.int(1, 99)}`,
  ]);
  const domain = rng.chance(0.3) ? `${country.toLowerCase()}-mail.example` : rng.pick(FREE_MAIL);
  const emails = [`${local}@${domain}`];
  if (rng.chance(0.25)) emails.push(`${f}.${l}@${rng.pick(FREE_MAIL)}`);
  return [...new Set(emails)];
}

export function firmDomain(core: string): string {
  return `${slug(core) || 'firm'}.example`;
}

export function firmEmails(rng: Rng, core: string): string[] {
  const domain = firmDomain(core);
  const boxes = rng.sample(
    ['info', 'finance', 'compliance', 'accounts', 'legal', 'office'],
    rng.int(1, 3),
  );
  return boxes.map((box) => `${box}@${domain}`);
}

export function reviewGroups(input: {
  firm: boolean;
  segment: Segment;
  domicile: string;
  nationalities: string[];
  createdMs: number;
  nowMs: number;
  knownHighRisk: boolean;
}): string[] {
  const groups: string[] = [];
  if (!input.firm) {
    if (input.segment === 'private') groups.push('private-banking');
    else groups.push(isEu(input.domicile) ? 'retail-eu' : 'retail-intl');
  } else {
    groups.push(input.segment === 'sme' ? 'sme' : 'corporate');
  }
  const risky =
    input.knownHighRisk ||
    OFFSHORE_COUNTRIES.includes(input.domicile) ||
    [input.domicile, ...input.nationalities].some((code) => HIGH_RISK_COUNTRIES.includes(code));
  if (risky) groups.push('high-risk');
  if (input.nowMs - input.createdMs < 45 * 24 * 3600 * 1000) groups.push('onboarding');
  return groups;
}

export function kycLevel(rng: Rng, segment: Segment, highRisk: boolean): number {
  if (highRisk) return 4;
  switch (segment) {
    case 'retail':
      return rng.weighted([
        [1, 35],
        [2, 55],
        [3, 10],
      ]);
    case 'private':
      return rng.weighted([
        [3, 70],
        [4, 30],
      ]);
    case 'sme':
      return rng.weighted([
        [2, 70],
        [3, 30],
      ]);
    case 'corporate':
    case 'holding':
      return rng.weighted([
        [2, 30],
        [3, 60],
        [4, 10],
      ]);
  }
}

// prettier-ignore
const WORKING_OCCUPATIONS = ['Engineer', 'Teacher', 'Physician', 'Lawyer', 'Sales manager', 'Civil servant', 'Retired', 'Student', 'Entrepreneur', 'Nurse', 'Software developer', 'Architect', 'Accountant', 'Real estate agent', 'Pilot', 'Artist', 'Farmer', 'Shop owner'];
// prettier-ignore
const INDUSTRIES: readonly (readonly [string, string])[] = [
  ['46.90', 'Non-specialised wholesale trade'], ['41.20', 'Construction of buildings'], ['49.41', 'Freight transport by road'],
  ['62.01', 'Computer programming'], ['68.20', 'Renting and operating of own real estate'], ['64.20', 'Activities of holding companies'],
  ['50.20', 'Sea and coastal freight water transport'], ['10.71', 'Manufacture of bread and fresh pastry'], ['47.77', 'Retail sale of watches and jewellery'],
  ['70.22', 'Business and other management consultancy'], ['19.20', 'Manufacture of refined petroleum products'], ['24.10', 'Manufacture of basic iron and steel'],
  ['66.12', 'Security and commodity contracts brokerage'], ['92.00', 'Gambling and betting activities'], ['45.11', 'Sale of cars and light motor vehicles'],
];
/** Industries a risk rating treats as cash-intensive or high-risk. */
export const RISKY_INDUSTRIES: ReadonlySet<string> = new Set(['47.77', '92.00', '45.11', '66.12']);

function leiCheckDigits(base: string): string {
  const digits =
    base
      .split('')
      .map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c))
      .join('') + '00';
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7)
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** A Legal Entity Identifier with valid ISO 17442 check digits. */
export function legalEntityIdentifier(rng: Rng): string {
  const base = `${rng.letters(4, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}00${rng.letters(12, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ')}`;
  return base + leiCheckDigits(base);
}

export function personFields(
  rng: Rng,
  segment: Segment,
  taxCountry: string,
  age: number,
  selfDeclaredPep: boolean,
): Record<string, unknown> {
  const occupation = age < 24 && rng.chance(0.7) ? 'Student' : age >= 66 && rng.chance(0.8) ? 'Retired' : rng.pick(WORKING_OCCUPATIONS); // prettier-ignore
  return {
    segment,
    onboarding_channel: rng.weighted([
      ['branch', 40],
      ['online', 45],
      ['partner', 10],
      ['relationship-manager', 5],
    ]),
    occupation,
    source_of_wealth: rng.weighted([
      ['employment', 55],
      ['business', 15],
      ['inheritance', 10],
      ['investments', 10],
      ['pension', 10],
    ]),
    annual_income_band:
      segment === 'private'
        ? rng.pick(['250k-1m', '1m-5m', '5m+'])
        : rng.pick(['<25k', '25k-50k', '50k-100k', '100k-250k']),
    pep_self_declared: selfDeclaredPep,
    tax_residence: taxCountry,
    marketing_consent: rng.chance(0.4),
  };
}

export interface FirmFieldFacts {
  industry: string;
  fields: Record<string, unknown>;
}

export function firmFields(
  rng: Rng,
  segment: Segment,
  core: string,
  createdMs: number,
): FirmFieldFacts {
  const [code, label] =
    segment === 'holding' ? ['64.20', 'Activities of holding companies'] : rng.pick(INDUSTRIES);
  const incorporated = createdMs - rng.float(0.2, 40) * YEAR;
  const employees =
    segment === 'sme'
      ? rng.int(2, 120)
      : segment === 'holding'
        ? rng.int(0, 3)
        : rng.int(100, 25_000);
  return {
    industry: code,
    fields: {
      segment,
      industry_code: code,
      industry: label,
      incorporation_date: isoDate(incorporated),
      employees,
      annual_turnover_band: employees < 10 ? '<2m' : employees < 250 ? '2m-50m' : '50m+',
      listed_company: segment === 'corporate' && rng.chance(0.15),
      lei: segment === 'sme' && rng.chance(0.6) ? '' : legalEntityIdentifier(rng),
      website: `https://www.${firmDomain(core)}`,
    },
  };
}

// prettier-ignore
const COMMENTS = [
  'Onboarded at branch, documents checked in person.', 'Introduced by relationship manager.',
  'Periodic review completed without findings.', 'Customer requested paper statements.',
  'Address change pending verification.', 'Dual nationality declared at onboarding.',
  'Former employee of the bank.', 'Power of attorney on file.', 'Salary account; employer verified.',
  'Account migrated from legacy core banking system.', 'Reduced KYC: low-value prepaid product.',
  'Customer prefers contact by e-mail in English.',
];

export function customerComment(rng: Rng): string {
  return rng.chance(0.3) ? rng.pick(COMMENTS) : '';
}
