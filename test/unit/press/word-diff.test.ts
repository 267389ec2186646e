import { describe, expect, it } from 'vitest';
import type { PressTextPiece } from '../../../preload/contract';
import { diffWords } from '../../../main/press/word-diff';

const side = (pieces: PressTextPiece[], skip: PressTextPiece['op']) =>
  pieces
    .filter((piece) => piece.op !== skip)
    .map((piece) => piece.text)
    .join('');

describe('word differences between two summaries', () => {
  it('gives one unchanged piece for equal texts and none for two empty ones', () => {
    expect(diffWords('Same text.', 'Same text.')).toEqual([{ op: 'same', text: 'Same text.' }]);
    expect(diffWords('', '')).toEqual([]);
  });

  it('gives the whole text as added or removed when the other side is empty', () => {
    expect(diffWords('', 'New text')).toEqual([{ op: 'added', text: 'New text' }]);
    expect(diffWords('Old text', '')).toEqual([{ op: 'removed', text: 'Old text' }]);
  });

  it('marks whole words, with punctuation apart', () => {
    expect(diffWords('He was fined.', 'He was fined twice.')).toEqual([
      { op: 'same', text: 'He was fined' },
      { op: 'added', text: ' twice' },
      { op: 'same', text: '.' },
    ]);
  });

  it('reads a run of changed words as one change rather than word by word', () => {
    expect(diffWords('alpha beta gamma delta', 'one two gamma delta')).toEqual([
      { op: 'removed', text: 'alpha beta' },
      { op: 'added', text: 'one two' },
      { op: 'same', text: ' gamma delta' },
    ]);
  });

  it('keeps whitespace exactly, changes of whitespace included', () => {
    const before = 'Line one.\n\nLine  two.\t';
    const after = 'Line one.\nLine two.';

    const pieces = diffWords(before, after);

    expect(side(pieces, 'added')).toBe(before);
    expect(side(pieces, 'removed')).toBe(after);
    expect(pieces.some((piece) => piece.op !== 'same')).toBe(true);
  });

  it('treats words of any script as words', () => {
    expect(diffWords('Иван Петров осуждён', 'Иван Петров оправдан')).toEqual([
      { op: 'same', text: 'Иван Петров ' },
      { op: 'removed', text: 'осуждён' },
      { op: 'added', text: 'оправдан' },
    ]);
  });

  it('finds every change in a long summary with a few words changed', () => {
    const words = Array.from({ length: 5000 }, (_, index) => `w${index}`);
    const changed = words.map((word, index) => (index % 250 === 7 ? `${word}x` : word));

    const pieces = diffWords(words.join(' '), changed.join(' '));

    expect(pieces.filter((piece) => piece.op === 'removed')).toHaveLength(20);
    expect(pieces.filter((piece) => piece.op === 'added').map((piece) => piece.text)).toEqual(
      changed.filter((_, index) => index % 250 === 7),
    );
  });

  it('bounds its work on huge, wholly rewritten texts: the differing middle removed, then added', () => {
    // A word every thousand is kept, so a full word diff would find it; past the bound, the
    // middle is given as one removal and one addition instead (an unbounded diff of these texts
    // takes minutes, far past the test's time-out).
    const words = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) =>
        index % 1000 === 0 ? 'fraud' : `${prefix}${index}`,
      ).join(' ');
    const before = `Start. ${words('a', 100_000)} End.`;
    const after = `Start. ${words('b', 100_000)} End.`;

    const pieces = diffWords(before, after);

    expect(pieces.map((piece) => piece.op)).toEqual(['same', 'removed', 'added', 'same']);
    expect(side(pieces, 'added')).toBe(before);
    expect(side(pieces, 'removed')).toBe(after);
  });
});
