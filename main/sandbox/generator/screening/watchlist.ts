// The built-in synthetic watchlist: politically exposed persons, sanctioned persons and entities,
// special-interest persons and entities, and their relatives and close associates. Names come from
// the same pools as customers so that namesakes occur as they do in real screening; every profile
// is invented, and a short list of well-known officeholders' names is refused outright.
import type { AccountType } from '../../model';
import { COUNTRIES, HIGH_RISK_COUNTRIES, OFFSHORE_COUNTRIES } from '../geo';
import type { CultureId } from '../names/culture-types';
import { culture as cultureOf, WATCHLIST_CULTURES } from '../names/cultures';
import { drawFirm, drawOffshoreFirm, type FirmName } from '../names/firm-names';
import {
  drawPerson,
  type Gender,
  latinParts,
  type NameParts,
  nativeParts,
  nicknameParts,
  type PersonName,
  secondNativeParts,
  spellingVariant,
} from '../names/person-names';
import { Rng } from '../rng';
import { nameTokens } from './normalize';

export const PROFILE_TYPES = ['PEP', 'RCA_PEP', 'SAN', 'SIP', 'SIE', 'RCA_SIP', 'RCA_SIE'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export interface WatchlistName extends NameParts {
  company_name: string;
  /** How the list records this name: "primary name", "original script", "alias" ... */
  label: string;
}

export interface WatchlistProfile {
  index: number;
  profileNumber: string;
  type: ProfileType;
  entity: AccountType;
  culture: CultureId;
  gender: Gender | null;
  names: WatchlistName[];
  /** YYYY-MM-DD, a year alone (YYYY), or '' when the list gives none. */
  dateOfBirth: string;
  countries: string[];
  listId: number | null;
  listName: string;
  /** What the profile is about: office held, sanctions programme, offence. */
  role: string;
  /** Days between the profile's last update and the tenant's `now`. */
  updatedDaysAgo: number;
  person: PersonName | null;
  firm: FirmName | null;
}

export const SANCTION_LISTS: readonly (readonly [number, string])[] = [
  [1, 'EU Consolidated (synthetic)'],
  [2, 'OFAC SDN (synthetic)'],
  [3, 'UN (synthetic)'],
  [4, 'UK HMT (synthetic)'],
  [5, 'SECO (synthetic)'],
];

export const INTEREST_LISTS: readonly (readonly [number, string])[] = [
  [11, 'Regulatory Enforcement (synthetic)'],
  [12, 'Law Enforcement Wanted (synthetic)'],
  [13, 'Financial Regulator Warnings (synthetic)'],
];

/** Real officeholders whose names the pools could form: never put them on a synthetic list. */
// prettier-ignore
const REFUSED_NAMES: ReadonlySet<string> = new Set([
  'pedro sanchez', 'paul martin', 'horst kohler', 'helmut schmidt', 'alberto fernandez',
  'jorge rodriguez', 'pablo iglesias', 'antonio costa', 'marcelo sousa', 'fernando cardoso',
  'giuseppe conte', 'giovanni leone', 'lee peng', 'lee hui', 'amit shah', 'mehmet simsek',
  'abdullah gul', 'fatma sahin', 'david levi', 'mary robinson', 'michael martin', 'sergey ivanov',
  'aleksandr zhukov', 'andrzej duda', 'jan kowalski',
]);

function refused(parts: NameParts): boolean {
  const first = nameTokens(parts.first_name, false)[0] ?? '';
  const last = nameTokens(parts.last_name, false);
  return last.some((token) => REFUSED_NAMES.has(`${first} ${token}`));
}

// prettier-ignore
const PEP_ROLES = [
  'Member of Parliament', 'Deputy Minister of Finance', 'Minister of Transport', 'Mayor of the capital',
  'Ambassador', 'Judge of the Supreme Court', 'Board member of a state-owned energy company',
  'Member of the central bank board', 'Senior military officer (general)', 'Head of a regional administration',
  'State secretary, Ministry of the Interior', 'Member of a regional assembly', 'Head of the customs service',
  'Chief executive of a state-owned bank', 'Party treasurer',
];
// prettier-ignore
const SIP_ROLES = [
  'Convicted of investment fraud', 'Wanted for money laundering', 'Banned from the financial services industry',
  'Convicted of bribery of public officials', 'Charged with tax evasion', 'Convicted of market manipulation',
  'Subject of an asset-recovery order', 'Wanted for trafficking offences',
];
// prettier-ignore
const SIE_ROLES = [
  'Fined for anti-money-laundering failures', 'Unauthorised investment firm (regulator warning)',
  'Front company in a procurement fraud case', 'Licence revoked by the financial regulator',
  'Debarred from public procurement',
];
// prettier-ignore
const SANCTION_PROGRAMMES = [
  'asset freeze, territorial integrity programme', 'asset freeze, non-proliferation programme',
  'asset freeze and travel ban, human-rights programme', 'asset freeze, counter-terrorism programme',
  'sectoral sanctions, energy sector', 'asset freeze, cyber-attacks programme',
];
const RCA_LINKS = {
  M: ['Husband of', 'Son of', 'Brother of', 'Business associate of'],
  F: ['Wife of', 'Daughter of', 'Sister of', 'Business associate of'],
} as const;

function profileType(rng: Rng): ProfileType {
  // prettier-ignore
  return rng.weighted<ProfileType>([
    ['PEP', 40], ['RCA_PEP', 21], ['SAN', 15], ['SIP', 12], ['SIE', 4], ['RCA_SIP', 5], ['RCA_SIE', 3],
  ]);
}

function isEntityType(type: ProfileType, rng: Rng): boolean {
  if (type === 'SIE') return true;
  if (type === 'SAN') return rng.chance(0.25);
  return false;
}

function countriesFor(rng: Rng, cultureId: CultureId, type: ProfileType): string[] {
  const home = rng.weighted(cultureOf(cultureId).countries);
  const countries = [home];
  if (type === 'SAN' && rng.chance(0.25)) countries.push(rng.pick(HIGH_RISK_COUNTRIES));
  if (rng.chance(0.15)) countries.push(rng.pick(Object.keys(COUNTRIES)));
  return [...new Set(countries)];
}

function dateOfBirth(rng: Rng, type: ProfileType): string {
  const shape = rng.next();
  if (shape < 0.06) return '';
  const young = type.startsWith('RCA');
  const year = Math.round(rng.normal(young ? 1975 : 1963, 12, 1938, 2003));
  if (shape < 0.16) return String(year);
  const month = String(rng.int(1, 12)).padStart(2, '0');
  const day = String(rng.int(1, 28)).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

function personNames(rng: Rng, person: PersonName, type: ProfileType): WatchlistName[] {
  const row = (parts: NameParts, label: string): WatchlistName => ({
    ...parts,
    company_name: '',
    label,
  });
  const names = [row(latinParts(person), 'primary name')];
  const native = nativeParts(person);
  if (native) names.push(row(native, 'original script'));
  const second = secondNativeParts(person);
  if (second && rng.chance(0.5)) names.push(row(second, 'original script (traditional)'));
  const spellings = type === 'SAN' ? rng.int(0, 2) : rng.int(0, 1);
  for (let i = 0; i < spellings; i++) {
    const variant = spellingVariant(rng, person);
    if (variant) names.push(row(variant, 'alias (spelling variant)'));
  }
  const nickname = nicknameParts(person);
  if (nickname && rng.chance(0.5)) names.push(row(nickname, 'alias (also known as)'));
  return names;
}

function firmNames(rng: Rng, firm: FirmName, cultureId: CultureId): WatchlistName[] {
  const row = (company: string, label: string): WatchlistName => ({
    first_name: '',
    middle_name: '',
    last_name: '',
    company_name: company,
    label,
  });
  const names = [row(firm.companyName, 'primary name')];
  if (firm.nativeName) names.push(row(firm.nativeName, 'original script'));
  if (firm.englishName) names.push(row(firm.englishName, 'alias (English name)'));
  if (firm.tradingName) names.push(row(firm.tradingName, 'alias (trading name)'));
  if (rng.chance(0.3)) {
    const former = drawFirm(rng, cultureId, firm.country);
    names.push(row(former.companyName, 'formerly known as'));
  }
  return names;
}

/** Profile numbers: a permutation of 7-digit numbers, so they never collide within a list. */
function profileNumber(seed: number, index: number): string {
  const offset = Math.abs(Math.trunc(seed)) % 9_000_000;
  return String(1_000_000 + ((index * 7919 + offset) % 9_000_000));
}

/** The watchlist's profile number `index`, for a seed (pure: the same every time). */
export function watchlistProfile(seed: number, index: number): WatchlistProfile {
  const rng = Rng.fromSeed(seed).fork('watchlist').fork(`profile:${index}`);
  const type = profileType(rng);
  const entity: AccountType = isEntityType(type, rng) ? 'F' : 'N';
  const cultureId = rng.weighted(WATCHLIST_CULTURES);
  const countries = countriesFor(rng, cultureId, type);
  const listPool =
    type === 'SAN' ? SANCTION_LISTS : type === 'SIP' || type === 'SIE' ? INTEREST_LISTS : null;
  const list = listPool ? rng.pick(listPool) : null;
  let person: PersonName | null = null;
  let firm: FirmName | null = null;
  let names: WatchlistName[];
  if (entity === 'N') {
    do person = drawPerson(rng, cultureId);
    while (refused(latinParts(person)));
    names = personNames(rng, person, type);
  } else {
    const home = countries[0] ?? 'GB';
    firm = rng.chance(0.2)
      ? drawOffshoreFirm(rng, rng.pick(OFFSHORE_COUNTRIES))
      : drawFirm(rng, cultureId, home);
    names = firmNames(rng, firm, cultureId);
  }
  const role =
    type === 'PEP'
      ? rng.pick(PEP_ROLES)
      : type === 'SAN'
        ? `Designated: ${rng.pick(SANCTION_PROGRAMMES)}`
        : type === 'SIP'
          ? rng.pick(SIP_ROLES)
          : type === 'SIE'
            ? rng.pick(SIE_ROLES)
            : `${rng.pick(RCA_LINKS[person?.gender ?? 'M'])} a ${type.slice(4)}-listed ${type === 'RCA_SIE' ? 'entity' : 'person'}`;
  return {
    index,
    profileNumber: profileNumber(seed, index),
    type,
    entity,
    culture: cultureId,
    gender: person?.gender ?? null,
    names,
    dateOfBirth: entity === 'N' ? dateOfBirth(rng, type) : '',
    countries,
    listId: list ? list[0] : null,
    listName: list ? list[1] : '',
    role,
    updatedDaysAgo: Math.floor(Math.pow(rng.next(), 1.6) * 1460),
    person,
    firm,
  };
}
