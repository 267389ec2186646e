import { describe, expect, it } from 'vitest';
import { frameDocument } from '../../../renderer/src/features/threads/mail-frame-document';
import { looksLikeHtml, sanitizeMail } from '../../../renderer/src/features/threads/sanitize-mail';

const PLAIN = `Hello,

On Monday Jane Doe <jane.doe@example.com> wrote:
> Please send the <address> of the branch.
>   Indented  twice.

Regards`;

describe('a plain-text mail body', () => {
  it('is taken for text although it quotes addresses in angle brackets', () => {
    expect(looksLikeHtml(PLAIN)).toBe(false);
    expect(looksLikeHtml('<p>Hello</p>')).toBe(true);
    expect(looksLikeHtml('<!DOCTYPE html><html><body>x</body></html>')).toBe(true);
    expect(looksLikeHtml('Hi<br/>there')).toBe(true);
  });

  it('is shown as written: escaped, every line break and space kept, addresses as text', () => {
    const shown = sanitizeMail(PLAIN, false);
    expect(shown.html).toContain('&lt;jane.doe@example.com&gt;');
    expect(shown.html).toContain('&lt;address&gt;');
    expect(shown.html).not.toMatch(/<(?!\/?div)/);
    // White space is kept by the frame's `pre-wrap`, so the text itself is unchanged.
    const text = shown.html
      .replace(/^<div class="plain-text">|<\/div>$/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(text).toBe(PLAIN);
  });

  it('is laid out with its white space kept, in the scheme asked for', () => {
    const light = frameDocument(sanitizeMail(PLAIN, false).html, false, 'light');
    const dark = frameDocument(sanitizeMail(PLAIN, false).html, false, 'dark');
    expect(light).toMatch(
      /\.plain-text \{ white-space: pre-wrap; \}|pre, \.plain-text \{ white-space: pre-wrap; \}/,
    );
    expect(light).toContain('<html data-scheme="light">');
    expect(dark).toContain('<html data-scheme="dark">');
    expect(dark).toContain('<meta name="color-scheme" content="dark">');
    expect(dark).toContain(':root[data-scheme="dark"] { color-scheme: dark; }');
  });
});
