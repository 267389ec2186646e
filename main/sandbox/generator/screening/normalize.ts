// Name normalisation for matching: any script to lower-case ASCII Latin tokens, without
// diacritics, punctuation, name particles or (for firms) legal forms, with known spelling
// equivalents folded together.
import { nameDictionary } from '../names/dictionary';
import { stripDiacritics } from '../names/name-form';
import {
  arabicToLatin,
  cyrillicToLatin,
  greekToLatin,
  hangulToLatin,
  hebrewToLatin,
  scriptOf,
} from '../names/transliterate';
import { canonicalToken } from './equivalents';

/** Joining words and particles that carry no identity (al-, bin, van der, de, dos ...). */
// prettier-ignore
const PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'ul', 'bin', 'ibn', 'bint', 'ben', 'van', 'von', 'der', 'den', 'de', 'da', 'di', 'du',
  'des', 'del', 'della', 'dos', 'das', 'do', 'la', 'y', 'e', 'i', 'und', 'and', 'et', 'the', 've', 'of',
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sheikh',
]);

/** Legal-form token sequences stripped from the ends of firm names. */
// prettier-ignore
const LEGAL_SEQUENCES: readonly (readonly string[])[] = [
  'gmbh co kg', 'ug haftungsbeschrankt', 'gmbh', 'ag', 'kg', 'ohg', 'se', 'ltd', 'limited', 'plc',
  'llp', 'llc', 'inc', 'corp', 'corporation', 'incorporated', 'co ltd', 'company', 'co', 'pty ltd',
  'pte ltd', 'pvt ltd', 'private limited', 'sa', 's a', 'sarl', 's a r l', 'sas', 's a s', 'eurl',
  'srl', 's r l', 'spa', 's p a', 's a s', 'sl', 's l', 'lda', 'ltda', 'sa de cv', 's a de c v',
  'bv', 'b v', 'nv', 'n v', 'sp z o o', 'sp zoo', 's r o', 'a s', 'ooo', 'oao', 'zao', 'ao', 'pao',
  'too', 'tov', 'a s', 'ltd sti', 'kk', 'k k', 'jsc', 'fze', 'fzco', 'fz llc', 'dmcc', 'wll', 'w l l',
  'sae', 's a e', 'sal', 's a l', 'sac', 's a c', 'ca', 'c a', 'spc', 'dac', 'anstalt', 'stiftung',
  'scsp', 'sam', 'cong ty tnhh', 'cong ty co phan', 'tnhh', 'llc fz', 'a e', 'e p e', 'epe',
]
  .map((text) => text.split(' '))
  .sort((a, b) => b.length - a.length);

/** Words common to many firm names: they count little and never serve as a blocking key. */
// prettier-ignore
export const GENERIC_FIRM_WORDS: ReadonlySet<string> = new Set([
  'holding', 'holdings', 'group', 'trading', 'trade', 'international', 'investment', 'investments',
  'invest', 'capital', 'global', 'services', 'service', 'consulting', 'management', 'enterprises',
  'industries', 'industrial', 'ventures', 'partners', 'general', 'import', 'export', 'logistics',
  'technologies', 'technology', 'properties', 'assets', 'sons', 'brothers', 'europe', 'handel',
  'beteiligungen', 'participations', 'inversiones', 'investimentos', 'servicios', 'servizi',
  'comercial', 'commerciale', 'ticaret', 'sanayi', 'shoji', 'bussan', 'kogyo', 'construction',
  'shipping', 'real', 'estate', 'uk', 'deutschland', 'france', 'polska', 'america', 'middle', 'east',
]);

function transliterateWord(word: string): string {
  const dictionary = nameDictionary();
  const known = dictionary.words.get(word);
  if (known !== undefined) return known;
  switch (scriptOf(word)) {
    case 'cyrillic':
      return cyrillicToLatin(word, 'en');
    case 'greek': {
      const plain = word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
      return dictionary.words.get(plain) ?? greekToLatin(word);
    }
    case 'arabic': {
      const withoutArticle = word.startsWith('ال') ? word.slice(2) : word;
      return dictionary.words.get(withoutArticle) ?? arabicToLatin(withoutArticle);
    }
    case 'hebrew':
      return hebrewToLatin(word);
    case 'hangul':
    case 'cjk':
      return segmentUnspaced(word);
    default:
      return word;
  }
}

/** Splits a run of Chinese, Japanese or Korean characters into dictionary words, longest first. */
function segmentUnspaced(run: string): string {
  const dictionary = nameDictionary();
  const chars = [...run];
  const out: string[] = [];
  let i = 0;
  while (i < chars.length) {
    let matched = false;
    for (let length = Math.min(dictionary.longest, chars.length - i); length > 0; length--) {
      const piece = chars.slice(i, i + length).join('');
      const latin = dictionary.words.get(piece);
      if (latin !== undefined) {
        if (latin !== '') out.push(latin);
        i += length;
        matched = true;
        break;
      }
    }
    if (matched) continue;
    const char = chars[i] ?? '';
    out.push(
      dictionary.characters.get(char) ?? (scriptOf(char) === 'hangul' ? hangulToLatin(char) : ''),
    );
    i++;
  }
  return out.join(' ');
}

/** Any-script text → Latin text (case and diacritics untouched). */
export function toLatinScript(text: string): string {
  if (/^[\p{Script=Latin}\p{Script=Common}\p{M}]*$/u.test(text)) return text;
  let working = text;
  for (const phrase of nameDictionary().phrases) {
    if (working.includes(phrase)) {
      working = working.split(phrase).join(` ${nameDictionary().words.get(phrase) ?? ''} `);
    }
  }
  return working
    .split(/([\s\p{P}«»]+)/u)
    .map((part) =>
      /[\p{L}]/u.test(part) && scriptOf(part) !== 'latin' ? transliterateWord(part) : part,
    )
    .join('');
}

function stripLegalForms(tokens: string[]): string[] {
  let out = tokens;
  let changed = true;
  while (changed && out.length > 1) {
    changed = false;
    for (const sequence of LEGAL_SEQUENCES) {
      const n = sequence.length;
      if (out.length <= n) continue;
      const tail = out.slice(out.length - n);
      if (tail.every((token, i) => token === sequence[i])) {
        out = out.slice(0, out.length - n);
        changed = true;
        break;
      }
      const head = out.slice(0, n);
      if (head.every((token, i) => token === sequence[i])) {
        out = out.slice(n);
        changed = true;
        break;
      }
    }
  }
  return out;
}

/**
 * Normalised tokens of a name. Hyphenated parts are joined (Jean-Pierre, Min-jun), Arabic
 * article prefixes dropped (al-Rashid → rashid), apostrophes removed (O'Brien → obrien).
 */
export function nameTokens(text: string, firm: boolean): string[] {
  if (text.length === 0) return [];
  const latin = stripDiacritics(toLatinScript(text)).toLowerCase();
  const cleaned = latin
    .replace(/['’`´ʼ]/g, '')
    .replace(/\b(al|el|ul|ad|ar|as|ash|at|az|an|ad)-/g, '')
    .replace(/(\p{L})-(?=\p{L})/gu, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (cleaned.length === 0) return [];
  let tokens = cleaned.split(' ');
  if (firm) tokens = stripLegalForms(tokens);
  const kept = tokens.filter((token) => !PARTICLES.has(token));
  return (kept.length > 0 ? kept : tokens).map(canonicalToken);
}
