import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LINK_KINDS, noteLinks, noteSegments } from '../../../preload/contract';

// A note's text cut into plain pieces and links to other records (`customer:C-1`), for the screens
// to show as text and links: nothing of the text may be lost, changed or added on the way.

const HOSTILE = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert:1">',
  '\u202Egnp.exe\u202C',
  '\u2067عربي\u2069 \u200F',
  '&amp;&lt;b&gt;',
  '\u0000\uFEFF',
  '\uD83D lone \uDE00 halves',
  '\uD800',
  '\uDFFF',
  '🏳️‍🌈 e\u0301 👩‍👩‍👧',
  '',
  '   ',
];
const PIECES = [
  ...LINK_KINDS.map((kind) => `${kind}:`),
  'C-1',
  '42',
  't9',
  'xalert:3',
  '.',
  ',',
  ';',
  ':',
  '!?',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '<',
  '>',
  ' ',
  '\n',
  '\t',
  '\u00A0',
  '\u3000',
  '_',
  'é',
];
const piece = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...PIECES) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
);
/** Any text, biased towards texts full of links, near-links and what surrounds them. */
const noteText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.array(piece, { maxLength: 80 }).map((pieces) => pieces.join('')),
);

describe('noteSegments', () => {
  it('gives back the text exactly when its segments are joined, whatever it holds', () => {
    fc.assert(
      fc.property(noteText, (text) => {
        const segments = noteSegments(text);
        expect(segments.map((segment) => segment.text).join('')).toBe(text);
        // No empty piece, and no two plain pieces side by side.
        segments.forEach((segment, index) => {
          expect(segment.text).not.toBe('');
          if (index > 0 && !segment.link) expect(segments[index - 1]?.link).not.toBeNull();
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('makes a link only of a kind, a colon and an id, as written', () => {
    fc.assert(
      fc.property(noteText, (text) => {
        for (const { text: written, link } of noteSegments(text)) {
          if (!link) continue;
          expect(written).toBe(`${link.kind}:${link.id}`);
          expect(LINK_KINDS).toContain(link.kind);
          expect(link.id.length).toBeGreaterThan(0);
          expect(link.id.length).toBeLessThanOrEqual(256);
          expect(link.id).not.toMatch(/[\s<>()[\]{}"'\p{Cc}\p{Cf}]/u);
          expect(link.id).not.toMatch(/[.,;:!?]$/);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it('cuts a sentence into text and links, the punctuation after a link left as text', () => {
    expect(noteSegments('See customer:C-1. and alert:42, (thread:t9)')).toEqual([
      { text: 'See ', link: null },
      { text: 'customer:C-1', link: { kind: 'customer', id: 'C-1' } },
      { text: '. and ', link: null },
      { text: 'alert:42', link: { kind: 'alert', id: '42' } },
      { text: ', (', link: null },
      { text: 'thread:t9', link: { kind: 'thread', id: 't9' } },
      { text: ')', link: null },
    ]);
  });

  it('keeps markup and bidi controls as text around a link', () => {
    expect(noteSegments('<b>alert:7</b>\u202Ekyt:k-1\u202C')).toEqual([
      { text: '<b>', link: null },
      { text: 'alert:7', link: { kind: 'alert', id: '7' } },
      { text: '</b>\u202E', link: null },
      { text: 'kyt:k-1', link: { kind: 'kyt', id: 'k-1' } },
      { text: '\u202C', link: null },
    ]);
  });

  it('ends an id at an invisible control: a direction mark after it, a zero-width space', () => {
    // Right-to-left text marks the end of a left-to-right id with U+200F (RLM).
    expect(noteLinks('راجع alert:42\u200F.')).toEqual([{ kind: 'alert', id: '42' }]);
    expect(noteLinks('customer:C-1\u200B\u2069 thread:t9\u0007')).toEqual([
      { kind: 'customer', id: 'C-1' },
      { kind: 'thread', id: 't9' },
    ]);
    expect(noteLinks('alert:\u200E42')).toEqual([]);
  });

  it('a text without links is one plain piece; an empty text none', () => {
    expect(noteSegments('Called, no answer.')).toEqual([
      { text: 'Called, no answer.', link: null },
    ]);
    expect(noteSegments('')).toEqual([]);
  });
});

describe('noteLinks', () => {
  it('finds links with no trailing punctuation', () => {
    expect(noteLinks('See customer:C-1. and alert:42, (thread:t9)')).toEqual([
      { kind: 'customer', id: 'C-1' },
      { kind: 'alert', id: '42' },
      { kind: 'thread', id: 't9' },
    ]);
    expect(noteLinks('Is it document:d1? Yes: press:p-2! Then kyt:k3;')).toEqual([
      { kind: 'document', id: 'd1' },
      { kind: 'press', id: 'p-2' },
      { kind: 'kyt', id: 'k3' },
    ]);
    // Punctuation inside an id is part of it.
    expect(noteLinks('message:a.b,c done')).toEqual([{ kind: 'message', id: 'a.b,c' }]);
  });

  it('only from a word’s start: xalert:3 and alert_x are text', () => {
    expect(noteLinks('xalert:3')).toEqual([]);
    expect(noteLinks('_alert:3 9alert:3 éalert:3')).toEqual([]);
    expect(noteLinks('-alert:3')).toEqual([{ kind: 'alert', id: '3' }]);
  });

  it('not a kind it does not know, nor a kind without an id', () => {
    expect(noteLinks('user:5 Alert:5 alert: 5 alert:')).toEqual([]);
    // Punctuation alone is the end of a sentence, not an id.
    expect(noteLinks('alert:... customer:, thread:!? document:.')).toEqual([]);
  });

  it('each link once, in the order it first appears', () => {
    expect(noteLinks('alert:42, customer:C-1 and alert:42 again (alert:42)')).toEqual([
      { kind: 'alert', id: '42' },
      { kind: 'customer', id: 'C-1' },
    ]);
    // The same id under another kind is another record.
    expect(noteLinks('alert:1 thread:1')).toHaveLength(2);
  });

  it('not an id longer than an id can be', () => {
    expect(noteLinks(`alert:${'9'.repeat(257)} alert:${'8'.repeat(256)}`)).toEqual([
      { kind: 'alert', id: '8'.repeat(256) },
    ]);
  });

  it('lists every linked segment once, whatever the text', () => {
    fc.assert(
      fc.property(noteText, (text) => {
        const links = noteLinks(text);
        const keys = links.map((link) => `${link.kind}:${link.id}`);
        expect(new Set(keys).size).toBe(keys.length);
        const segmentKeys = noteSegments(text).flatMap(({ link }) =>
          link ? [`${link.kind}:${link.id}`] : [],
        );
        expect(keys).toEqual([...new Set(segmentKeys)]);
      }),
      { numRuns: 500 },
    );
  });
});
