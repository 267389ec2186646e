// The name dictionary: every native-script spelling the tenant knows, mapped to its canonical
// Latin spelling. Screening reads non-Latin names through it (Arabic and Hebrew are written without
// vowels and Chinese characters have no spelling rule, so a dictionary beats any character rule).
import { CULTURES, SYLLABLES } from './cultures';
import { LEGAL_FORMS } from './firm-data';
import type { NameForm } from './name-form';

export interface NameDictionary {
  /** Native word → Latin spelling ('' for words to drop, such as legal forms). */
  words: ReadonlyMap<string, string>;
  /** Native entries with spaces or punctuation (عبد الله, בע״מ), longest first. */
  phrases: readonly string[];
  /** Single Chinese characters → pinyin syllable, for names the dictionary lacks. */
  characters: ReadonlyMap<string, string>;
  /** Longest native word, in characters (bounds the segmentation of unspaced scripts). */
  longest: number;
}

function build(): NameDictionary {
  const words = new Map<string, string>();
  const characters = new Map<string, string>();
  const add = (form: NameForm) => {
    for (const native of form.native) {
      if (!words.has(native)) words.set(native, form.latin);
      const syllables = SYLLABLES.get(native);
      const chars = [...native];
      if (syllables && syllables.length === chars.length) {
        chars.forEach((char, i) => characters.set(char, (syllables[i] ?? '').toLowerCase()));
      } else if (chars.length === 1 && /\p{Script=Han}/u.test(native)) {
        characters.set(native, form.latin.toLowerCase());
      }
    }
  };
  for (const culture of Object.values(CULTURES)) {
    for (const list of [
      culture.maleForms,
      culture.femaleForms,
      culture.surnameForms,
      culture.sectorForms,
      culture.stemForms,
      culture.cityForms,
    ]) {
      list.forEach(add);
    }
  }
  for (const forms of Object.values(LEGAL_FORMS)) {
    for (const [form] of forms) if (form.native) words.set(form.native, '');
  }
  for (const legal of ['شركة', 'ذ.م.م', 'Công ty']) words.set(legal, '');
  const phrases = [...words.keys()]
    .filter((key) => /[\s\p{P}]/u.test(key))
    .sort((a, b) => b.length - a.length);
  let longest = 1;
  for (const key of words.keys()) longest = Math.max(longest, [...key].length);
  return { words, phrases, characters, longest };
}

let cached: NameDictionary | null = null;

export function nameDictionary(): NameDictionary {
  cached ??= build();
  return cached;
}
