// What analysts write on alert revisions: the reason for each decision, from the evidence that
// tells the customer and the listed profile apart (or shows they are one).
import type { CustomerRecord } from '../../model';
import { countryName } from '../geo';
import type { Rng } from '../rng';
import type { WatchlistProfile } from '../screening/watchlist';

export function falsePositiveReason(
  rng: Rng,
  customer: CustomerRecord,
  profile: WatchlistProfile,
  gender: 'M' | 'F' | null,
): string {
  const reasons: string[] = [];
  const customerYear = Number(customer.date_of_birth.slice(0, 4));
  const profileYear = Number(profile.dateOfBirth.slice(0, 4));
  if (customerYear && profileYear && Math.abs(customerYear - profileYear) > 1) {
    reasons.push(
      `customer born ${customer.date_of_birth}, listed person born ${profile.dateOfBirth}`,
    );
  }
  if (gender && profile.gender && gender !== profile.gender) {
    reasons.push(`listed person is ${profile.gender === 'F' ? 'a woman' : 'a man'}`);
  }
  const countries = new Set([...customer.nationality_codes, ...customer.domicile_codes]);
  const foreign = profile.countries.filter((code) => !countries.has(code));
  if (foreign.length === profile.countries.length && foreign.length > 0) {
    reasons.push(
      `profile relates to ${foreign.map(countryName).join(' and ')}, customer has no link there`,
    );
  }
  if (customer.account_type.code === 'F') {
    reasons.push(
      rng.pick([
        `registration number ${customer.registration_number || 'on file'} does not match the listed entity`,
        'different registered address and shareholders than the listed entity',
        'listed entity is in a different line of business',
      ]),
    );
  }
  if (reasons.length === 0) {
    reasons.push(
      rng.pick([
        'identity document checked: different person',
        'only the family name matches; given names differ',
        'place of birth on passport differs from the profile',
        'customer is a namesake; confirmed by telephone with the relationship manager',
      ]),
    );
  }
  const lead = rng.pick(['False positive', 'Not a match', 'Discounted']);
  return `${lead}: ${reasons.join('; ')}.`;
}

export function pendingComment(rng: Rng, firm: boolean): string {
  return firm
    ? rng.pick([
        'Requested extract from the commercial register and shareholder list.',
        'Asked the relationship manager for the UBO declaration.',
        'Waiting for certified articles of association.',
      ])
    : rng.pick([
        'Requested certified passport copy from the customer.',
        'Asked the branch to confirm date and place of birth.',
        'Requested source-of-wealth declaration and proof of address.',
        'Waiting for the customer to confirm nationality.',
      ]);
}

export function trueHitComment(profile: WatchlistProfile): string {
  return `True hit confirmed: date of birth and nationality match the listed person (${profile.role}).`;
}

export function closingTrueHitComment(
  rng: Rng,
  profile: WatchlistProfile,
  accepted: boolean,
): string {
  if (accepted) {
    return profile.type.includes('PEP')
      ? rng.pick([
          'PEP relationship approved by senior management after EDD; enhanced ongoing monitoring applies.',
          'Risk accepted: source of wealth documented, annual review scheduled.',
        ])
      : 'Risk accepted after EDD; account placed under enhanced monitoring.';
  }
  return profile.type === 'SAN'
    ? rng.pick([
        'Relationship exited: funds frozen and reported to the financial intelligence unit.',
        'Sanctions hit: account blocked, report filed with the competent authority.',
      ])
    : rng.pick([
        'Relationship declined: risk outside appetite; suspicious activity report filed.',
        'Onboarding rejected by the compliance committee.',
      ]);
}

export const REOPEN_COMMENT = 'Profile updated on the list; alert reopened for review.';

export function afterReopenComment(rng: Rng): string {
  return rng.pick([
    'Reviewed the profile update: still not the same person.',
    'New alias added to the profile does not change the assessment.',
    'Updated profile reviewed; previous decision stands.',
  ]);
}

export const LEGACY_COMMENT =
  'Imported from the legacy screening system; original decision not available.';
