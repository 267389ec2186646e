import type { KytComparison, KytRuleRole, KytRuleView } from '../../../../preload/contract';

// Rules and their changes in words: a table cell never tells a thing by colour alone.

const ROLES: Record<KytRuleRole, string> = {
  weighted: 'Weighted',
  unweighted: 'Counts on its own',
  inactive: 'Inactive: scored, ignored',
  unclear: 'Unclear',
};

export const roleText = (role: KytRuleRole): string => ROLES[role] ?? role;

export const yesNoText = (value: boolean | null): string =>
  value === null ? '—' : value ? 'Yes' : 'No';

const NUMBER = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export const ruleNumber = (value: number | null): string =>
  value === null || !Number.isFinite(value) ? '—' : NUMBER.format(value);

/** What a rule adds to the final score, in points; an ignored rule says so. */
export function contributionText(rule: KytRuleView): string {
  if (rule.role === 'inactive') return 'Ignored';
  if (rule.contribution === null) return '—';
  return `${NUMBER.format(rule.contribution)} points`;
}

export type RuleChange = KytComparison['rules'][number]['change'];

const CHANGES: Record<RuleChange, string> = {
  'started-firing': 'Started firing',
  'stopped-firing': 'Stopped firing',
  score: 'Score changed',
  weight: 'Weight changed',
  same: 'Same',
  'only-a': 'Only in A',
  'only-b': 'Only in B',
};

export const changeText = (change: RuleChange): string => CHANGES[change] ?? change;

/** Changes that alter which rules fire: shown first and marked. */
export const firesDifferently = (change: RuleChange): boolean =>
  change === 'started-firing' || change === 'stopped-firing';

/** A rule's side of a comparison in one line: "fired, score 100, weight 40". */
export function ruleSideText(rule: KytRuleView | null): string {
  if (!rule) return 'Not in this answer';
  const parts = [
    rule.fired ? 'Fired' : rule.role === 'inactive' ? 'Inactive' : 'Did not fire',
    `score ${ruleNumber(rule.score)}`,
    `weight ${ruleNumber(rule.weight)}`,
  ];
  if (rule.useWeight === false) parts.push('counts on its own');
  return parts.join(', ');
}
