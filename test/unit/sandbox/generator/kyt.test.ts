import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  derivedRealId,
  evaluateKyt,
  KYT_RULES,
  RATES_TO_EUR,
  stateForScore,
  STRUCTURING_LOOKBACK,
  VELOCITY_LOOKBACK,
  type KytHistoryItem,
  type KytInput,
  type KytInputParticipant,
} from '../../../../main/sandbox/generator';
import type { KytRule } from '../../../../main/sandbox/model';

const quiet: KytInputParticipant = {
  external_id: 'CUS-000001',
  domicile_code: 'DE',
  device: { country: 'DE', '2fa': true, '3ds': true, session_duration: 240 },
  payment_method: { type: 'transfer', country: 'DE' },
};

const AT = '2025-06-30T12:00:00.000Z';

function evaluate(change: Partial<KytInput> = {}) {
  return evaluateKyt({
    amount: 1234.56,
    currency: 'EUR',
    date: AT,
    from: quiet,
    to: { ...quiet, external_id: 'CUS-000002' },
    crypto: false,
    recent: [],
    nearThreshold: [],
    ...change,
  });
}

function fired(result: ReturnType<typeof evaluateKyt>): string[] {
  return result.rules.filter((rule) => rule.active && rule.score > 0).map((rule) => rule.code);
}

const ruleScore = (result: ReturnType<typeof evaluateKyt>, code: string) =>
  result.rules.find((rule) => rule.code === code)?.score;

/** The documented formula, written out again here so the code under test is not its own oracle. */
function documentedScore(rules: readonly KytRule[]): number {
  const weighted = rules.filter((rule) => rule.active && rule.use_weight);
  const weightSum = weighted.reduce((sum, rule) => sum + rule.weight, 0);
  const mean =
    weightSum === 0
      ? 0
      : weighted.reduce((sum, rule) => sum + rule.weight * rule.score, 0) / weightSum;
  const unweighted = rules
    .filter((rule) => rule.active && !rule.use_weight)
    .reduce((max, rule) => Math.max(max, rule.score), 0);
  return Math.round(Math.max(mean, unweighted));
}

const documentedState = (score: number) =>
  score >= 70 ? 'blocked' : score >= 40 ? 'review' : 'accepted';

const minutesBefore = (minutes: number) =>
  new Date(Date.parse(AT) - minutes * 60_000).toISOString();

describe('the KYT rule set', () => {
  it('has weighted, unweighted and switched-off rules, with distinct codes', () => {
    expect(KYT_RULES.some((rule) => rule.active && rule.useWeight)).toBe(true);
    expect(KYT_RULES.some((rule) => rule.active && !rule.useWeight)).toBe(true);
    expect(KYT_RULES.some((rule) => !rule.active)).toBe(true);
    expect(new Set(KYT_RULES.map((rule) => rule.code)).size).toBe(KYT_RULES.length);
    const rules = evaluate().rules;
    expect(rules.map((rule) => rule.code)).toEqual(KYT_RULES.map((rule) => rule.code));
  });

  it('accepts an ordinary transfer', () => {
    const result = evaluate();
    expect(result.score).toBeLessThan(10);
    expect(result.state).toEqual({ code: 'accepted', label: 'Accepted' });
  });

  it('puts a large amount under review, on its EUR value', () => {
    for (const [amount, currency] of [
      [10_000, 'EUR'],
      [50_000, 'EUR'],
      [5_000_000, 'EUR'],
      [12_000, 'USD'],
    ] as const) {
      const result = evaluate({ amount, currency });
      expect(fired(result)).toContain('LARGE_AMOUNT');
      expect(result.state.code).toBe('review');
    }
    expect(fired(evaluate({ amount: 9_999 }))).not.toContain('LARGE_AMOUNT');
    expect(fired(evaluate({ amount: 12_000, currency: 'JPY' }))).not.toContain('LARGE_AMOUNT');
  });

  it('puts a high-risk country of either party under review, and blocks a sanctioned one', () => {
    const highRisk = evaluate({ to: { ...quiet, domicile_code: 'AF' } });
    expect(fired(highRisk)).toEqual(expect.arrayContaining(['HIGH_RISK_COUNTRY', 'COUNTRY_RISK']));
    expect(highRisk.state.code).toBe('review');
    const viaInstitution = evaluate({ from: { ...quiet, payment_institution: { country: 'VE' } } });
    expect(viaInstitution.state.code).toBe('review');
    const sanctioned = evaluate({ to: { ...quiet, payment_method: { country: 'kp' } } });
    expect(fired(sanctioned)).toContain('SANCTIONED_COUNTRY');
    expect(sanctioned.state.code).toBe('blocked');
    const offshore = evaluate({ to: { ...quiet, domicile_code: 'KY' } });
    expect(ruleScore(offshore, 'COUNTRY_RISK')).toBe(50);
    expect(offshore.state.code).toBe('accepted');
  });

  it('blocks when several signals add up in the weighted rules', () => {
    const device = quiet.device ?? {};
    const several = evaluate({
      amount: 60_000,
      from: { ...quiet, device: { ...device, country: 'BR' } },
      to: { ...quiet, domicile_code: 'AF' },
    });
    expect(fired(several)).toEqual(
      expect.arrayContaining(['AMOUNT_RISK', 'COUNTRY_RISK', 'IP_COUNTRY_MISMATCH']),
    );
    expect(several.state.code).toBe('blocked');
    // The same signals one at a time stay below blocked.
    expect(evaluate({ amount: 60_000 }).state.code).toBe('review');
    expect(evaluate({ from: { ...quiet, device: { ...device, country: 'BR' } } }).state.code).toBe(
      'accepted',
    );
  });

  it('fires each device rule on the sender', () => {
    const device = quiet.device ?? {};
    const only = (from: KytInputParticipant) =>
      fired(evaluate({ from })).filter((code) => code !== 'AMOUNT_RISK');
    expect(only({ ...quiet, device: { ...device, country: 'BR' } })).toEqual([
      'IP_COUNTRY_MISMATCH',
    ]);
    expect(only({ ...quiet, device: { ...device, '2fa': false } })).toEqual(['NO_2FA']);
    expect(only({ ...quiet, device: { ...device, '3ds': false } })).toEqual([]);
    expect(
      only({ ...quiet, payment_method: { type: 'Card' }, device: { ...device, '3ds': false } }),
    ).toEqual(['NO_3DS']);
    expect(only({ ...quiet, device: { ...device, session_duration: 8 } })).toEqual([
      'SHORT_SESSION',
    ]);
    expect(ruleScore(evaluate({ from: { ...quiet, device: { session_duration: 8 } } }), 'SHORT_SESSION')).toBe(84); // prettier-ignore
  });

  it("reads the sender's day for velocity and structuring, and nothing older", () => {
    const recent = Array.from({ length: 6 }, (_, i) => ({
      amountEur: 300,
      date: minutesBefore(i * 60),
    }));
    expect(ruleScore(evaluate({ recent }), 'VELOCITY')).toBe(70);
    const older = recent.map((item) => ({ ...item, date: minutesBefore(25 * 60) }));
    expect(ruleScore(evaluate({ recent: older }), 'VELOCITY')).toBe(0);
    const later = recent.map((item) => ({ ...item, date: minutesBefore(-5) }));
    expect(ruleScore(evaluate({ recent: later }), 'VELOCITY')).toBe(0);
    const big = [8_000, 7_000].map((amountEur, i) => ({ amountEur, date: minutesBefore(i + 1) }));
    expect(ruleScore(evaluate({ recent: big }), 'VELOCITY')).toBe(70);

    const near = [{ amountEur: 9_800, date: minutesBefore(30) }];
    const structuring = evaluate({ amount: 9_500, recent: near, nearThreshold: near });
    expect(ruleScore(structuring, 'STRUCTURING')).toBe(85);
    expect(structuring.state.code).toBe('blocked');
    expect(ruleScore(evaluate({ amount: 9_500 }), 'STRUCTURING')).toBe(0);
    expect(ruleScore(evaluate({ amount: 5_000, nearThreshold: near }), 'STRUCTURING')).toBe(0);
  });

  it('scores switched-off rules and ignores them', () => {
    const round = evaluate({ amount: 5_000 });
    const rule = round.rules.find((r) => r.code === 'ROUND_AMOUNT');
    expect(rule).toMatchObject({ active: false, score: 100 });
    expect(round.score).toBe(evaluate({ amount: 5_000.4 }).score);
    const crypto = evaluate({ crypto: true });
    expect(crypto.rules.find((r) => r.code === 'CRYPTO_TRANSFER')).toMatchObject({
      active: false,
      use_weight: false,
      score: 45,
    });
    expect(crypto.score).toBe(evaluate().score);
    expect(crypto.state.code).toBe('accepted');
  });

  it('gives states from the thresholds', () => {
    expect(stateForScore(0).code).toBe('accepted');
    expect(stateForScore(39).code).toBe('accepted');
    expect(stateForScore(40)).toEqual({ code: 'review', label: 'Under review' });
    expect(stateForScore(69).code).toBe('review');
    expect(stateForScore(70)).toEqual({ code: 'blocked', label: 'Blocked' });
    expect(stateForScore(100).code).toBe('blocked');
  });
});

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const country = fc.constantFrom('DE', 'FR', 'BR', 'AF', 'KP', 'KY', 'ir', 'VE', 'GB', 'CU');
const participant: fc.Arbitrary<KytInputParticipant> = fc.record(
  {
    external_id: maybe(fc.string({ maxLength: 12 })),
    full_name: maybe(fc.string({ maxLength: 20 })),
    domicile_code: maybe(country),
    account_type: maybe(fc.constantFrom('N', 'F', 'x')),
    device: maybe(
      fc.record(
        {
          ip: maybe(fc.ipV4()),
          country: maybe(country),
          '2fa': maybe(fc.boolean()),
          '3ds': maybe(fc.boolean()),
          session_duration: maybe(fc.double({ min: -10, max: 600, noNaN: true })),
          fingerprint: maybe(fc.string({ maxLength: 8 })),
        },
        { requiredKeys: [] },
      ),
    ),
    payment_institution: maybe(
      fc.record({ country: maybe(country), code: maybe(fc.string()) }, { requiredKeys: [] }),
    ),
    payment_method: maybe(
      fc.record(
        {
          type: maybe(fc.constantFrom('card', 'transfer', 'cc', 'CREDIT_CARD')),
          country: maybe(country),
        },
        { requiredKeys: [] },
      ),
    ),
  },
  { requiredKeys: [] },
);
// Some after the transaction, most in its day, some older: the rules must tell them apart.
const historyDate = fc.integer({ min: -10, max: 30 * 60 }).map(minutesBefore);
const historyItem: fc.Arbitrary<KytHistoryItem> = fc.record({
  amountEur: fc.oneof(fc.double({ min: 0, max: 100_000, noNaN: true }), fc.constant(9_000)),
  date: historyDate,
});
/** What the sandbox passes as `nearThreshold`: only transactions just under the threshold. */
const nearItem: fc.Arbitrary<KytHistoryItem> = fc.record({
  amountEur: fc.double({ min: 8_500, max: 9_999.99, noNaN: true }),
  date: historyDate,
});
const newestFirst = (items: KytHistoryItem[]) =>
  [...items].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
const input: fc.Arbitrary<KytInput> = fc.record({
  amount: fc.oneof(
    fc.double({ min: 0, max: 1e15, noNaN: true }),
    fc.integer({ min: 0, max: 200_000 }),
    fc.constantFrom(0, 9_000, 9_999.99, 10_000, 50_000),
  ),
  currency: fc.constantFrom(...Object.keys(RATES_TO_EUR)),
  date: fc.constant(AT),
  from: participant,
  to: participant,
  crypto: fc.boolean(),
  recent: fc.array(historyItem, { maxLength: 25, size: 'max' }).map(newestFirst),
  nearThreshold: fc.array(nearItem, { maxLength: 8, size: 'max' }).map(newestFirst),
});

describe('evaluateKyt for any input', () => {
  it('gives the documented formula of its own rules, and the state of that score', () => {
    fc.assert(
      fc.property(input, (transaction) => {
        const result = evaluateKyt(transaction);
        for (const rule of result.rules) {
          expect(Number.isInteger(rule.score)).toBe(true);
          expect(rule.score).toBeGreaterThanOrEqual(0);
          expect(rule.score).toBeLessThanOrEqual(100);
        }
        expect(result.score).toBe(documentedScore(result.rules));
        expect(result.state.code).toBe(documentedState(result.score));
        expect(evaluateKyt(transaction)).toEqual(result);
      }),
      { numRuns: 400 },
    );
  });

  it("answers the same when given only the sender's latest transactions the rules read", () => {
    fc.assert(
      fc.property(input, (transaction) => {
        const inDay = (items: KytHistoryItem[]) =>
          items.filter((item) => Date.parse(item.date) <= Date.parse(AT) && Date.parse(AT) - Date.parse(item.date) <= 24 * 3600_000); // prettier-ignore
        const capped = {
          ...transaction,
          recent: inDay(transaction.recent).slice(0, VELOCITY_LOOKBACK),
          nearThreshold: inDay(transaction.nearThreshold).slice(0, STRUCTURING_LOOKBACK),
        };
        expect(evaluateKyt(capped)).toEqual(evaluateKyt(transaction));
      }),
      { numRuns: 300 },
    );
  });
});

describe('alias:<x> external ids', () => {
  it('stand for a stable derived id that differs from the alias', () => {
    const real = derivedRealId('alias:acct-42');
    expect(real).toMatch(/^RID-[0-9A-F]{16}$/);
    expect(derivedRealId('alias:acct-42')).toBe(real);
    expect(derivedRealId('alias:acct-43')).not.toBe(real);
    expect(derivedRealId('acct-42')).toBeNull();
    expect(derivedRealId('alias:')).toBeNull();
  });
});
