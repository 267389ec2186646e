// Script conversions. Cyrillic has several competing Latin conventions (English press, passports,
// German and French usage, scholarly), and real files mix them: the generator uses all of them to
// produce spelling variants, and screening uses one of them to compare across scripts. Greek and
// Hangul are converted by rule; Arabic and Hebrew only approximately (no vowels in the script), as
// a fallback when a word is not in the name dictionary.

export type CyrillicScheme = 'en' | 'bgn' | 'passport' | 'de' | 'fr' | 'scholarly';
export const CYRILLIC_SCHEMES: readonly CyrillicScheme[] = [
  'en',
  'bgn',
  'passport',
  'de',
  'fr',
  'scholarly',
];

// prettier-ignore
const CYRILLIC_EN: Readonly<Record<string, string>> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g',
};

const OVERRIDES: Readonly<Record<CyrillicScheme, Readonly<Record<string, string>>>> = {
  en: {},
  bgn: {},
  passport: { ё: 'e', й: 'i', ъ: 'ie', ю: 'iu', я: 'ia' },
  // prettier-ignore
  de: { в: 'w', ё: 'jo', ж: 'sch', з: 's', й: 'j', х: 'ch', ц: 'z', ч: 'tsch', ш: 'sch', щ: 'schtsch', ю: 'ju', я: 'ja' },
  // prettier-ignore
  fr: { ё: 'io', ж: 'j', й: 'ï', у: 'ou', х: 'kh', ч: 'tch', ш: 'ch', щ: 'chtch', ю: 'iou', я: 'ia' },
  // prettier-ignore
  scholarly: { ё: 'ë', ж: 'ž', й: 'j', х: 'ch', ц: 'c', ч: 'č', ш: 'š', щ: 'šč', э: 'è', ю: 'ju', я: 'ja' },
};

const CYRILLIC_VOWELS = 'аеёиоуыэюяіїє';

function capitaliseLike(source: string, output: string): string {
  if (output.length === 0 || source === source.toLowerCase()) return output;
  return output.charAt(0).toUpperCase() + output.slice(1);
}

/** Converts Cyrillic text with one convention; characters of other scripts pass through. */
export function cyrillicToLatin(text: string, scheme: CyrillicScheme): string {
  const map = { ...CYRILLIC_EN, ...OVERRIDES[scheme] };
  const lower = text.toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    const prev = i > 0 ? lower.charAt(i - 1) : ' ';
    const next = lower.charAt(i + 1);
    const atWordEnd = next === '' || !/\p{L}/u.test(next);
    const afterVowelOrStart =
      !/\p{L}/u.test(prev) || CYRILLIC_VOWELS.includes(prev) || prev === 'ь' || prev === 'ъ';
    let latin = map[char];
    if (latin === undefined) {
      out += text.charAt(i);
      continue;
    }
    // Each convention's own context rules: word-final "-ий", initial "е", "кс", intervocalic "с".
    if (char === 'и' && next === 'й' && lower.charAt(i + 2).match(/\p{L}/u) === null) {
      const ending: Record<CyrillicScheme, string> = {
        en: 'y',
        bgn: 'iy',
        passport: 'ii',
        de: 'i',
        fr: 'i',
        scholarly: 'ij',
      };
      out += capitaliseLike(text.charAt(i), ending[scheme]);
      i++;
      continue;
    }
    if (char === 'е' && afterVowelOrStart && (scheme === 'bgn' || scheme === 'de')) {
      latin = scheme === 'bgn' ? 'ye' : 'je';
    }
    if (char === 'к' && next === 'с' && (scheme === 'de' || scheme === 'fr')) {
      out += capitaliseLike(text.charAt(i), 'x');
      i++;
      continue;
    }
    const between = CYRILLIC_VOWELS.includes(prev) && CYRILLIC_VOWELS.includes(next);
    if (char === 'с' && between && (scheme === 'de' || scheme === 'fr')) latin = 'ss';
    if (char === 'г' && scheme === 'fr' && 'еиы'.includes(next)) latin = 'gu';
    // After ж, ч, ш, щ the German convention writes ё as a plain o (Chruschtschow).
    if (char === 'ё' && scheme === 'de' && 'жчшщ'.includes(prev)) latin = 'o';
    if (char === 'й' && atWordEnd && scheme === 'fr') latin = 'ï';
    out += capitaliseLike(text.charAt(i), latin);
  }
  return out;
}

// prettier-ignore
const GREEK: Readonly<Record<string, string>> = {
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l',
  μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f',
  χ: 'ch', ψ: 'ps', ω: 'o',
};

/** ELOT 743-style Greek romanisation (accents dropped, common digraphs kept). */
export function greekToLatin(text: string): string {
  const lower = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (let i = 0; i < lower.length; i++) {
    const pair = lower.slice(i, i + 2);
    if (pair === 'ου') out += 'ou';
    else if (pair === 'αυ') out += 'av';
    else if (pair === 'ευ') out += 'ev';
    else if (pair === 'γγ') out += 'ng';
    else if (pair === 'μπ') out += i === 0 ? 'b' : 'mp';
    else {
      out += GREEK[lower.charAt(i)] ?? lower.charAt(i);
      continue;
    }
    i++;
  }
  return out;
}

// prettier-ignore
const HANGUL_INITIALS = ['g', 'kk', 'n', 'd', 'tt', 'r', 'm', 'b', 'pp', 's', 'ss', '', 'j', 'jj', 'ch', 'k', 't', 'p', 'h'];
// prettier-ignore
const HANGUL_VOWELS = ['a', 'ae', 'ya', 'yae', 'eo', 'e', 'yeo', 'ye', 'o', 'wa', 'wae', 'oe', 'yo', 'u', 'wo', 'we', 'wi', 'yu', 'eu', 'ui', 'i'];
// prettier-ignore
const HANGUL_FINALS = ['', 'k', 'k', 'k', 'n', 'n', 'n', 't', 'l', 'k', 'm', 'l', 'l', 'l', 'p', 'l', 'm', 'p', 'p', 't', 't', 'ng', 't', 't', 'k', 't', 'p', 't'];

/** Revised Romanisation of Korean, syllable by syllable (no sound-change rules). */
export function hangulToLatin(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0xac00 || code > 0xd7a3) {
      out += char;
      continue;
    }
    const index = code - 0xac00;
    const initial = HANGUL_INITIALS[Math.floor(index / 588)] ?? '';
    const vowel = HANGUL_VOWELS[Math.floor((index % 588) / 28)] ?? '';
    const final = HANGUL_FINALS[index % 28] ?? '';
    out += initial + vowel + final;
  }
  return out;
}

// prettier-ignore
const ARABIC: Readonly<Record<string, string>> = {
  ا: 'a', أ: 'a', إ: 'i', آ: 'a', ب: 'b', ت: 't', ث: 'th', ج: 'j', ح: 'h', خ: 'kh', د: 'd',
  ذ: 'dh', ر: 'r', ز: 'z', س: 's', ش: 'sh', ص: 's', ض: 'd', ط: 't', ظ: 'z', ع: '', غ: 'gh',
  ف: 'f', ق: 'q', ك: 'k', ل: 'l', م: 'm', ن: 'n', ه: 'h', و: 'u', ي: 'i', ى: 'a', ة: 'a', ء: '',
  ؤ: 'u', ئ: 'i',
};

/** Consonant-skeleton romanisation of Arabic: a last resort, the dictionary knows better. */
export function arabicToLatin(text: string): string {
  let out = '';
  for (const char of text.replace(/\p{M}/gu, '')) out += ARABIC[char] ?? char;
  return out;
}

// prettier-ignore
const HEBREW: Readonly<Record<string, string>> = {
  א: 'a', ב: 'v', ג: 'g', ד: 'd', ה: 'h', ו: 'o', ז: 'z', ח: 'ch', ט: 't', י: 'i', כ: 'k',
  ך: 'k', ל: 'l', מ: 'm', ם: 'm', נ: 'n', ן: 'n', ס: 's', ע: 'a', פ: 'p', ף: 'f', צ: 'ts',
  ץ: 'ts', ק: 'k', ר: 'r', ש: 'sh', ת: 't',
};

/** Approximate Hebrew romanisation, as a last resort after the dictionary. */
export function hebrewToLatin(text: string): string {
  let out = '';
  for (const char of text.replace(/\p{M}/gu, '')) out += HEBREW[char] ?? char;
  return out;
}

export type Script =
  'latin' | 'cyrillic' | 'greek' | 'arabic' | 'hebrew' | 'hangul' | 'cjk' | 'other';

export function scriptOf(text: string): Script {
  if (/\p{Script=Cyrillic}/u.test(text)) return 'cyrillic';
  if (/\p{Script=Greek}/u.test(text)) return 'greek';
  if (/\p{Script=Arabic}/u.test(text)) return 'arabic';
  if (/\p{Script=Hebrew}/u.test(text)) return 'hebrew';
  if (/\p{Script=Hangul}/u.test(text)) return 'hangul';
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'cjk';
  if (/\p{Script=Latin}/u.test(text)) return 'latin';
  return 'other';
}
