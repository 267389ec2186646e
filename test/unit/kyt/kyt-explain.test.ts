import { describe, expect, it } from 'vitest';
import { SCORE_METHODS, explainScore, ruleViews } from '../../../main/kyt/kyt-explain';
import type { KytExplanation } from '../../../preload/contract';
import { planScore, rule } from '../../support/kyt-readers';

const contributionOf = (explanation: KytExplanation, code: string) =>
  explanation.rules.find((item) => item.code === code)?.contribution;

const totalContribution = (explanation: KytExplanation) =>
  explanation.rules.reduce((sum, item) => sum + (item.contribution ?? 0), 0);

/** A transaction the plan's sandbox model scores: a high-risk country, a large amount, no 2FA. */
const planRules = [
  rule('HIGH_RISK_COUNTRY', 100, 40),
  rule('AMOUNT_THRESHOLD', 65, 30),
  rule('IP_COUNTRY_MISMATCH', 0, 15),
  rule('NO_2FA', 100, 10),
  rule('SHORT_SESSION', 0, 10),
  rule('ROUND_AMOUNT', 0, 8),
  rule('STRUCTURING', 0, 25, { useWeight: false }),
  rule('NIGHT_TIME', 80, 5, { active: false }),
];

describe('ruleViews', () => {
  it('gives each rule its role: weighted, unweighted, inactive, or unclear when a member is missing', () => {
    const views = ruleViews([
      rule('W', 50, 10),
      rule('U', 20, 0, { useWeight: false }),
      rule('OFF', 80, 10, { active: false }),
      { code: 'NO_ACTIVE', score: 10, use_weight: true, weight: 5 },
      { code: 'TEXT_FLAG', active: 'true', score: 10, use_weight: true, weight: 5 },
      { code: 'NO_SCORE', active: true, use_weight: true, weight: 5 },
      { code: 'NO_WEIGHT', active: true, score: 10, use_weight: true },
      { code: 'NO_USE_WEIGHT', active: true, score: 10, weight: 5 },
      'just a string',
    ]);
    expect(views.map((view) => [view.code, view.role])).toEqual([
      ['W', 'weighted'],
      ['U', 'unweighted'],
      ['OFF', 'inactive'],
      ['NO_ACTIVE', 'unclear'],
      ['TEXT_FLAG', 'unclear'],
      ['NO_SCORE', 'unclear'],
      ['NO_WEIGHT', 'unclear'],
      ['NO_USE_WEIGHT', 'unclear'],
      ['just a string', 'unclear'],
    ]);
  });

  it('marks as fired only active rules scoring above 0', () => {
    const views = ruleViews([
      rule('FIRED', 30, 10),
      rule('ZERO', 0, 10),
      rule('OFF', 80, 10, { active: false }),
      { code: 'NO_USE_WEIGHT', active: true, score: 10 },
    ]);
    expect(views.map((view) => view.fired)).toEqual([true, false, false, true]);
  });

  it('reads numbers sent as text and refuses what is not a finite number', () => {
    const [read, refused] = ruleViews([
      { active: true, code: 'TEXT', score: ' 80 ', use_weight: true, weight: '40' },
      { active: true, code: 7, score: 'Infinity', use_weight: true, weight: '0x10' },
    ]);
    expect(read).toMatchObject({ score: 80, weight: 40, role: 'weighted' });
    expect(refused).toMatchObject({ code: '7', score: null, weight: null, role: 'unclear' });
  });

  it('answers no rules for anything but a list', () => {
    expect(ruleViews(undefined)).toEqual([]);
    expect(ruleViews({ code: 'X' })).toEqual([]);
    expect(ruleViews('rules')).toEqual([]);
  });
});

describe('explainScore under the plan model', () => {
  it('explains a score set by the weighted mean, each weighted rule with its share', () => {
    const score = planScore(planRules);
    expect(score).toBe(62);
    const explanation = explainScore(planRules, score);
    expect(explanation.outcome).toBe('accounted');
    expect(explanation.method).toBe(SCORE_METHODS.weightedThenHighest);
    expect(explanation.computedScore).toBeCloseTo(6950 / 113, 9);
    expect(contributionOf(explanation, 'HIGH_RISK_COUNTRY')).toBeCloseTo(4000 / 113, 9);
    expect(contributionOf(explanation, 'AMOUNT_THRESHOLD')).toBeCloseTo(1950 / 113, 9);
    expect(contributionOf(explanation, 'IP_COUNTRY_MISMATCH')).toBe(0);
    expect(contributionOf(explanation, 'STRUCTURING')).toBe(0);
    expect(contributionOf(explanation, 'NIGHT_TIME')).toBe(0);
    expect(totalContribution(explanation)).toBeCloseTo(6950 / 113, 9);
    expect(explanation.text).toBe(
      'Score 62: the weighted mean of the 6 active weighted rules is 61.5 (HIGH_RISK_COUNTRY 100 × weight 40, ' +
        'AMOUNT_THRESHOLD 65 × weight 30, NO_2FA 100 × weight 10, IP_COUNTRY_MISMATCH 0 × weight 15, ' +
        'SHORT_SESSION 0 × weight 10, ROUND_AMOUNT 0 × weight 8; weights add up to 113), above the ' +
        'highest unweighted rule (STRUCTURING 0), which adds nothing. 1 inactive rule (NIGHT_TIME) ' +
        'was scored 80 but ignored.',
    );
  });

  it('explains a score set by an unweighted rule above the weighted mean: that rule accounts for all of it', () => {
    const rules = [...planRules, rule('SANCTIONED_COUNTERPARTY', 90, 0, { useWeight: false })];
    const explanation = explainScore(rules, planScore(rules));
    expect(explanation).toMatchObject({
      outcome: 'accounted',
      method: SCORE_METHODS.weightedThenHighest,
      computedScore: 90,
    });
    expect(contributionOf(explanation, 'SANCTIONED_COUNTERPARTY')).toBe(90);
    expect(contributionOf(explanation, 'HIGH_RISK_COUNTRY')).toBe(0);
    expect(totalContribution(explanation)).toBe(90);
    expect(explanation.text).toContain(
      'Score 90: the highest of the 2 active unweighted rules, SANCTIONED_COUNTERPARTY (90), sets the score alone: it is above the weighted mean of the 6 active weighted rules (61.5)',
    );
  });

  it('explains a score made of unweighted rules only', () => {
    const rules = [
      rule('A', 35, 0, { useWeight: false }),
      rule('B', 35, 0, { useWeight: false }),
      rule('OFF', 99, 10, { active: false }),
    ];
    const explanation = explainScore(rules, 35);
    expect(explanation.method).toBe(SCORE_METHODS.weightedThenHighest);
    expect(explanation.rules.map((item) => item.contribution)).toEqual([35, 0, 0]);
    expect(explanation.text).toContain('there is no active weighted rule; B scored the same');
  });

  it('accepts the service rounding either way within half a point, and no further', () => {
    // 61.504…: 62 rounds it; 61 truncates it (half a point away and a bit): not accepted.
    expect(explainScore(planRules, 62).outcome).toBe('accounted');
    expect(explainScore(planRules, 61.5).outcome).toBe('accounted');
    expect(explainScore(planRules, 61).outcome).toBe('unaccounted');
  });

  it('holds a score with decimals to its own decimals', () => {
    const rules = [rule('A', 50, 1), rule('B', 42, 4)]; // mean 43.6
    expect(explainScore(rules, 44).outcome).toBe('accounted');
    expect(explainScore(rules, 43.6).outcome).toBe('accounted');
    expect(explainScore(rules, 43.65).outcome).toBe('unaccounted');
    expect(explainScore(rules, 43.7)).toMatchObject({ outcome: 'unaccounted', method: null });
    expect(explainScore(rules, 43.7).text).toContain('comes within 0.05 of it');
  });

  it('reads a score and rules sent as numeric text', () => {
    const rules = [{ active: true, code: 'A', score: '80', use_weight: true, weight: '3' }];
    expect(explainScore(rules, ' 80 ')).toMatchObject({ outcome: 'accounted', computedScore: 80 });
  });
});

describe('explainScore under the other combinations services use', () => {
  it('(2) the weighted mean alone, when an unweighted rule above it did not count', () => {
    const rules = [...planRules, rule('PEP', 90, 0, { useWeight: false })];
    const explanation = explainScore(rules, 62);
    expect(explanation.method).toBe(SCORE_METHODS.weightedMean);
    expect(contributionOf(explanation, 'PEP')).toBe(0);
    expect(totalContribution(explanation)).toBeCloseTo(6950 / 113, 9);
    expect(explanation.text).toContain('the 2 active unweighted rules do not count');
  });

  it('(3) the highest active rule alone', () => {
    const rules = [rule('STRONG', 100, 1), rule('WEAK', 20, 99)]; // mean 20.8
    const explanation = explainScore(rules, 100);
    expect(explanation.method).toBe(SCORE_METHODS.highest);
    expect(explanation.rules.map((item) => item.contribution)).toEqual([100, 0]);
    expect(explanation.text).toBe(
      'Score 100: the highest of the 2 active rules is STRONG (100), which sets the score alone.',
    );
  });

  it('(4) weight × score ÷ 100 added up', () => {
    const rules = [rule('A', 50, 30), rule('B', 100, 40)]; // mean 78.57, highest 100, sum 55
    const explanation = explainScore(rules, 55);
    expect(explanation.method).toBe(SCORE_METHODS.weightedSum);
    expect(explanation.rules.map((item) => item.contribution)).toEqual([15, 40]);
  });

  it('(4) capped at 100, the shares scaled down so they still add up to the score', () => {
    const rules = [rule('A', 80, 100), rule('B', 90, 100), rule('C', 100, 100)]; // sum 270
    const explanation = explainScore(rules, 100);
    expect(explanation.method).toBe(SCORE_METHODS.highest);
    const capped = [rule('A', 80, 100), rule('B', 90, 100), rule('C', 95, 100)]; // sum 265, max 95
    const sum = explainScore(capped, 100);
    expect(sum.method).toBe(SCORE_METHODS.weightedSum);
    expect(sum.text).toContain('adds up to 265, capped at 100');
    expect(totalContribution(sum)).toBeCloseTo(100, 9);
  });

  it('(5) the plain mean of the active rules', () => {
    const rules = [rule('A', 90, 10), rule('B', 30, 30)]; // weighted 45, max 90, sum 18, mean 60
    const explanation = explainScore(rules, 60);
    expect(explanation.method).toBe(SCORE_METHODS.mean);
    expect(explanation.rules.map((item) => item.contribution)).toEqual([45, 15]);
  });

  it('accounts for 0 when every rule is switched off', () => {
    const rules = [rule('A', 90, 10, { active: false }), rule('B', 30, 30, { active: false })];
    const explanation = explainScore(rules, 0);
    expect(explanation).toMatchObject({
      outcome: 'accounted',
      method: SCORE_METHODS.noActiveRule,
      computedScore: 0,
    });
    expect(explanation.text).toBe(
      'Score 0: no rule is active, so no rule adds to the score. 2 inactive rules were scored but ignored (A 90, B 30).',
    );
    expect(explainScore(rules, 10).outcome).toBe('unaccounted');
  });
});

describe('explainScore when the rules do not account for the score', () => {
  it('says so plainly with what each combination gave, and gives no contribution', () => {
    // The sandbox's model before the plan: Σ w·s ÷ 100 over 60 points, which no candidate is.
    const rules = [rule('HIGH_RISK_COUNTRY', 100, 40), rule('NO_2FA', 0, 10)];
    const explanation = explainScore(rules, 67);
    expect(explanation).toMatchObject({
      outcome: 'unaccounted',
      method: null,
      computedScore: null,
    });
    expect(explanation.rules.every((item) => item.contribution === null)).toBe(true);
    expect(explanation.text).toBe(
      'Score 67: the rules do not account for this score. None of the combinations services use ' +
        'comes within 0.5 of it (' +
        `${SCORE_METHODS.weightedThenHighest}: 80; ${SCORE_METHODS.weightedMean}: 80; ` +
        `${SCORE_METHODS.highest}: 100; ${SCORE_METHODS.weightedSum}: 40; ${SCORE_METHODS.mean}: 50).`,
    );
  });

  it('says weights adding up to 0 give no weighted mean, and does not divide by them', () => {
    const rules = [rule('A', 50, 0), rule('B', 70, 0)];
    const explanation = explainScore(rules, 55);
    expect(explanation.outcome).toBe('unaccounted');
    expect(explanation.text).toContain(
      'The weights of the 2 active weighted rules add up to 0, so they have no weighted mean.',
    );
    expect(explanation.text).not.toMatch(/NaN|Infinity/);
    expect(explainScore(rules, 70).method).toBe(SCORE_METHODS.highest);
  });

  it('takes weighted rules without weight as adding nothing beside an unweighted rule', () => {
    const rules = [rule('A', 50, 0), rule('U', 30, 0, { useWeight: false })];
    const explanation = explainScore(rules, 30);
    expect(explanation.method).toBe(SCORE_METHODS.weightedThenHighest);
    expect(explanation.rules.map((item) => item.contribution)).toEqual([0, 30]);
    expect(explanation.text).toBe(
      'Score 30: the highest of the 1 active unweighted rule, U (30), sets the score alone: the ' +
        'weights of the 1 active weighted rule add up to 0, so they have no weighted mean.',
    );
  });

  it('names the rules it could not count and leaves them out, their contribution unknown', () => {
    const rules = [rule('A', 60, 10), { code: 'ODD', active: true, score: 90, weight: 5 }];
    const explanation = explainScore(rules, 60);
    expect(explanation.method).toBe(SCORE_METHODS.weightedThenHighest);
    expect(contributionOf(explanation, 'ODD')).toBeNull();
    expect(explanation.text).toContain(
      "1 rule could not be counted, so it was left out (ODD: use_weight missing or not of the interface's type).",
    );
  });

  it('does not take a score of 0 as explained when a rule it cannot read may be active', () => {
    const rules = [rule('OFF', 50, 10, { active: false }), { code: 'ODD', score: 40 }];
    const explanation = explainScore(rules, 0);
    expect(explanation.outcome).toBe('unaccounted');
    expect(explanation.text).toContain('None of the rules can be counted');
  });
});

describe('explainScore without rules or score', () => {
  it('answers no-rules when the answer carried none', () => {
    for (const rules of [[], undefined, null, 'none']) {
      const explanation = explainScore(rules, 46);
      expect(explanation).toMatchObject({ outcome: 'no-rules', method: null, rules: [] });
      expect(explanation.text).toContain('Score 46: the answer carried no rules');
    }
  });

  it('answers no-score when the score is missing or not a number, still listing the rules', () => {
    for (const score of [undefined, null, 'high', Number.NaN, '', {}]) {
      const explanation = explainScore(planRules, score);
      expect(explanation.outcome).toBe('no-score');
      expect(explanation.rules).toHaveLength(planRules.length);
      expect(explanation.rules.every((item) => item.contribution === null)).toBe(true);
    }
    expect(explainScore(planRules, 'high').text).toContain('its score is "high", not a number');
    expect(explainScore(planRules, undefined).text).toContain('the answer has no score');
  });
});
