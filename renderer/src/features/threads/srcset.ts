import { judgeResourceUrl } from './css-urls';

// A srcset is a list of image candidates, and a data URL may itself hold commas, so it cannot be
// split on commas: it is read here the way the browser reads it (the HTML standard's "parse a
// srcset attribute"), and only what is clearly allowed is written back.

export interface SrcsetCandidate {
  url: string;
  /** Width (`100w`), density (`2x`) and height (`50h`) descriptors, as written. */
  descriptors: string[];
}

const WHITESPACE = /[\t\n\f\r ]/;
const WIDTH_OR_HEIGHT = /^0*[1-9][0-9]*[wh]$/;
const DENSITY = /^(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?x$/;

/** The browser ignores a candidate whose descriptors it does not understand; so does CaseDesk. */
function validDescriptors(descriptors: string[]): boolean {
  const kinds = descriptors.map((descriptor) =>
    WIDTH_OR_HEIGHT.test(descriptor) || DENSITY.test(descriptor) ? descriptor.slice(-1) : '?',
  );
  const has = (kind: string) => kinds.includes(kind);
  return (
    !has('?') &&
    new Set(kinds).size === kinds.length &&
    !(has('w') && has('x')) &&
    (has('w') || !has('h'))
  );
}

/** The candidates a browser would consider, those with descriptors it does not accept left out. */
export function parseSrcset(input: string): SrcsetCandidate[] {
  const candidates: SrcsetCandidate[] = [];
  let position = 0;
  const at = () => input.charAt(position);
  while (position < input.length) {
    while (position < input.length && (WHITESPACE.test(at()) || at() === ',')) position += 1;
    if (position >= input.length) break;

    const start = position;
    while (position < input.length && !WHITESPACE.test(at())) position += 1;
    let url = input.slice(start, position);
    const descriptors: string[] = [];

    if (url.endsWith(',')) {
      // A comma right after the URL ends the candidate: it has no descriptors.
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors run to the next comma outside parentheses (or the end).
      let current = '';
      let inParentheses = false;
      while (position < input.length) {
        const char = at();
        position += 1;
        if (inParentheses) {
          current += char;
          if (char === ')') inParentheses = false;
        } else if (WHITESPACE.test(char)) {
          if (current) descriptors.push(current);
          current = '';
        } else if (char === ',') {
          break;
        } else {
          current += char;
          if (char === '(') inParentheses = true;
        }
      }
      if (current) descriptors.push(current);
    }
    if (url && validDescriptors(descriptors)) candidates.push({ url, descriptors });
  }
  return candidates;
}

export interface FilteredSrcset {
  /** The allowed candidates, written so the browser reads them back unchanged; '' if none. */
  kept: string;
  /** Remote candidates left out that the browser would otherwise have loaded. */
  blocked: number;
}

export function filterSrcset(srcset: string, allowRemote: boolean): FilteredSrcset {
  let blocked = 0;
  const kept = parseSrcset(srcset).filter((candidate) => {
    const verdict = judgeResourceUrl(candidate.url, allowRemote);
    if (verdict === 'blocked-remote') blocked += 1;
    return verdict === 'keep';
  });
  return {
    kept: kept.map((candidate) => [candidate.url, ...candidate.descriptors].join(' ')).join(', '),
    blocked,
  };
}
