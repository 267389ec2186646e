// One name element (a given name, a surname, a word of a firm name) in every spelling the tenant
// uses: the canonical Latin form, other Latin spellings, and the form in its own script.
import { cyrillicToLatin, CYRILLIC_SCHEMES } from './transliterate';

export interface NameForm {
  /** Canonical Latin spelling, e.g. "Mohammed", "Ivanov", "Min-jun". */
  latin: string;
  /** Other Latin spellings seen in documents, e.g. "Muhammad", "Iwanow". */
  variants: readonly string[];
  /** Spellings in the original script, e.g. "محمد", "Иванов", "陈" and "陳". */
  native: readonly string[];
}

const LATIN = /^[\p{Script=Latin}\s'’.\-&]+$/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

function unique(items: string[]): string[] {
  return [...new Set(items.filter((item) => item.length > 0))];
}

/**
 * Parses "native|Latin|variant|..." (fields in any order; several native forms separated by "/").
 * Cyrillic entries without a Latin field get their Latin spellings from the transliteration schemes
 * that real documents use, so "Сергей" yields Sergey, Sergei, Serguei, Sergej.
 */
export function parseForm(entry: string): NameForm {
  const latin: string[] = [];
  const native: string[] = [];
  for (const field of entry.split('|')) {
    const text = field.trim();
    if (text.length === 0) continue;
    if (LATIN.test(text)) latin.push(text);
    else native.push(...text.split('/'));
  }
  const cyrillic = native.find((form) => CYRILLIC.test(form));
  if (cyrillic !== undefined) {
    for (const scheme of CYRILLIC_SCHEMES) latin.push(cyrillicToLatin(cyrillic, scheme));
  }
  const [first, ...rest] = unique(latin);
  if (first === undefined) throw new Error(`name entry without a Latin spelling: ${entry}`);
  return {
    latin: first,
    variants: unique(rest).filter((variant) => variant !== first),
    native: unique(native),
  };
}

export function parseForms(entries: readonly string[]): NameForm[] {
  return entries.map(parseForm);
}

/** A plain Latin name element with no other spellings. */
export function latinForm(text: string): NameForm {
  return { latin: text, variants: [], native: [] };
}

const ASCII_FOLDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/ß/g, 'ss'],
  [/[Łł]/g, 'l'],
  [/[Đđ]/g, 'd'],
  [/[Øø]/g, 'o'],
  [/Æ/g, 'Ae'],
  [/æ/g, 'ae'],
  [/Œ/g, 'Oe'],
  [/œ/g, 'oe'],
  [/ı/g, 'i'],
  [/İ/g, 'I'],
];

/** "Wiśniewski" → "Wisniewski", "Łukasz" → "Lukasz": how diacritics vanish on forms and cards. */
export function stripDiacritics(text: string): string {
  let out = text;
  for (const [pattern, replacement] of ASCII_FOLDS) out = out.replace(pattern, replacement);
  return out.normalize('NFD').replace(/\p{M}/gu, '');
}

/** "Müller" → "Mueller": the German convention for umlauts without the dots. */
export function germanFold(text: string): string {
  return stripDiacritics(
    text
      .replace(/Ä/g, 'Ae')
      .replace(/Ö/g, 'Oe')
      .replace(/Ü/g, 'Ue')
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue'),
  );
}

/** Every Latin spelling of a form, diacritic-free ones included. */
export function latinSpellings(form: NameForm): string[] {
  const all = [form.latin, ...form.variants];
  for (const spelling of [...all]) {
    all.push(stripDiacritics(spelling));
    if (/[äöüÄÖÜ]/.test(spelling)) all.push(germanFold(spelling));
  }
  return unique(all);
}
