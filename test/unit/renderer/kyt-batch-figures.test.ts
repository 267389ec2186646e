import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KytBatchState } from '../../../preload/contract';
import { batchView } from '../../support/kyt-batch-view';
import {
  batchActions,
  batchFigures,
  inDoubtHref,
  inDoubtLinkText,
  lineReason,
  newestFirst,
  progressShare,
  progressText,
  secondsLeft,
  waitingText,
  withdrawnLines,
} from '../../../renderer/src/features/kyt/batch/batch-figures';

// What a batch's card says of it: its figures, its progress, its wait, what can be done with it.

const STATES: KytBatchState[] = ['ready', 'running', 'paused', 'cancelled', 'done'];

describe('a batch’s progress', () => {
  it('counts the valid lines it is past, out of the valid lines', () => {
    const batch = batchView();
    expect(progressShare(batch)).toBeCloseTo(4 / 9);
    expect(progressText(batch)).toBe('4 of 9 lines sent');
    expect(progressShare(batchView({ state: 'done', sent: 9, remaining: 0 }))).toBe(1);
  });

  it('has nothing to show for a file whose every line is invalid', () => {
    const batch = batchView({ lines: 3, invalid: 3, sent: 0, scored: 0, refused: 0, remaining: 0 });
    expect(progressShare(batch)).toBeNull();
    expect(progressText(batch)).toBe('No line of this file can be sent.');
  });

  it('stays between 0 and 1 whatever figures main sends, odd ones included', () => {
    const count = fc.integer({ min: -5, max: 100_000 });
    fc.assert(
      fc.property(
        fc.record({
          lines: count,
          invalid: count,
          sent: count,
          remaining: count,
          state: fc.constantFrom(...STATES),
        }),
        (figures) => {
          const share = progressShare(batchView(figures));
          if (share !== null) {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(1);
          }
          expect(withdrawnLines(batchView(figures))).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('a batch’s figures', () => {
  it('are the lines, invalid, sent, scored, refused, in doubt and remaining, problems flagged', () => {
    const figures = batchFigures(batchView({ inDoubt: 2 }));
    expect(figures.map((figure) => [figure.label, figure.value, figure.tone])).toEqual([
      ['Lines', 10, 'plain'],
      ['Invalid', 1, 'danger'],
      ['Sent', 4, 'plain'],
      ['Scored', 3, 'plain'],
      ['Refused', 1, 'danger'],
      ['In doubt', 2, 'warning'],
      ['Remaining', 5, 'plain'],
    ]);
  });

  it('of a cancelled batch add the lines withdrawn (neither sent nor left to send)', () => {
    const batch = batchView({ state: 'cancelled', sent: 4, remaining: 0 });
    expect(withdrawnLines(batch)).toBe(5);
    expect(batchFigures(batch).at(-1)).toMatchObject({ key: 'withdrawn', value: 5 });
    expect(progressText(batch)).toBe('9 of 9 lines sent or withdrawn');
    expect(withdrawnLines(batchView({ state: 'paused' }))).toBe(0);
  });
});

describe('a wait the service asked for', () => {
  it('counts down from when the figure arrived, in whole seconds, never below 0', () => {
    expect(secondsLeft(12, 1_000, 1_000)).toBe(12);
    expect(secondsLeft(12, 1_000, 1_500)).toBe(12);
    expect(secondsLeft(12, 1_000, 2_000)).toBe(11);
    expect(secondsLeft(12, 1_000, 60_000)).toBe(0);
    expect(secondsLeft(0, 1_000, 1_000)).toBe(0);
    expect(secondsLeft(Number.NaN, 1_000, 1_000)).toBe(0);
  });

  it('is said as the service’s request to slow down', () => {
    expect(waitingText(12)).toBe('waiting 12 s: the service asked to slow down');
    // Counted down before main says it goes on: no "waiting 0 s".
    expect(waitingText(0)).toBe('waiting: the service asked to slow down');
  });
});

describe('what can be done with a batch', () => {
  it('depends on its state: start when ready, pause when sending, resume when paused', () => {
    expect(STATES.map((state) => [state, batchActions(batchView({ state }))])).toEqual([
      ['ready', { start: true, pause: false, resume: false, cancel: true }],
      ['running', { start: false, pause: true, resume: false, cancel: true }],
      ['paused', { start: false, pause: false, resume: true, cancel: true }],
      ['cancelled', { start: false, pause: false, resume: false, cancel: false }],
      ['done', { start: false, pause: false, resume: false, cancel: false }],
    ]);
  });
});

describe('lines in doubt', () => {
  it('link to the KYT list filtered by status and batch, whatever the batch id holds', () => {
    expect(inDoubtHref('b1')).toBe('#/kyt?status=in-doubt&batch=b1');
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        const href = inDoubtHref(id);
        const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
        expect(query.get('status')).toBe('in-doubt');
        expect(query.get('batch')).toBe(id);
        expect(href.startsWith('#/kyt?')).toBe(true);
      }),
    );
  });

  it('are counted in the link’s words', () => {
    expect(inDoubtLinkText(1)).toMatch(/^Decide on the line in doubt/);
    expect(inDoubtLinkText(1204)).toMatch(/^Decide on the 1,204 lines in doubt/);
  });
});

describe('a problem line', () => {
  it('gives main’s reason as it is, and words of its own only when main gave none', () => {
    const line = { line: 4, submissionId: null, score: null, state: null };
    expect(lineReason({ ...line, status: 'invalid', error: 'amount: "abc" is not a number' })).toBe(
      'amount: "abc" is not a number',
    );
    expect(lineReason({ ...line, status: 'invalid', error: null })).toMatch(/could not be read/);
    expect(lineReason({ ...line, status: 'refused', error: '  ' })).toMatch(/without saying why/);
    expect(lineReason({ ...line, status: 'in-doubt', error: null })).toMatch(
      /Send it again or mark it as sent/,
    );
  });
});

describe('the list of batches', () => {
  it('is newest first; a date that cannot be read goes last, in the order main gave', () => {
    const order = newestFirst([
      batchView({ id: 'old', createdAt: '2026-11-01T10:00:00Z' }),
      batchView({ id: 'odd', createdAt: 'not a date' }),
      batchView({ id: 'new', createdAt: '2026-11-27T10:00:00Z' }),
      batchView({ id: 'odd2', createdAt: '' }),
    ]).map((batch) => batch.id);
    expect(order).toEqual(['new', 'old', 'odd', 'odd2']);
  });
});
