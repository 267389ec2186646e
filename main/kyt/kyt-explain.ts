import type { KytExplanation, KytRuleView } from '../../preload/contract';
import { figure, isRecord, jsonText, textOf, usableNumber } from './loose-json';

// How a KYT score comes from its rules (issue 15). The interface gives each rule `active`,
// `score`, `use_weight` and `weight` (spec, Resources: Rule) but not how they make the score, so
// CaseDesk tries the combinations services use, in a fixed order, and accepts the first that gives
// the service's score to its rounding. When none does it says so, with the figures each gave:
// an explanation is never invented.
//
// Tolerance: the service's score is taken as rounded to the decimals it is written with. An
// integer score accepts a computed figure within 0.5 of it (Math.round and banker's rounding
// both land there), 46.2 within 0.05, 46.25 within 0.005; plus a hair for floating-point sums.

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

/* ----- the rules as read ----- */

function codeOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'boolean' ? '' : (textOf(value) ?? '');
}

function ruleView(rule: unknown): KytRuleView {
  if (!isRecord(rule)) {
    return {
      code: rule === undefined || rule === null ? '' : codeOf(rule) || jsonText(rule),
      active: null,
      score: null,
      weight: null,
      useWeight: null,
      role: 'unclear',
      fired: false,
      contribution: null,
    };
  }
  const active = typeof rule.active === 'boolean' ? rule.active : null;
  const useWeight = typeof rule.use_weight === 'boolean' ? rule.use_weight : null;
  const score = usableNumber(rule.score);
  const weight = usableNumber(rule.weight);
  return {
    code: codeOf(rule.code),
    active,
    score,
    weight,
    useWeight,
    role: roleOf(active, useWeight, score, weight),
    fired: active === true && score !== null && score > 0,
    contribution: null,
  };
}

/**
 * Inactive first: a rule switched off is left out whatever else it carries. A weighted rule
 * without a weight cannot be counted either, so it is unclear too.
 */
function roleOf(
  active: boolean | null,
  useWeight: boolean | null,
  score: number | null,
  weight: number | null,
): KytRuleView['role'] {
  if (active === false) return 'inactive';
  if (active === null || useWeight === null || score === null) return 'unclear';
  if (useWeight) return weight === null ? 'unclear' : 'weighted';
  return 'unweighted';
}

/** The answer's `rules`, whatever their shape, as the screens show them (contribution null). */
export function ruleViews(rules: unknown): KytRuleView[] {
  return Array.isArray(rules) ? rules.map((rule: unknown) => ruleView(rule)) : [];
}

/* ----- the combinations ----- */

interface Candidate {
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

function nameOf(rule: KytRuleView, place: number): string {
  return rule.code === '' ? `rule #${place + 1}` : rule.code;
}

function listed(items: string[]): string {
  const shown = items.slice(0, NAMED);
  const more = items.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/** Contributions with 0 for every counted rule but those `points` names, null for the others. */
function spread(rules: readonly KytRuleView[], points: ReadonlyMap<number, number>) {
  return rules.map((rule, place) =>
    rule.role === 'inactive' ? 0 : counted(rule) ? (points.get(place) ?? 0) : null,
  );
}

function candidates(rules: readonly KytRuleView[]): Candidate[] {
  const places = rules.map((_, place) => place);
  const weighted = places.filter((place) => rules[place]?.role === 'weighted');
  const unweighted = places.filter((place) => rules[place]?.role === 'unweighted');
  const active = [...weighted, ...unweighted].sort((left, right) => left - right);
  const score = (place: number) => rules[place]?.score ?? 0;
  const weight = (place: number) => rules[place]?.weight ?? 0;
  const name = (place: number) => nameOf(rules[place] as KytRuleView, place);
  const found: Candidate[] = [];

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

/* ----- tolerance ----- */

/** How many decimals the score is written with (0 for 46, 1 for 46.2), up to 10. */
function decimalsOf(score: number): number {
  for (let decimals = 0; decimals < 10; decimals += 1) {
    if (Number(score.toFixed(decimals)) === score) return decimals;
  }
  return 10;
}

/** Half a unit of the score's last decimal: how far the service's rounding may have moved it. */
export function scoreRounding(score: number): number {
  return 0.5 * 10 ** -decimalsOf(score);
}

/** The rounding, and a hair for floating-point sums. */
export function scoreTolerance(score: number): number {
  return scoreRounding(score) + 1e-9 * Math.max(1, Math.abs(score));
}

/* ----- the explanation ----- */

function notCountedNotes(rules: readonly KytRuleView[]): string {
  const notes: string[] = [];
  const inactive = rules.flatMap((rule, place) => (rule.role === 'inactive' ? [place] : []));
  if (inactive.length > 0) {
    const scored = inactive.map((place) => {
      const rule = rules[place] as KytRuleView;
      return rule.score === null
        ? `${nameOf(rule, place)}, no score`
        : `${nameOf(rule, place)} ${figure(rule.score)}`;
    });
    const [only] = inactive;
    const one = only === undefined ? undefined : rules[only];
    notes.push(
      only !== undefined && one !== undefined && inactive.length === 1
        ? `1 inactive rule (${nameOf(one, only)}) was ${
            one.score === null ? 'sent without a score' : `scored ${figure(one.score)}`
          } but ignored.`
        : `${inactive.length} inactive rules were scored but ignored (${listed(scored)}).`,
    );
  }
  const unclear = rules.flatMap((rule, place) => (rule.role === 'unclear' ? [place] : []));
  if (unclear.length > 0) {
    const why = unclear.map((place) => {
      const rule = rules[place] as KytRuleView;
      return `${nameOf(rule, place)}: ${unclearReason(rule)}`;
    });
    notes.push(
      `${plural(unclear.length, 'rule')} could not be counted, so ${
        unclear.length === 1 ? 'it was' : 'they were'
      } left out (${listed(why)}).`,
    );
  }
  return notes.join(' ');
}

function unclearReason(rule: KytRuleView): string {
  const missing: string[] = [];
  if (rule.active === null) missing.push('active');
  if (rule.useWeight === null) missing.push('use_weight');
  if (rule.score === null) missing.push('score');
  if (rule.useWeight === true && rule.weight === null) missing.push('weight');
  return missing.length === 0
    ? 'not a rule object'
    : `${missing.join(', ')} missing or not of the interface's type`;
}

function sentence(...parts: string[]): string {
  return parts.filter((part) => part !== '').join(' ');
}

function scoreMemberSays(score: unknown): string {
  if (score === undefined || score === null) return 'the answer has no score';
  if (typeof score === 'number') return `its score is ${String(score)}, not a finite number`;
  return `its score is ${bounded(jsonText(score))}, not a number`;
}

function bounded(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** How the rules account for the score, or a plain statement that they do not. */
export function explainScore(rules: unknown, score: unknown): KytExplanation {
  const views = ruleViews(rules);
  const finalScore = usableNumber(score);
  const notes = notCountedNotes(views);
  if (views.length === 0) {
    return {
      rules: views,
      outcome: 'no-rules',
      method: null,
      computedScore: null,
      text:
        finalScore === null
          ? 'The answer carried neither rules nor a usable score, so there is nothing to explain.'
          : `Score ${String(finalScore)}: the answer carried no rules, so CaseDesk cannot say how it came about.`,
    };
  }
  if (finalScore === null) {
    return {
      rules: views,
      outcome: 'no-score',
      method: null,
      computedScore: null,
      text: sentence(
        `No usable score: ${scoreMemberSays(score)}, so the ${plural(views.length, 'rule')} cannot be set against it.`,
        notes,
      ),
    };
  }

  const tolerance = scoreTolerance(finalScore);
  const tried = candidates(views);
  const accepted = tried.find((candidate) => Math.abs(candidate.value - finalScore) <= tolerance);
  if (accepted) {
    return {
      rules: views.map((rule, place) => ({
        ...rule,
        contribution: accepted.contributions[place] ?? null,
      })),
      outcome: 'accounted',
      method: SCORE_METHODS[accepted.id],
      computedScore: accepted.value,
      text: sentence(`Score ${String(finalScore)}: ${accepted.says}.`, notes),
    };
  }

  const figures = tried.map(
    (candidate) => `${SCORE_METHODS[candidate.id]}: ${figure(candidate.value)}`,
  );
  return {
    rules: views,
    outcome: 'unaccounted',
    method: null,
    computedScore: null,
    text: sentence(
      `Score ${String(finalScore)}: the rules do not account for this score.`,
      figures.length === 0
        ? 'None of the rules can be counted, so CaseDesk cannot say how the score came about.'
        : `None of the combinations services use comes within ${String(
            scoreRounding(finalScore),
          )} of it (${figures.join('; ')}).`,
      weightsNote(views),
      notes,
    ),
  };
}

/** Said when weighted rules' weights add up to 0 or less: no weighted mean can be taken. */
function weightsNote(rules: readonly KytRuleView[]): string {
  const weighted = rules.filter((rule) => rule.role === 'weighted');
  const total = weighted.reduce((sum, rule) => sum + (rule.weight ?? 0), 0);
  if (weighted.length === 0 || total > 0) return '';
  return `The weights of the ${plural(weighted.length, 'active weighted rule')} add up to ${figure(total)}, so they have no weighted mean.`;
}
