// Firm names: words of the firm's culture arranged the way firms there are named, with the legal
// form of the country of registration, in Latin and (where the culture has one) its own script.
import type { Rng } from '../rng';
import type { CultureId } from './culture-types';
import { culture as cultureOf } from './cultures';
import { LEGAL_FORMS, type LegalForm, OFFSHORE_SECTORS, OFFSHORE_STEMS } from './firm-data';
import { type NameForm, latinForm, stripDiacritics } from './name-form';

export interface FirmName {
  culture: CultureId;
  country: string;
  /** The distinctive part, no legal form: "Müller Logistik", "Huamao Trading". */
  core: string;
  nativeCore: string | null;
  legal: LegalForm;
  /** Registered name in Latin script. */
  companyName: string;
  /** Registered name in the culture's script (ООО «Стройинвест», 深圳华茂贸易有限公司), if any. */
  nativeName: string | null;
  /** The name in English-language paperwork (Stroyinvest LLC), if it differs. */
  englishName: string | null;
  tradingName: string;
}

/** Scripts written without spaces between words. */
const UNSPACED: ReadonlySet<CultureId> = new Set<CultureId>(['zh', 'ja', 'ko']);

const SONS: Partial<Record<CultureId, string>> = {
  es: 'e Hijos',
  pt: '& Filhos',
  it: '& Figli',
  de: '& Söhne',
};

interface Words {
  latin: string[];
  native: string[];
  stem: string | null;
  surname: string | null;
}

function join(cultureId: CultureId, words: string[]): string {
  return words.join(UNSPACED.has(cultureId) ? '' : ' ');
}

function nativeOf(form: NameForm): string {
  return form.native[0] ?? form.latin;
}

function pickWords(rng: Rng, cultureId: CultureId, owner: NameForm | null): Words {
  const source = cultureOf(cultureId);
  const surname = owner ?? rng.pickSkewed(source.surnameForms);
  const sector = rng.pick(source.sectorForms);
  const stem = rng.pick(source.stemForms);
  const pattern = rng.weighted(source.firmWords.patterns);
  const of = (forms: NameForm[]): Words => ({
    latin: forms.map((form) => form.latin),
    native: forms.map(nativeOf),
    stem: forms.includes(stem) ? stem.latin : null,
    surname: forms.includes(surname) ? surname.latin : null,
  });
  switch (pattern) {
    case 'surname-sector':
      return of([surname, sector]);
    case 'sector-surname':
      return of([sector, surname]);
    case 'stem-sector':
      return of([stem, sector]);
    case 'stem-only':
      return of([stem]);
    case 'city-stem-sector':
      return of([rng.pick(source.cityForms), stem, sector]);
    case 'surname-sons':
      return of([surname, latinForm(SONS[cultureId] ?? '& Sons')]);
    case 'surname-and-surname': {
      const other = rng.pickSkewed(source.surnameForms);
      const and = latinForm(source.firmWords.and);
      return other.latin === surname.latin ? of([surname, sector]) : of([surname, and, other]);
    }
  }
}

function legalFormFor(rng: Rng, country: string): LegalForm {
  const forms = LEGAL_FORMS[country];
  return forms ? rng.weighted(forms) : { latin: 'Ltd' };
}

function withLegal(core: string, legal: LegalForm, latinPrefix: boolean): string {
  return latinPrefix ? `${legal.latin} "${core}"` : `${core} ${legal.latin}`;
}

function nativeName(cultureId: CultureId, nativeCore: string, legal: LegalForm): string {
  const form = legal.native ?? legal.latin;
  switch (cultureId) {
    case 'ru':
      return `${form} «${nativeCore}»`;
    case 'ar':
      return `شركة ${nativeCore}`;
    case 'vi':
      return `${form} ${nativeCore}`;
    case 'ko':
      return `${form} ${nativeCore}`;
    case 'zh':
    case 'ja':
      return nativeCore + form;
    default:
      return `${nativeCore} ${form}`;
  }
}

function acronym(words: string[]): string {
  const letters = words
    .flatMap((word) => word.split(/\s+/))
    .filter((word) => /^\p{Lu}/u.test(word))
    .map((word) => word.charAt(0));
  return letters.length >= 2 ? stripDiacritics(letters.join('')).toUpperCase() : '';
}

function tradingNameOf(rng: Rng, words: Words): string {
  if (!rng.chance(0.4)) return '';
  const options = [words.stem, words.surname, acronym(words.latin)].filter(
    (option): option is string => option !== null && option.length > 0,
  );
  return options.length > 0 ? rng.pick(options) : '';
}

/**
 * A firm of a culture registered in `country`. `owner` names it after a person (the founder's
 * surname), when given.
 */
export function drawFirm(
  rng: Rng,
  cultureId: CultureId,
  country: string,
  owner: NameForm | null = null,
): FirmName {
  const words = pickWords(rng, cultureId, owner);
  const legal = legalFormFor(rng, country);
  const core = words.latin.join(' ');
  // A firm carries a name in its culture's script only where it is registered at home.
  const home = cultureOf(cultureId).countries.some(([code]) => code === country);
  const hasScript = home && words.native.some((word, i) => word !== words.latin[i]);
  const nativeCore = hasScript ? join(cultureId, words.native) : null;
  const latinPrefix = legal.prefix === true && cultureId === 'ru' && rng.chance(0.5);
  const english = legal.english ? `${core} ${legal.english}` : null;
  return {
    culture: cultureId,
    country,
    core,
    nativeCore,
    legal,
    companyName: withLegal(core, legal, latinPrefix),
    nativeName: nativeCore === null ? null : nativeName(cultureId, nativeCore, legal),
    englishName: english,
    tradingName: tradingNameOf(rng, words),
  };
}

/** A holding vehicle in an offshore centre, named in English whatever its owner's culture. */
export function drawOffshoreFirm(rng: Rng, country: string): FirmName {
  const core = `${rng.pick(OFFSHORE_STEMS)} ${rng.pick(OFFSHORE_SECTORS)}`;
  const legal = legalFormFor(rng, country);
  return {
    culture: 'en',
    country,
    core,
    nativeCore: null,
    legal,
    companyName: `${core} ${legal.latin}`,
    nativeName: null,
    englishName: null,
    tradingName: '',
  };
}

// prettier-ignore
const REGION_WORDS: Readonly<Record<string, string>> = {
  GB: 'UK', DE: 'Deutschland', FR: 'France', ES: 'España', IT: 'Italia', NL: 'Nederland',
  PL: 'Polska', CH: 'Schweiz', AT: 'Austria', LU: 'Luxembourg', HK: '(Hong Kong)', SG: 'Singapore',
  AE: 'Middle East', CY: 'Cyprus', US: 'America', BE: 'Benelux', IE: 'Ireland', PT: 'Portugal',
};

/** A subsidiary of `parent` registered in `country`: "Müller Logistik Polska Sp. z o.o.". */
export function subsidiaryName(rng: Rng, parent: FirmName, country: string): FirmName {
  const region = REGION_WORDS[country] ?? (rng.chance(0.5) ? 'International' : 'Europe');
  const core = `${parent.core} ${region}`;
  const legal = legalFormFor(rng, country);
  return {
    ...parent,
    country,
    core,
    legal,
    companyName: `${core} ${legal.latin}`,
    nativeName: null,
    nativeCore: null,
    englishName: null,
    tradingName: parent.tradingName,
  };
}

export interface FirmVariation {
  company_name: string;
  trading_name: string;
}

/** Other names of the firm a screening must cover: its own script, English, no diacritics. */
export function firmVariations(rng: Rng, firm: FirmName): FirmVariation[] {
  const names = new Set<string>();
  if (firm.nativeName !== null) names.add(firm.nativeName);
  if (firm.englishName !== null && rng.chance(0.7)) names.add(firm.englishName);
  const ascii = stripDiacritics(firm.companyName);
  if (ascii !== firm.companyName && rng.chance(0.6)) names.add(ascii);
  names.delete(firm.companyName);
  return [...names].map((name) => ({ company_name: name, trading_name: firm.tradingName }));
}
