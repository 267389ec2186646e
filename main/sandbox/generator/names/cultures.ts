// The parsed name pools, and how often each culture occurs among the tenant's customers and on the
// watchlist.
import type { Weighted } from '../rng';
import type { CultureData, CultureId } from './culture-types';
import { ARABIC, HEBREW, GREEK, POLISH, RUSSIAN, TURKISH } from './data-eastern-europe';
import { CHINESE, INDIAN, JAPANESE, KOREAN, NIGERIAN, VIETNAMESE } from './data-asia-africa';
import { ANGLO, DUTCH, FRENCH, GERMAN, ITALIAN, PORTUGUESE, SPANISH } from './data-western-europe';
import { FIRM_WORDS, type FirmWords } from './firm-data';
import { type NameForm, parseForm } from './name-form';

export interface Culture extends CultureData {
  maleForms: readonly NameForm[];
  femaleForms: readonly NameForm[];
  surnameForms: readonly NameForm[];
  middleMaleForms: readonly NameForm[];
  middleFemaleForms: readonly NameForm[];
  firmWords: FirmWords;
  sectorForms: readonly NameForm[];
  stemForms: readonly NameForm[];
  cityForms: readonly NameForm[];
}

/** Syllables of dashed romanisations ("Jian-hua"), by native spelling, for the CJK dictionary. */
export const SYLLABLES = new Map<string, readonly string[]>();

/**
 * A dash in Chinese pinyin only marks syllables: the canonical spelling drops it and the spaced
 * and dashed forms become variants. Korean keeps the dash (Min-jun) and gains joined variants.
 */
function withSyllables(form: NameForm, culture: CultureId): NameForm {
  if (!form.latin.includes('-') || (culture !== 'zh' && culture !== 'ko')) return form;
  const parts = form.latin.split('-');
  for (const native of form.native) SYLLABLES.set(native, parts);
  const capitalised = parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  const joined = parts.join('');
  const canonical = joined.charAt(0).toUpperCase() + joined.slice(1).toLowerCase();
  const variants = [capitalised.join('-'), capitalised.join(' '), canonical, ...form.variants];
  const latin = culture === 'zh' ? canonical : form.latin;
  return {
    latin,
    variants: [...new Set(variants)].filter((variant) => variant !== latin),
    native: form.native,
  };
}

function parseAll(entries: readonly string[], culture: CultureId): NameForm[] {
  return entries.map((entry) => withSyllables(parseForm(entry), culture));
}

function build(data: CultureData): Culture {
  const words = FIRM_WORDS[data.id];
  return {
    ...data,
    maleForms: parseAll(data.male, data.id),
    femaleForms: parseAll(data.female, data.id),
    surnameForms: parseAll(data.surnames, data.id),
    middleMaleForms: parseAll(data.middleMale ?? [], data.id),
    middleFemaleForms: parseAll(data.middleFemale ?? [], data.id),
    firmWords: words,
    sectorForms: parseAll(words.sectors, data.id),
    stemForms: parseAll(words.stems, data.id),
    cityForms: parseAll(words.cities ?? [], data.id),
  };
}

const ALL_DATA: readonly CultureData[] = [
  ANGLO,
  GERMAN,
  FRENCH,
  SPANISH,
  PORTUGUESE,
  ITALIAN,
  DUTCH,
  POLISH,
  RUSSIAN,
  GREEK,
  TURKISH,
  HEBREW,
  ARABIC,
  CHINESE,
  JAPANESE,
  KOREAN,
  VIETNAMESE,
  INDIAN,
  NIGERIAN,
];

export const CULTURES: Readonly<Record<CultureId, Culture>> = Object.fromEntries(
  ALL_DATA.map((data) => [data.id, build(data)]),
) as Record<CultureId, Culture>;

export function culture(id: CultureId): Culture {
  return CULTURES[id];
}

/** A European institution's book: mostly European names, a wide international tail. */
// prettier-ignore
export const CUSTOMER_CULTURES: Weighted<CultureId> = [
  ['de', 13], ['en', 11], ['fr', 9], ['es', 7], ['it', 6], ['pt', 4], ['nl', 4], ['pl', 5], ['ru', 7],
  ['el', 2], ['tr', 4], ['he', 2], ['ar', 7], ['zh', 6], ['ja', 2], ['ko', 2], ['vi', 2], ['in', 4],
  ['ng', 3],
];

/** Watchlists lean towards the regions sanctions and PEP lists cover most. */
// prettier-ignore
export const WATCHLIST_CULTURES: Weighted<CultureId> = [
  ['de', 5], ['en', 8], ['fr', 5], ['es', 8], ['it', 4], ['pt', 4], ['nl', 2], ['pl', 3], ['ru', 14],
  ['el', 2], ['tr', 5], ['he', 2], ['ar', 15], ['zh', 9], ['ja', 1], ['ko', 3], ['vi', 2], ['in', 4],
  ['ng', 4],
];
