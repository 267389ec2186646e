import type { PressTextPiece } from '../../preload/contract';
import { shortestEdit, type EditOp } from './shortest-edit';

// Word-level differences between two summaries of a subject's press reports (issue 14).
//
// Hand-written rather than a dependency: the summaries need words, whitespace runs and each
// punctuation mark as tokens, whitespace kept exactly (joining one side's pieces gives that side's
// text), and a hard bound on work for texts of any size. Myers' O((N+M)·D) algorithm over the
// tokens left once the common start and end are set aside does that in ~100 lines; past the bound
// the differing middle is given as one removal and one addition, which is still true, only
// coarser.

/** Steps Myers may take on one pair of texts: a few milliseconds, and room for ~1,400 edits. */
const WORK_BUDGET = 1_000_000;

// A run of whitespace, a run of letters, digits and marks (a word in any script), or any other
// single character (punctuation, a symbol, a lone surrogate): together they cover every string.
const TOKEN = /\s+|[\p{L}\p{N}\p{M}]+|[^\s\p{L}\p{N}\p{M}]/gu;

function tokenize(text: string): string[] {
  const tokens = text.match(TOKEN) ?? [];
  // The pattern matches every character; should a string ever escape it, it stays whole.
  return tokens.join('') === text ? tokens : [text];
}

/** Token texts to numbers, so the inner loop compares integers. */
function numberTokens(a: string[], b: string[]): [Int32Array, Int32Array] {
  const numbers = new Map<string, number>();
  const toNumbers = (tokens: string[]) => {
    const numbered = new Int32Array(tokens.length);
    for (let index = 0; index < tokens.length; index += 1) {
      const token = tokens[index] ?? '';
      let number = numbers.get(token);
      if (number === undefined) {
        number = numbers.size;
        numbers.set(token, number);
      }
      numbered[index] = number;
    }
    return numbered;
  };
  return [toNumbers(a), toNumbers(b)];
}

/**
 * Turns one op per token into pieces: neighbours of one kind joined, and each run of changes
 * (whitespace left unchanged between two changes included) given as its removals, then its
 * additions, so "alpha beta" → "one two" reads as one change, not word by word.
 */
function toPieces(ops: EditOp[], a: string[], b: string[]): PressTextPiece[] {
  const pieces: PressTextPiece[] = [];
  let removed = '';
  let added = '';
  let same = '';
  let inChange = false;
  const flushChange = () => {
    if (removed) pieces.push({ op: 'removed', text: removed });
    if (added) pieces.push({ op: 'added', text: added });
    removed = '';
    added = '';
    inChange = false;
  };
  let x = 0;
  let y = 0;
  for (const op of ops) {
    if (op === 'same') {
      same += a[x] ?? '';
      x += 1;
      y += 1;
      continue;
    }
    if (same) {
      // Whitespace alone between two changes belongs to the change on both sides.
      if (inChange && same.trim() === '') {
        removed += same;
        added += same;
      } else {
        flushChange();
        pieces.push({ op: 'same', text: same });
      }
      same = '';
    }
    inChange = true;
    if (op === 'removed') {
      removed += a[x] ?? '';
      x += 1;
    } else {
      added += b[y] ?? '';
      y += 1;
    }
  }
  flushChange();
  if (same) pieces.push({ op: 'same', text: same });
  return pieces;
}

/** Word-level differences from `before` to `after`, whitespace kept exactly on both sides. */
export function diffWords(before: string, after: string): PressTextPiece[] {
  if (before === after) return before ? [{ op: 'same', text: before }] : [];
  const a = tokenize(before);
  const b = tokenize(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  ) {
    end += 1;
  }
  const middleA = a.slice(start, a.length - end);
  const middleB = b.slice(start, b.length - end);
  // The middle starts and ends with a difference, so no piece of it joins the common ends.
  const ops =
    middleA.length > 0 && middleB.length > 0
      ? shortestEdit(...numberTokens(middleA, middleB), WORK_BUDGET)
      : null;
  const middle: PressTextPiece[] = ops
    ? toPieces(ops, middleA, middleB)
    : [
        { op: 'removed', text: middleA.join('') },
        { op: 'added', text: middleB.join('') },
      ];
  return [
    { op: 'same' as const, text: a.slice(0, start).join('') },
    ...middle,
    { op: 'same' as const, text: a.slice(a.length - end).join('') },
  ].filter((piece) => piece.text.length > 0);
}
