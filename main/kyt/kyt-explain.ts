import type { KytExplanation, KytRuleView } from '../../preload/contract';

// Scaffold: replaced by the explanation of a score from its rules.

/** The answer's `rules`, whatever their shape, as the screens show them (contribution null). */
export function ruleViews(_rules: unknown): KytRuleView[] {
  throw new Error('ruleViews: not built yet');
}

/** How the rules account for the score, or a plain statement that they do not. */
export function explainScore(_rules: unknown, _score: unknown): KytExplanation {
  throw new Error('explainScore: not built yet');
}
