import type { KytRuleView } from '../../preload/contract';
import { figure } from './loose-json';

// The combinations of a KYT answer's rules that services use to make its score, each with the
// figure it gives, the points each rule accounts for under it, and the words saying how. Which one
// the service used is decided by main/kyt/kyt-explain.ts; nothing here knows the service's score.

/** The combinations tried, in order; the text of each is what `method` says. */
export const SCORE_METHODS = {
  weightedThenHighest:
    'weighted mean of the active weighted rules, then the highest of it and the active unweighted rules',
  weightedMean: 'weighted mean of the active weighted rules',
  highest: 'highest score among the active rules',
  weightedSum: 'sum of weight × score ÷ 100 over the active weighted rules, capped at 100',
  mean: 'plain mean of the scores of the active rules',
  noActiveRule: 'no active rule: nothing adds to the score',
} as const;
export type ScoreMethodId = keyof typeof SCORE_METHODS;

export interface ScoreCombination {
  id: ScoreMethodId;
  value: number;
  /** Points of `value` per rule (same order as the rules); null for rules it cannot count. */
  contributions: Array<number | null>;
  /** The sentence saying how the figure came out, after "Score N: ". */
  says: string;
}

/** Numbers of a counted rule: only weighted and unweighted rules have them all. */
type Counted = KytRuleView & { score: number; weight: number | null };

const counted = (rule: KytRuleView): rule is Counted =>
  rule.role === 'weighted' || rule.role === 'unweighted';

/** How many rules the text lists by name before saying "and N more". */
const NAMED = 8;

export function nameOf(rule: KytRuleView, place: number): string {
  return rule.code === '' ? `rule #${place + 1}` : rule.code;
}

export function listed(items: string[]): string {
  const shown = items.slice(0, NAMED);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** Contributions with 0 for every counted rule but those `points` names, null for the others. */
function spread(rules: readonly KytRuleView[], points: ReadonlyMap<number, number>) {
  return rules.map((rule, place) =>
    rule.role === 'inactive' ? 0 : counted(rule) ? (points.get(place) ?? 0) : null,
  );
}

export function scoreCombinations(rules: readonly KytRuleView[]): ScoreCombination[] {
  const places = rules.map((_, place) => place);
  const weighted = places.filter((place) => rules[place]?.role === 'weighted');
  const unweighted = places.filter((place) => rules[place]?.role === 'unweighted');
  const active = [...weighted, ...unweighted].sort((left, right) => left - right);
  const score = (place: number) => rules[place]?.score ?? 0;
  const weight = (place: number) => rules[place]?.weight ?? 0;
  const name = (place: number) => nameOf(rules[place] as KytRuleView, place);
  const found: ScoreCombination[] = [];

  if (active.length === 0) {
    // Zero is what no rule gives only when every rule is known to be off; a rule that could not
    // be read may be active, and then nothing can be said.
    if (rules.some((rule) => rule.role === 'unclear')) return [];
    return [
      {
        id: 'noActiveRule',
        value: 0,
        contributions: spread(rules, new Map()),
        says: 'no rule is active, so no rule adds to the score',
      },
    ];
  }

  const totalWeight = weighted.reduce((sum, place) => sum + weight(place), 0);
  const weightedSum = weighted.reduce((sum, place) => sum + weight(place) * score(place), 0);
  // Weights adding up to 0 (or less) give no mean: nothing is divided by them.
  const mean = weighted.length > 0 && totalWeight > 0 ? weightedSum / totalWeight : null;
  const byPoints = [...weighted].sort(
    (left, right) => weight(right) * score(right) - weight(left) * score(left),
  );
  const meanSays = (value: number) =>
    `the weighted mean of the ${plural(weighted.length, 'active weighted rule')} is ${figure(value)} (${listed(
      byPoints.map(
        (place) => `${name(place)} ${figure(score(place))} × weight ${figure(weight(place))}`,
      ),
    )}; weights add up to ${figure(totalWeight)})`;
  const meanPoints = new Map(
    weighted.map((place) => [place, (weight(place) * score(place)) / totalWeight]),
  );
  const highestOf = (among: number[]) =>
    among.reduce<number | null>(
      (best, place) => (best === null || score(place) > score(best) ? place : best),
      null,
    );
  const topUnweighted = highestOf(unweighted);

  // (1) The sandbox's model and the one the plan names first.
  if (mean !== null && (topUnweighted === null || mean >= score(topUnweighted))) {
    const against =
      topUnweighted === null
        ? 'there is no active unweighted rule'
        : `${mean > score(topUnweighted) ? 'above' : 'level with'} the highest unweighted rule (${name(
            topUnweighted,
          )} ${figure(score(topUnweighted))}), which adds nothing`;
    found.push({
      id: 'weightedThenHighest',
      value: mean,
      contributions: spread(rules, meanPoints),
      says: `${meanSays(mean)}, ${against}`,
    });
  } else if (topUnweighted !== null) {
    // Without a weighted mean (no weighted rule, or weights adding up to 0) the weighted part
    // adds nothing, and the highest unweighted rule is the score.
    const top = score(topUnweighted);
    const ties = unweighted.filter((place) => place !== topUnweighted && score(place) === top);
    const against =
      mean !== null
        ? `it is above the weighted mean of the ${plural(weighted.length, 'active weighted rule')} (${figure(mean)})`
        : weighted.length === 0
          ? 'there is no active weighted rule'
          : `the weights of the ${plural(weighted.length, 'active weighted rule')} add up to ${figure(totalWeight)}, so they have no weighted mean`;
    found.push({
      id: 'weightedThenHighest',
      value: top,
      contributions: spread(rules, new Map([[topUnweighted, top]])),
      says:
        `the highest of the ${plural(unweighted.length, 'active unweighted rule')}, ` +
        `${name(topUnweighted)} (${figure(top)}), sets the score alone: ${against}` +
        (ties.length > 0 ? `; ${listed(ties.map(name))} scored the same` : ''),
    });
  }

  // (2) The weighted rules alone, the unweighted ones left out.
  if (mean !== null) {
    found.push({
      id: 'weightedMean',
      value: mean,
      contributions: spread(rules, meanPoints),
      says:
        meanSays(mean) +
        (unweighted.length === 0
          ? ''
          : unweighted.length === 1
            ? '; the active unweighted rule does not count'
            : `; the ${unweighted.length} active unweighted rules do not count`),
    });
  }

  // (3) The strongest active rule alone.
  const top = highestOf(active);
  if (top !== null) {
    found.push({
      id: 'highest',
      value: score(top),
      contributions: spread(rules, new Map([[top, score(top)]])),
      says: `the highest of the ${plural(active.length, 'active rule')} is ${name(top)} (${figure(score(top))}), which sets the score alone`,
    });
  }

  // (4) Weighted points added up, each weight read as a share of 100.
  if (weighted.length > 0) {
    const sum = weightedSum / 100;
    const value = Math.min(100, sum);
    const scale = sum > 100 ? 100 / sum : 1;
    found.push({
      id: 'weightedSum',
      value,
      contributions: spread(
        rules,
        new Map(weighted.map((place) => [place, ((weight(place) * score(place)) / 100) * scale])),
      ),
      says:
        `weight × score ÷ 100 over the ${plural(weighted.length, 'active weighted rule')} adds up to ${figure(sum)}` +
        (sum > 100 ? ', capped at 100' : ''),
    });
  }

  // (5) Every active rule counted the same.
  const plainMean = active.reduce((sum, place) => sum + score(place), 0) / active.length;
  found.push({
    id: 'mean',
    value: plainMean,
    contributions: spread(
      rules,
      new Map(active.map((place) => [place, score(place) / active.length])),
    ),
    says: `the plain mean of the ${plural(active.length, 'active rule')} is ${figure(plainMean)}`,
  });

  return found.filter(
    (candidate) =>
      Number.isFinite(candidate.value) &&
      candidate.contributions.every((points) => points === null || Number.isFinite(points)),
  );
}
