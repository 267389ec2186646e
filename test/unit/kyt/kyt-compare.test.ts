import { describe, expect, it } from 'vitest';
import {
  compareSubmissions,
  flattenTransaction,
  type ComparedSide,
} from '../../../main/kyt/kyt-compare';
import type { KytTransaction } from '../../../preload/contract';
import {
  makeSummary,
  makeTransaction,
  planScore,
  planState,
  rule,
  type WireRule,
} from '../../support/kyt-readers';

function side(id: string, transaction: KytTransaction, rules: WireRule[] | null): ComparedSide {
  const score = rules === null ? null : planScore(rules);
  const answer =
    rules === null
      ? null
      : { id: `srv-${id}`, rules, score, state: score === null ? null : planState(score) };
  return { summary: makeSummary({ id, score }), transaction, answer };
}

const original = makeTransaction();
const whatIf = makeTransaction({
  amount: 9_900,
  external_id: 'cd-0002',
  review_groups: ['payments', 'fraud'],
  from: { ...original.from, device: { '2fa': false, country: 'RU', ip: '192.0.2.10' } },
});

const rulesBefore = [
  rule('AMOUNT_THRESHOLD', 65, 30),
  rule('HIGH_RISK_COUNTRY', 0, 40),
  rule('NO_2FA', 0, 10),
  rule('ROUND_AMOUNT', 0, 8),
  rule('STRUCTURING', 0, 25, { useWeight: false }),
  rule('NIGHT_TIME', 60, 5, { active: false }),
  rule('LEGACY', 10, 5),
];
const rulesAfter = [
  rule('AMOUNT_THRESHOLD', 0, 30),
  rule('HIGH_RISK_COUNTRY', 100, 40),
  rule('NO_2FA', 100, 10),
  rule('ROUND_AMOUNT', 0, 12),
  rule('STRUCTURING', 0, 25, { useWeight: false }),
  rule('NIGHT_TIME', 80, 5, { active: false }),
  rule('VELOCITY', 0, 25),
];

describe('compareSubmissions', () => {
  const comparison = compareSubmissions(
    side('a', original, rulesBefore),
    side('b', whatIf, rulesAfter),
  );

  it('lists the inputs that differ, with the form labels, in the form order', () => {
    expect(comparison.inputs).toEqual([
      { path: 'amount', label: 'Amount', a: '12500', b: '9900' },
      { path: 'external_id', label: 'Transaction id', a: 'cd-0001', b: 'cd-0002' },
      {
        path: 'review_groups',
        label: 'Review groups',
        a: '["payments"]',
        b: '["payments","fraud"]',
      },
      { path: 'from.device.2fa', label: 'Sender device 2FA', a: 'true', b: 'false' },
      { path: 'from.device.country', label: 'Sender device country', a: 'SE', b: 'RU' },
    ]);
  });

  it('tells how each rule moved, unchanged ones included, in the order of the first answer', () => {
    expect(comparison.rules.map((row) => [row.code, row.change])).toEqual([
      ['AMOUNT_THRESHOLD', 'stopped-firing'],
      ['HIGH_RISK_COUNTRY', 'started-firing'],
      ['NO_2FA', 'started-firing'],
      ['ROUND_AMOUNT', 'weight'],
      ['STRUCTURING', 'same'],
      ['NIGHT_TIME', 'score'],
      ['LEGACY', 'only-a'],
      ['VELOCITY', 'only-b'],
    ]);
  });

  it('carries each side rule with its share of its own score', () => {
    const highRisk = comparison.rules.find((row) => row.code === 'HIGH_RISK_COUNTRY');
    expect(highRisk?.a?.contribution).toBe(0);
    expect(highRisk?.b?.contribution).toBeCloseTo(4000 / 117, 9);
    const legacy = comparison.rules.find((row) => row.code === 'LEGACY');
    expect(legacy?.b).toBeNull();
  });

  it('gives both scores, the change and both states', () => {
    // Before: (65·30 + 10·5) / 93 = 21.5 → 22. After: (100·40 + 100·10) / 117 = 42.7 → 43.
    expect(comparison).toMatchObject({
      scoreA: 22,
      scoreB: 43,
      scoreChange: 21,
      stateA: 'Accepted',
      stateB: 'Under review',
    });
    expect(comparison.a.id).toBe('a');
    expect(comparison.b.id).toBe('b');
  });

  it('compares a submission without an answer: no rules, no score change', () => {
    const result = compareSubmissions(side('a', original, rulesBefore), side('b', whatIf, null));
    expect(result.rules.every((row) => row.change === 'only-a')).toBe(true);
    expect(result).toMatchObject({ scoreA: 22, scoreB: null, scoreChange: null, stateB: null });
  });

  it('says no change between scores whose difference no number holds', () => {
    const scored = (id: string, score: number): ComparedSide => ({
      summary: makeSummary({ id, score }),
      transaction: original,
      answer: { id: `srv-${id}`, rules: [], score, state: null },
    });
    const result = compareSubmissions(scored('a', -1.7e308), scored('b', 1.7e308));
    expect(result).toMatchObject({ scoreA: -1.7e308, scoreB: 1.7e308, scoreChange: null });
  });

  it('pairs a code named twice occurrence by occurrence', () => {
    const result = compareSubmissions(
      side('a', original, [rule('DUP', 10, 1), rule('DUP', 20, 1)]),
      side('b', original, [rule('DUP', 10, 1), rule('DUP', 30, 1), rule('DUP', 5, 1)]),
    );
    expect(result.rules.map((row) => row.change)).toEqual(['same', 'score', 'only-b']);
  });

  it('reads custom fields whole and ignores the order of their members', () => {
    const a = makeTransaction({ fields: { channel: 'web', risk: { band: 2, note: 'x' } } });
    const reordered = makeTransaction({ fields: { risk: { note: 'x', band: 2 }, channel: 'web' } });
    const changed = makeTransaction({ fields: { channel: 'app', risk: { band: 2, note: 'x' } } });
    expect(compareSubmissions(side('a', a, null), side('b', reordered, null)).inputs).toEqual([]);
    expect(compareSubmissions(side('a', a, null), side('b', changed, null)).inputs).toEqual([
      {
        path: 'fields',
        label: 'Custom fields',
        a: '{"channel":"web","risk":{"band":2,"note":"x"}}',
        b: '{"channel":"app","risk":{"band":2,"note":"x"}}',
      },
    ]);
  });

  it('names fields the form does not know by their path, after the known ones, sorted', () => {
    const a = { ...original, zeta: 1, crypto: { blockchain: 'btc', tx_hash: 'ab' } };
    const b = { ...original, alpha: 'x', to: { ...original.to, extra: true } };
    const result = compareSubmissions(side('a', a, null), side('b', b, null));
    expect(result.inputs.map((row) => [row.path, row.label, row.a, row.b])).toEqual([
      ['crypto.blockchain', 'Blockchain', 'btc', null],
      ['crypto.tx_hash', 'Transaction hash', 'ab', null],
      ['alpha', 'alpha', null, 'x'],
      ['to.extra', 'to.extra', null, 'true'],
      ['zeta', 'zeta', '1', null],
    ]);
  });

  it('compares text exactly: a space or a letter case is a difference', () => {
    const result = compareSubmissions(
      side('a', makeTransaction({ label: 'Invoice 7731' }), null),
      side('b', makeTransaction({ label: 'invoice 7731 ' }), null),
    );
    expect(result.inputs).toEqual([
      { path: 'label', label: 'Label', a: 'Invoice 7731', b: 'invoice 7731 ' },
    ]);
  });
});

describe('flattenTransaction', () => {
  it('gives every leaf by its path, lists as JSON, nothing for absent or null members', () => {
    const leaves = flattenTransaction({
      amount: 5,
      currency: 'EUR',
      comment: null,
      review_groups: [],
      from: { device: { ip: '192.0.2.1' }, payment_method: {} },
    });
    expect([...leaves]).toEqual([
      ['amount', '5'],
      ['currency', 'EUR'],
      ['review_groups', '[]'],
      ['from.device.ip', '192.0.2.1'],
    ]);
  });
});
