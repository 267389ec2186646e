import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerBrief, answerView, stateView } from '../../../main/kyt/kyt-answer';
import { compareSubmissions, type ComparedSide } from '../../../main/kyt/kyt-compare';
import { SCORE_METHODS, explainScore, ruleViews } from '../../../main/kyt/kyt-explain';
import type { KytTransaction } from '../../../preload/contract';
import {
  makeSummary,
  makeTransaction,
  planScore,
  planScoreUnrounded,
  type WireRule,
} from '../../support/kyt-readers';

// Any answer the interface allows, and many it does not: every member optional, of any type,
// numbers as text or nonsense, states of any shape, participants with members nobody named.

const HOSTILE = [
  '<script>alert(1)</script>',
  '\u202Egnp.exe\u202C',
  '\u2067عربي\u2069 \u200F',
  '\u0000\uFEFF',
  '\uD83D lone half',
  '',
  '   ',
  '__proto__',
  'constructor',
];
const anyString = fc.oneof(
  fc.constantFrom(...HOSTILE),
  fc.string({ unit: 'binary', maxLength: 30 }),
);
const numberish = fc.oneof(
  fc.integer({ min: -10, max: 200 }),
  fc.double(),
  fc.integer({ min: 0, max: 100 }).map(String),
  fc.constantFrom('1e999', 'NaN', '0x10', '', ' 46 ', '-0', '4.5e1'),
  fc.constant(null),
  anyString,
  fc.boolean(),
);
const anyJson = fc.jsonValue({ maxDepth: 3 });
const loose = fc.oneof({ weight: 1, arbitrary: anyJson }, { weight: 1, arbitrary: fc.anything() });

const looseRule = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        active: fc.oneof(fc.boolean(), loose),
        code: fc.oneof(anyString, loose),
        score: numberish,
        use_weight: fc.oneof(fc.boolean(), loose),
        weight: numberish,
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: loose },
);
const looseRules = fc.oneof(fc.array(looseRule, { maxLength: 12 }), loose);

const loosePlace = fc.record(
  {
    account_type: fc.oneof(anyString, loose),
    domicile_code: fc.oneof(anyString, loose),
    external_id: fc.oneof(anyString, loose),
    full_name: fc.oneof(anyString, loose),
    device: fc.oneof(
      fc.record(
        {
          '2fa': loose,
          '3ds': loose,
          country: loose,
          ip: fc.oneof(anyString, loose),
          session_duration: numberish,
          extra: loose,
        },
        { requiredKeys: [] },
      ),
      loose,
    ),
    payment_institution: fc.oneof(
      fc.record(
        { external_id: anyString, real_external_id: anyString, name: loose },
        { requiredKeys: [] },
      ),
      loose,
    ),
    payment_method: loose,
    unknown_member: loose,
  },
  { requiredKeys: [] },
);

const looseAnswer = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record(
      {
        id: fc.oneof(anyString, loose),
        score: numberish,
        state: fc.oneof(
          fc.record(
            { code: loose, label: loose, name: loose, description: loose },
            {
              requiredKeys: [],
            },
          ),
          loose,
        ),
        rules: looseRules,
        customers: fc.oneof(fc.array(fc.oneof(anyString, loose), { maxLength: 6 }), loose),
        converted_amount: numberish,
        converted_currency: loose,
        converted_date: loose,
        client_id: numberish,
        search_vector: loose,
        from: fc.oneof(loosePlace, loose),
        to: fc.oneof(loosePlace, loose),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: loose },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const resolveSome = (id: string) => (id.length % 2 === 0 ? { externalId: id, name: 'N' } : null);

describe('the readers never throw', () => {
  it('reads any answer', () => {
    fc.assert(
      fc.property(looseAnswer, (raw) => {
        const brief = answerBrief(raw);
        const view = answerView(raw, resolveSome);
        stateView(raw);
        for (const number of [brief.score, brief.convertedAmount, view.clientId]) {
          expect(number === null || Number.isFinite(number)).toBe(true);
        }
        expect(typeof view.raw).toBe('string');
        expect(view.customers.map((customer) => customer.id)).toEqual(brief.customers);
      }),
      { numRuns: 400 },
    );
  });

  it('explains any rules against any score, in one of the four outcomes', () => {
    fc.assert(
      fc.property(looseRules, numberish, (rules, score) => {
        const explanation = explainScore(rules, score);
        expect(['accounted', 'unaccounted', 'no-rules', 'no-score']).toContain(explanation.outcome);
        expect(explanation.rules).toHaveLength(ruleViews(rules).length);
        // Figures are always numbers: no NaN or undefined unless the answer itself says so.
        const echoed = [...explanation.rules.map((rule) => rule.code), JSON.stringify(score)];
        if (!echoed.some((text) => /NaN|undefined/.test(text))) {
          expect(explanation.text).not.toMatch(/NaN|undefined/);
        }
        if (explanation.outcome !== 'accounted') {
          expect(explanation.method).toBeNull();
          expect(explanation.rules.every((rule) => rule.contribution === null)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('compares any two sides', () => {
    const looseTransaction = fc.oneof(
      fc.dictionary(anyString, loose, { maxKeys: 6 }),
      fc.constant(makeTransaction()),
    );
    fc.assert(
      fc.property(looseTransaction, looseAnswer, looseTransaction, looseAnswer, (ta, a, tb, b) => {
        const result = compareSubmissions(sideOf(ta, a), sideOf(tb, b));
        expect(result.scoreChange === null || Number.isFinite(result.scoreChange)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

function sideOf(transaction: unknown, answer: unknown): ComparedSide {
  // The comparison must survive a transaction kept by an older CaseDesk, whatever its members.
  return { summary: makeSummary(), transaction: transaction as KytTransaction, answer };
}

/* ----- rules that follow a formula ----- */

const CODES = ['AMOUNT', 'COUNTRY', 'IP', 'NO_2FA', 'NO_3DS', 'SESSION', 'VELOCITY', 'ROUND'];
const cleanRule: fc.Arbitrary<WireRule> = fc.record({
  active: fc.boolean(),
  code: fc.constantFrom(...CODES),
  score: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.double({ min: 0, max: 100, noNaN: true })),
  use_weight: fc.boolean(),
  weight: fc.integer({ min: 0, max: 100 }),
});
const cleanRules = fc.array(cleanRule, { minLength: 1, maxLength: 12 });

const sumOf = (values: number[]) => values.reduce((sum, value) => sum + value, 0);

/** Every figure the combinations give, written here from their definitions. */
function candidateFigures(rules: readonly WireRule[]): number[] {
  const active = rules.filter((item) => item.active === true) as Array<{
    score: number;
    weight: number;
    use_weight: boolean;
  }>;
  if (active.length === 0) return [0];
  const weighted = active.filter((item) => item.use_weight);
  const unweighted = active.filter((item) => !item.use_weight);
  const totalWeight = sumOf(weighted.map((item) => item.weight));
  const mean =
    weighted.length > 0 && totalWeight > 0
      ? sumOf(weighted.map((item) => item.weight * item.score)) / totalWeight
      : null;
  const figures: number[] = [];
  const parts = [...(mean === null ? [] : [mean]), ...unweighted.map((item) => item.score)];
  if ((mean !== null || weighted.length === 0) && parts.length > 0)
    figures.push(Math.max(...parts));
  if (mean !== null) figures.push(mean);
  figures.push(Math.max(...active.map((item) => item.score)));
  if (weighted.length > 0) {
    figures.push(Math.min(100, sumOf(weighted.map((item) => item.weight * item.score)) / 100));
  }
  figures.push(sumOf(active.map((item) => item.score)) / active.length);
  return figures;
}

describe('explainScore against scores made from the rules', () => {
  it('accounts for a score made by the plan model, by that model, its shares adding up to it', () => {
    fc.assert(
      fc.property(cleanRules, (rules) => {
        const score = planScore(rules);
        fc.pre(score !== null);
        const explanation = explainScore(rules, score);
        expect(explanation.outcome).toBe('accounted');
        expect(explanation.method).toBe(SCORE_METHODS.weightedThenHighest);
        expect(explanation.computedScore).toBeCloseTo(planScoreUnrounded(rules) ?? Number.NaN, 9);
        const shares = explanation.rules.map((rule) => rule.contribution ?? Number.NaN);
        expect(Math.abs(sumOf(shares) - (score ?? 0))).toBeLessThanOrEqual(0.5 + 1e-6);
        explanation.rules.forEach((view, place) => {
          if (view.role === 'inactive') expect(view.contribution).toBe(0);
          if (rules[place]?.active !== true) expect(view.fired).toBe(false);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('accounts for a score with decimals kept by the plan model, to those decimals', () => {
    fc.assert(
      fc.property(cleanRules, fc.integer({ min: 1, max: 3 }), (rules, decimals) => {
        const unrounded = planScoreUnrounded(rules);
        fc.pre(unrounded !== null);
        const score = Number((unrounded ?? 0).toFixed(decimals));
        const explanation = explainScore(rules, score);
        expect(explanation.method).toBe(SCORE_METHODS.weightedThenHighest);
      }),
      { numRuns: 300 },
    );
  });

  it('does not account for a score more than its rounding away from every combination', () => {
    fc.assert(
      fc.property(cleanRules, fc.integer({ min: -50, max: 250 }), (rules, score) => {
        fc.pre(candidateFigures(rules).every((figure) => Math.abs(figure - score) > 0.5 + 1e-6));
        const explanation = explainScore(rules, score);
        expect(explanation.outcome).toBe('unaccounted');
        expect(explanation.method).toBeNull();
        expect(explanation.computedScore).toBeNull();
        expect(explanation.text).toContain('the rules do not account for this score');
      }),
      { numRuns: 500 },
    );
  });

  it('accepts only a combination that gives the score', () => {
    fc.assert(
      fc.property(cleanRules, fc.integer({ min: 0, max: 100 }), (rules, score) => {
        const explanation = explainScore(rules, score);
        if (explanation.outcome !== 'accounted') return;
        expect(Math.abs((explanation.computedScore ?? Number.NaN) - score)).toBeLessThanOrEqual(
          0.5 + 1e-6,
        );
        expect(
          candidateFigures(rules).some((figure) => Math.abs(figure - score) <= 0.5 + 1e-6),
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

/* ----- comparison ----- */

const participant = fc.record(
  {
    full_name: anyString,
    external_id: anyString,
    domicile_code: fc.constantFrom('SE', 'FR', 'RU'),
    device: fc.record(
      { '2fa': fc.boolean(), ip: anyString, session_duration: fc.nat(3600) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);
const transaction: fc.Arbitrary<KytTransaction> = fc.record(
  {
    amount: fc.double({ noNaN: true, noDefaultInfinity: true }),
    currency: fc.constantFrom('EUR', 'USD'),
    label: anyString,
    review_groups: fc.array(anyString, { maxLength: 3 }),
    fields: fc.dictionary(anyString, anyJson, { maxKeys: 4 }),
    from: participant,
    to: participant,
  },
  { requiredKeys: ['amount', 'currency', 'from', 'to'] },
);
const answerWithRules = fc.record({
  id: fc.string(),
  rules: fc.array(cleanRule, { maxLength: 10 }),
  score: fc.integer({ min: 0, max: 100 }),
});

describe('compareSubmissions', () => {
  it('finds nothing changed between a submission and itself', () => {
    fc.assert(
      fc.property(transaction, fc.oneof(answerWithRules, looseAnswer), (body, answer) => {
        const side = { summary: makeSummary(), transaction: body, answer };
        const result = compareSubmissions(side, side);
        expect(result.inputs).toEqual([]);
        expect(result.rules.every((row) => row.change === 'same')).toBe(true);
        expect(result.scoreChange === null || result.scoreChange === 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('lists the same inputs both ways, sides swapped', () => {
    fc.assert(
      fc.property(transaction, transaction, (a, b) => {
        const forth = compareSubmissions(sideOf(a, null), sideOf(b, null)).inputs;
        const back = compareSubmissions(sideOf(b, null), sideOf(a, null)).inputs;
        expect(back).toEqual(forth.map((row) => ({ ...row, a: row.b, b: row.a })));
        expect(new Set(forth.map((row) => row.path)).size).toBe(forth.length);
      }),
      { numRuns: 300 },
    );
  });

  it('lists a changed amount, and every rule of both answers once', () => {
    fc.assert(
      fc.property(
        transaction,
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        answerWithRules,
        answerWithRules,
        (body, amount, a, b) => {
          fc.pre(String(amount) !== String(body.amount));
          const result = compareSubmissions(sideOf(body, a), sideOf({ ...body, amount }, b));
          expect(result.inputs).toEqual([
            { path: 'amount', label: 'Amount', a: String(body.amount), b: String(amount) },
          ]);
          expect(result.rules.filter((row) => row.a !== null)).toHaveLength(a.rules.length);
          expect(result.rules.filter((row) => row.b !== null)).toHaveLength(b.rules.length);
          expect(result.scoreChange).toBe(b.score - a.score);
        },
      ),
      { numRuns: 300 },
    );
  });
});
