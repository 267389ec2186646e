// "The same subject" for comparison: the same person typed differently (accents, case, spacing,
// the order of the name's words) gives the same key.

const unmarked = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '');

/**
 * Lower case, accents and other marks removed (Unicode NFKD), for keys and search. Through upper
 * case first, so letters whose capitals are two letters fold alike ("ß" and "SS").
 */
export function fold(text: string): string {
  return unmarked(unmarked(text).toUpperCase().toLowerCase());
}

/** The folded words of a text: letters and digits, in order. */
export function foldedWords(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The subject's comparison key: its name's folded words, sorted. */
export function subjectKey(name: string): string {
  return foldedWords(name).sort().join(' ');
}
