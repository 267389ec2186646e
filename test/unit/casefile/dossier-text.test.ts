import { describe, expect, it } from 'vitest';
import { block, escapeText, t } from '../../../main/casefile/html-text';
import { timeText, valueText } from '../../../main/casefile/labels';
import { excerpt, messageText } from '../../../main/casefile/message-text';
import {
  chromiumExecutable,
  chromiumPrinter,
  PrintUnavailableError,
} from '../../../main/casefile/pdf-printer';

// The dossier's text: what the service and investigators wrote is printed as text, whatever it
// holds; times the same on every computer; a message's HTML read, never rendered.

describe('dossier text', () => {
  it('escapes markup and writes out invisible controls instead of obeying them', () => {
    expect(escapeText(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(escapeText('a\u202Eb\u2066c\u200Fd\u0007e\u009Bf')).toBe(
      ['a', '[U+202E]', 'b', '[U+2066]', 'c', '[U+200F]', 'd', '[U+0007]', 'e', '[U+009B]', 'f']
        .map((part) => (part.startsWith('[') ? `<span class="ctl">${part}</span>` : part))
        .join(''),
    );
    // A lone surrogate cannot be printed: shown by its code. A pair (an emoji) is kept.
    expect(escapeText('x\uD800y 😀')).toBe('x<span class="ctl">[U+D800]</span>y 😀');
    // Tabs, new lines and joiners are text, kept as they are.
    expect(escapeText('a\tb\nc\u200Dd')).toBe('a\tb\nc\u200Dd');
    expect(t('مرحبا <b>')).toBe('<bdi>مرحبا &lt;b&gt;</bdi>');
    expect(t('')).toBe('—');
    expect(block('line one\nline two')).toBe(
      '<div class="text" dir="auto">line one\nline two</div>',
    );
  });

  it('writes times in UTC to the minute, the same in any zone', () => {
    expect(timeText('2026-05-04T08:00:59+02:00')).toBe('2026-05-04 06:00 UTC');
    expect(timeText(1_709_251_200)).toBe('2024-03-01 00:00 UTC');
    expect(timeText(1_709_251_200_000)).toBe('2024-03-01 00:00 UTC');
    expect(timeText(null)).toBe('—');
    // Past what a Date holds: shown as it came, never a failed export.
    expect(timeText(1e300)).toBe('1e+300');
    expect(timeText(-9e15)).toBe('-9000000000000000');
    expect(timeText('not a date')).toBe('not a date');
  });

  it('reads a service value in words', () => {
    expect(valueText({ level: 'low', score: 18, reasons: ['PEP', 'SAN'] })).toBe(
      'level: low; score: 18; reasons: PEP, SAN',
    );
    expect(valueText({ code: 'N', label: 'Individual' })).toBe('Individual');
    expect(valueText(true)).toBe('Yes');
    expect(valueText([])).toBe('—');
  });

  it("reads a message's HTML as text: scripts and styles dropped, entities read, blocks as lines", () => {
    expect(
      messageText(
        '<style>p{}</style><p>Dear&nbsp;team,</p><div>See &lt;attached&gt; &#x41;&#66;</div><script>x()</script>Bye<br>Ann',
      ),
    ).toBe('Dear team,\nSee <attached> AB\nBye\nAnn');
    expect(excerpt('abcdef', 3)).toEqual({ text: 'abc…', truncated: true });
    expect(excerpt('😀😀😀', 2)).toEqual({ text: '😀😀…', truncated: true });
    expect(excerpt('abc', 3)).toEqual({ text: 'abc', truncated: false });
  });
});

describe('the Chromium printer', () => {
  it('says why it cannot print when there is no Chromium', async () => {
    expect(chromiumExecutable({ CASEDESK_CHROMIUM: '/nowhere/chromium' })).toBeNull();
    await expect(chromiumPrinter({ executable: null })('<p>x</p>')).rejects.toThrow(
      PrintUnavailableError,
    );
    await expect(chromiumPrinter({ executable: null })('<p>x</p>')).rejects.toThrow(
      /No Chromium was found/,
    );
  });

  it('says so when the program named is not one that prints', async () => {
    await expect(chromiumPrinter({ executable: '/bin/true' })('<p>x</p>')).rejects.toThrow(
      'Chromium ran but wrote no PDF.',
    );
    await expect(chromiumPrinter({ executable: '/bin/false' })('<p>x</p>')).rejects.toThrow(
      /Chromium stopped with exit code 1 while printing/,
    );
  });
});
