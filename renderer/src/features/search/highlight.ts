// Which parts of a title the search matched. The cache matches each word of the query against the
// beginnings of words, ignoring case and accents; the highlight follows the same rule so it marks
// exactly what made the title match.

export interface Segment {
  text: string;
  match: boolean;
}

const WORD = /([\p{L}\p{N}]+)/u;

/** One character as the index compares it: no accents, lower case. */
const fold = (character: string) => character.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const foldAll = (text: string) => Array.from(text).map(fold).join('');

/** The query's words, as the cache's search splits them. */
export function searchTerms(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8)
    .map(foldAll)
    .filter(Boolean);
}

/** How many characters at the start of `word` spell `term`; 0 when the word does not start with it. */
function prefixLength(word: string, term: string): number {
  const characters = Array.from(word);
  let spelled = '';
  for (let index = 0; index < characters.length; index++) {
    spelled += fold(characters[index] ?? '');
    if (spelled.length >= term.length) {
      return spelled.startsWith(term) ? characters.slice(0, index + 1).join('').length : 0;
    }
    if (!term.startsWith(spelled)) return 0;
  }
  return 0;
}

/**
 * The title cut into matched and unmatched runs, in order; joined they give the title back. A
 * one-letter word of the query ("S.A.", an initial) would mark a letter of nearly every title,
 * so it is marked only when the query has nothing longer.
 */
export function highlight(title: string, query: string[]): Segment[] {
  const longer = query.filter((term) => term.length > 1);
  const terms = longer.length ? longer : query;
  const segments: Segment[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const previous = segments.at(-1);
    if (previous && previous.match === match) previous.text += text;
    else segments.push({ text, match });
  };
  for (const part of title.split(WORD)) {
    if (!WORD.test(part)) {
      push(part, false);
      continue;
    }
    const matched = Math.max(0, ...terms.map((term) => prefixLength(part, term)));
    push(part.slice(0, matched), true);
    push(part.slice(matched), false);
  }
  return segments;
}
