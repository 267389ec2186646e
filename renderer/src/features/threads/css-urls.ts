// Mail CSS may fetch from anywhere (url(), image-set(), @import): a tracking pixel in a background
// tells the sender the message was opened. Every such reference is rewritten before display.

export type UrlVerdict = 'keep' | 'blocked-remote' | 'drop';

/** What a mail may load: inline data images always, https only once the user allowed it. */
export function judgeResourceUrl(raw: string, allowRemote: boolean): UrlVerdict {
  // Browsers ignore control characters and spaces around URLs; so must this check.
  // eslint-disable-next-line no-control-regex
  const url = raw.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  if (url.startsWith('data:image/')) return 'keep';
  if (url.startsWith('https://')) return allowRemote ? 'keep' : 'blocked-remote';
  if (url.startsWith('http://') || url.startsWith('//')) return 'blocked-remote';
  // cid: parts, relative paths (they would resolve against CaseDesk itself) and any other scheme.
  return 'drop';
}

// An unquoted url holds no quote, bracket or space (CSS Syntax: anything else makes it a bad url).
// Matching only those keeps `url(data:…url(//remote)` from passing as one inline image: the outer
// one is left unexplained and the CSS is dropped whole below.
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'(\s]*))\s*\)/gi;
const IMAGE_SET = /(?:-webkit-)?image-set\((?:[^()]|\([^()]*\))*\)/gi;
const IMPORT_RULE = /@import[^;]*;?/gi;

/** CSS escapes (`\75 rl(`) decoded, to see what the browser would see. */
function decodeEscapes(css: string): string {
  return css.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_match, hex: string | undefined, char) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd) : String(char),
  );
}

const loaders = (css: string) => (css.match(/url\(|image-set\(|@import/gi) ?? []).length;

export interface RewrittenCss {
  css: string;
  /** Remote references removed. */
  blocked: number;
}

export function rewriteCssUrls(css: string, allowRemote: boolean): RewrittenCss {
  // A loader spelled with escapes would slip past the patterns below: such CSS is dropped whole.
  if (css.includes('\\') && loaders(decodeEscapes(css)) > loaders(css))
    return { css: '', blocked: 1 };
  let blocked = 0;
  const count = (url: string) => {
    if (judgeResourceUrl(url, false) === 'blocked-remote') blocked += 1;
  };
  const rewritten = css
    .replace(IMPORT_RULE, (rule) => {
      if (/https?:|\/\//i.test(rule)) blocked += 1;
      return '';
    })
    .replace(IMAGE_SET, (set) => {
      if (/https?:|\/\//i.test(set)) blocked += 1;
      return 'none';
    })
    .replace(
      URL_FUNCTION,
      (match, double: string | undefined, single: string | undefined, bare: string | undefined) => {
        const url = double ?? single ?? bare ?? '';
        const verdict = judgeResourceUrl(url, allowRemote);
        if (verdict === 'keep') return match;
        count(url);
        return 'none';
      },
    );
  // Fail closed: whatever loader the patterns above did not consume (an unclosed `url(` at the end,
  // nested brackets in image-set) means CSS this code does not understand, so none of it is kept.
  const unexplained = decodeEscapes(rewritten).replace(
    URL_FUNCTION,
    (match, double, single, bare) =>
      judgeResourceUrl(String(double ?? single ?? bare ?? ''), allowRemote) === 'keep' ? '' : match,
  );
  if (loaders(unexplained) > 0) return { css: '', blocked: blocked + 1 };
  return { css: rewritten, blocked };
}
