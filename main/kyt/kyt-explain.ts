import type { KytExplanation, KytRuleView } from '../../preload/contract';
import { figure, isRecord, jsonText, textOf, usableNumber } from './loose-json';
import { SCORE_METHODS, listed, nameOf, plural, scoreCombinations } from './score-combinations';

export { SCORE_METHODS, type ScoreMethodId } from './score-combinations';

// How a KYT score comes from its rules (issue 15). The interface gives each rule `active`,
// `score`, `use_weight` and `weight` (spec, Resources: Rule) but not how they make the score, so
// CaseDesk tries the combinations services use, in a fixed order, and accepts the first that gives
// the service's score to its rounding. When none does it says so, with the figures each gave:
// an explanation is never invented.
//
// Tolerance: the service's score is taken as rounded to the decimals it is written with. An
// integer score accepts a computed figure within 0.5 of it (Math.round and banker's rounding
// both land there), 46.2 within 0.05, 46.25 within 0.005; plus a hair for floating-point sums.

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
  if (typeof score === 'number')
    return Number.isNaN(score) ? 'its score is not a number' : 'its score is infinite';
  return `its score is ${shortened(jsonText(score))}, not a number`;
}

function shortened(text: string): string {
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
  const tried = scoreCombinations(views);
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
