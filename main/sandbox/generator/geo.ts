// Countries the tenant knows about: dialling codes, languages, bank account formats. Codes are
// ISO 3166-1 alpha-2.
import type { Rng } from './rng';

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'pl' | 'ru' | 'nl' | 'tr';

export interface CountryInfo {
  name: string;
  dial: string;
  /** Digits of a national subscriber number. */
  digits: number;
  lang: Lang;
  eu: boolean;
  /** BBAN layout for an IBAN: A = letters, N = digits, e.g. 'A4N14'. Absent: no IBAN. */
  bban?: string;
}

const C = (
  name: string,
  dial: string,
  digits: number,
  lang: Lang,
  eu: boolean,
  bban?: string,
): CountryInfo =>
  bban ? { name, dial, digits, lang, eu, bban } : { name, dial, digits, lang, eu };

export const COUNTRIES: Readonly<Record<string, CountryInfo>> = {
  GB: C('United Kingdom', '44', 10, 'en', false, 'A4N14'),
  IE: C('Ireland', '353', 9, 'en', true, 'A4N14'),
  US: C('United States', '1', 10, 'en', false),
  CA: C('Canada', '1', 10, 'en', false),
  AU: C('Australia', '61', 9, 'en', false),
  DE: C('Germany', '49', 11, 'de', true, 'N18'),
  AT: C('Austria', '43', 10, 'de', true, 'N16'),
  CH: C('Switzerland', '41', 9, 'de', false, 'N17'),
  LI: C('Liechtenstein', '423', 7, 'de', false, 'N17'),
  FR: C('France', '33', 9, 'fr', true, 'N23'),
  BE: C('Belgium', '32', 9, 'fr', true, 'N12'),
  LU: C('Luxembourg', '352', 9, 'fr', true, 'N16'),
  MC: C('Monaco', '377', 8, 'fr', false, 'N23'),
  NL: C('Netherlands', '31', 9, 'nl', true, 'A4N10'),
  ES: C('Spain', '34', 9, 'es', true, 'N20'),
  PT: C('Portugal', '351', 9, 'pt', true, 'N21'),
  IT: C('Italy', '39', 10, 'it', true, 'A1N22'),
  MT: C('Malta', '356', 8, 'en', true, 'A4N23'),
  PL: C('Poland', '48', 9, 'pl', true, 'N24'),
  CZ: C('Czechia', '420', 9, 'en', true, 'N20'),
  GR: C('Greece', '30', 10, 'en', true, 'N23'),
  CY: C('Cyprus', '357', 8, 'en', true, 'N24'),
  RU: C('Russia', '7', 10, 'ru', false),
  BY: C('Belarus', '375', 9, 'ru', false),
  KZ: C('Kazakhstan', '7', 10, 'ru', false),
  UA: C('Ukraine', '380', 9, 'ru', false),
  TR: C('Türkiye', '90', 10, 'tr', false, 'N22'),
  AE: C('United Arab Emirates', '971', 9, 'en', false, 'N19'),
  SA: C('Saudi Arabia', '966', 9, 'en', false, 'N20'),
  QA: C('Qatar', '974', 8, 'en', false),
  EG: C('Egypt', '20', 10, 'en', false),
  JO: C('Jordan', '962', 9, 'en', false),
  LB: C('Lebanon', '961', 8, 'fr', false),
  MA: C('Morocco', '212', 9, 'fr', false),
  IL: C('Israel', '972', 9, 'en', false, 'N19'),
  CN: C('China', '86', 11, 'en', false),
  HK: C('Hong Kong', '852', 8, 'en', false),
  TW: C('Taiwan', '886', 9, 'en', false),
  SG: C('Singapore', '65', 8, 'en', false),
  JP: C('Japan', '81', 10, 'en', false),
  KR: C('South Korea', '82', 10, 'en', false),
  VN: C('Viet Nam', '84', 9, 'en', false),
  IN: C('India', '91', 10, 'en', false),
  NG: C('Nigeria', '234', 10, 'en', false),
  GH: C('Ghana', '233', 9, 'en', false),
  MX: C('Mexico', '52', 10, 'es', false),
  AR: C('Argentina', '54', 10, 'es', false),
  CO: C('Colombia', '57', 10, 'es', false),
  CL: C('Chile', '56', 9, 'es', false),
  PE: C('Peru', '51', 9, 'es', false),
  VE: C('Venezuela', '58', 10, 'es', false),
  BR: C('Brazil', '55', 11, 'pt', false),
  VG: C('British Virgin Islands', '1284', 7, 'en', false),
  KY: C('Cayman Islands', '1345', 7, 'en', false),
  PA: C('Panama', '507', 8, 'es', false),
  SC: C('Seychelles', '248', 7, 'en', false),
  BZ: C('Belize', '501', 7, 'en', false),
  IR: C('Iran', '98', 10, 'en', false),
  SY: C('Syria', '963', 9, 'en', false),
  KP: C('North Korea', '850', 8, 'en', false),
  MM: C('Myanmar', '95', 9, 'en', false),
  AF: C('Afghanistan', '93', 9, 'en', false),
  YE: C('Yemen', '967', 9, 'en', false),
  IQ: C('Iraq', '964', 10, 'en', false),
  LY: C('Libya', '218', 9, 'en', false),
  CU: C('Cuba', '53', 8, 'es', false),
};

/**
 * Synthetic high-risk jurisdiction list used by the KYT rules, the risk rating and the watchlist.
 * It is the sandbox's own list, built for test coverage, not an official one.
 */
export const HIGH_RISK_COUNTRIES: readonly string[] = [
  'IR',
  'KP',
  'SY',
  'MM',
  'AF',
  'YE',
  'IQ',
  'LY',
  'CU',
  'VE',
];

/** Offshore financial centres: firms registered there raise the risk rating. */
export const OFFSHORE_COUNTRIES: readonly string[] = ['VG', 'KY', 'PA', 'SC', 'BZ'];

/** Where expatriate customers of a European institution tend to live. */
export const EXPAT_DOMICILES: readonly string[] = [
  'DE',
  'GB',
  'FR',
  'CH',
  'LU',
  'NL',
  'ES',
  'IT',
  'AT',
  'BE',
  'AE',
  'SG',
  'MC',
  'PT',
  'IE',
];

export function countryInfo(code: string): CountryInfo {
  return COUNTRIES[code] ?? C(code, '0', 9, 'en', false);
}

export function countryName(code: string): string {
  return countryInfo(code).name;
}

export function isEu(code: string): boolean {
  return countryInfo(code).eu;
}

/** A phone number in international notation, grouped for reading. */
export function phoneNumber(rng: Rng, country: string): string {
  const info = countryInfo(country);
  const mobile = rng.chance(0.7);
  let national = rng.digits(info.digits);
  if (mobile && info.digits >= 9) national = String(rng.int(6, 7)) + national.slice(1);
  else national = String(rng.int(2, 5)) + national.slice(1);
  const head = national.slice(0, 3);
  const rest = national.slice(3);
  const split = rest.length <= 4 ? rest.length : Math.floor(rest.length / 2);
  return `+${info.dial} ${head} ${rest.slice(0, split)} ${rest.slice(split)}`.trim();
}

function letterValue(char: string): string {
  const code = char.charCodeAt(0);
  return code >= 65 && code <= 90 ? String(code - 55) : char;
}

/** ISO 13616 check digits (mod 97), computed on a numeric string without big integers. */
function ibanCheckDigits(country: string, bban: string): string {
  const digits = (bban + country + '00').split('').map(letterValue).join('');
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) {
    remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97;
  }
  return String(98 - remainder).padStart(2, '0');
}

export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '');
  const rearranged = (compact.slice(4) + compact.slice(0, 4)).split('').map(letterValue).join('');
  let remainder = 0;
  for (let i = 0; i < rearranged.length; i += 7) {
    remainder = Number(String(remainder) + rearranged.slice(i, i + 7)) % 97;
  }
  return remainder === 1;
}

/** An IBAN with valid check digits where the country uses them, otherwise an internal number. */
export function accountNumber(rng: Rng, country: string): string {
  const layout = countryInfo(country).bban;
  if (!layout) return `CD${rng.digits(12)}`;
  let bban = '';
  for (const [, kind, count] of layout.matchAll(/([AN])(\d+)/g)) {
    bban +=
      kind === 'A'
        ? rng.letters(Number(count), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')
        : rng.digits(Number(count));
  }
  const iban = country + ibanCheckDigits(country, bban) + bban;
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}
