// Transaction monitoring (KYT): how the rules' scores make the transaction's score and state.
//
//   weighted   = Σ weight × score / Σ weight   over ACTIVE rules with use_weight (0 when none)
//   unweighted = max score                     over ACTIVE rules without use_weight (0 when none)
//   score      = round(max(weighted, unweighted))
//
// Inactive rules are scored and returned all the same, and ignored. States follow from the score:
// >= 70 blocked, >= 40 review, else accepted.
import type { KytRule, KytState } from '../../model';
import { KYT_RULES, type KytInput } from './rules';

export interface KytEvaluation {
  score: number;
  rules: KytRule[];
  state: KytState;
}

export const BLOCKED_FROM = 70;
export const REVIEW_FROM = 40;

export function stateForScore(score: number): KytState {
  if (score >= BLOCKED_FROM) return { code: 'blocked', label: 'Blocked' };
  if (score >= REVIEW_FROM) return { code: 'review', label: 'Under review' };
  return { code: 'accepted', label: 'Accepted' };
}

/** The transaction's score from its rules, by the formula above. */
export function scoreFromRules(rules: readonly KytRule[]): number {
  let weightSum = 0;
  let weightedSum = 0;
  let unweighted = 0;
  for (const rule of rules) {
    if (!rule.active) continue;
    if (rule.use_weight) {
      weightSum += rule.weight;
      weightedSum += rule.weight * rule.score;
    } else {
      unweighted = Math.max(unweighted, rule.score);
    }
  }
  const weighted = weightSum > 0 ? weightedSum / weightSum : 0;
  return Math.round(Math.max(weighted, unweighted));
}

const ruleScore = (value: number) =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;

export function evaluateTransaction(input: KytInput): KytEvaluation {
  const rules: KytRule[] = KYT_RULES.map((rule) => ({
    active: rule.active,
    code: rule.code,
    score: ruleScore(rule.evaluate(input)),
    use_weight: rule.useWeight,
    weight: rule.weight,
  }));
  const score = scoreFromRules(rules);
  return { score, rules, state: stateForScore(score) };
}
