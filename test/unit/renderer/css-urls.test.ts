import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rewriteCssUrls } from '../../../renderer/src/features/threads/css-urls';

/** Every remote address the browser could fetch from this CSS, seen as the browser decodes it. */
function remoteLoads(css: string): string[] {
  const decoded = css.replace(/\\([0-9a-f]{1,6})\s?|\\(.)/gi, (_m, hex: string | undefined, c) =>
    hex ? String.fromCodePoint(Number.parseInt(hex, 16) || 0xfffd) : String(c),
  );
  return decoded.match(/(?:url\(|image-set\(|@import)[^;]*?(?:https?:|\/\/)[^;)]*/gi) ?? [];
}

const HOSTILE = [
  'background:url(https://x.test/p',
  'background:url("https://x.test/p"',
  'background-image:image-set("https://x.test/a(b(c)).png" 1x)',
  'background:-webkit-image-set(url(https://x.test/a.png) 1x)',
  '@import url(https://x.test/s.css);',
  '@import "//x.test/s.css"',
  'background:\\75 rl(https://x.test/escaped)',
  'background:url(  https://x.test/spaced  )',
  'list-style:url(http://x.test/plain)',
  'content:url(//x.test/protocol-relative)',
  'background:url(data:image/png;base64,AAAA), url(https://x.test/second)',
  // Found by the property below: an inline image's bare url swallowing a remote one.
  'background:url(data:image/png;base64,AAurl(//x.test/b)',
];

describe('mail CSS loads nothing remote until the user allows it', () => {
  it.each(HOSTILE)('%s', (css) => {
    const result = rewriteCssUrls(css, false);
    expect(remoteLoads(result.css)).toEqual([]);
    expect(result.blocked).toBeGreaterThan(0);
  });

  it('keeps inline images and plain styling', () => {
    const css = 'color:red; background:url(data:image/png;base64,AAAA) no-repeat; margin:0';
    expect(rewriteCssUrls(css, false)).toEqual({ css, blocked: 0 });
  });

  it('after consent, https images stay; plain http never loads', () => {
    const allowed = rewriteCssUrls('background:url(https://x.test/a.png)', true);
    expect(allowed.css).toContain('https://x.test/a.png');
    expect(remoteLoads(rewriteCssUrls('background:url(http://x.test/a.png)', true).css)).toEqual(
      [],
    );
  });

  it('whatever fragments a mail strings together', () => {
    const fragment = fc.constantFrom(
      'url(',
      ')',
      '(',
      '"',
      "'",
      'https://x.test/a',
      '//x.test/b',
      'data:image/png;base64,AA',
      'image-set(',
      '-webkit-image-set(',
      '@import ',
      '\\75 rl(',
      '\\',
      ' 1x',
      ';',
      'background:',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 14 }), (parts) => {
        expect(remoteLoads(rewriteCssUrls(parts.join(''), false).css)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
