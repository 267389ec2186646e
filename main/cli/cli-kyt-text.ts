import type {
  KytComparison,
  KytExplanation,
  KytList,
  KytRuleView,
  KytSubmissionDetail,
  KytSubmissionSummary,
} from '../../preload/contract';
import { terminalText } from './cli-press-text';

// Human output of `kyt …`. Names, labels, rule codes and the state are the service's or the
// investigator's text: printed one per line without control or bidirectional characters.

const t = terminalText;

const amountOf = (summary: KytSubmissionSummary) => `${summary.amount} ${t(summary.currency)}`;

function party(name: string | null, externalId: string | null): string {
  if (name && externalId) return `${t(name)} (${t(externalId)})`;
  return t(name ?? externalId ?? '(unnamed)');
}

const partiesOf = (summary: KytSubmissionSummary) =>
  `${party(summary.fromName, summary.fromExternalId)} → ${party(summary.toName, summary.toExternalId)}`;

const numberText = (value: number | null) => (value === null ? '—' : String(value));
const flagText = (value: boolean | null) => (value === null ? '—' : value ? 'yes' : 'no');

function ruleLine(rule: KytRuleView): string {
  const contribution =
    rule.contribution === null ? '' : `, contributes ${Math.round(rule.contribution * 100) / 100}`;
  return `  ${t(rule.code) || '(no code)'}: ${rule.role}, active ${flagText(rule.active)}, score ${numberText(rule.score)}, weight ${numberText(rule.weight)}, use weight ${flagText(rule.useWeight)}${contribution}`;
}

function explanationLines(explanation: KytExplanation): string[] {
  const lines = [`Explanation: ${t(explanation.text)}`];
  if (explanation.rules.length) {
    lines.push(`Rules (${explanation.rules.length}):`);
    for (const rule of explanation.rules) lines.push(ruleLine(rule));
  }
  return lines;
}

/** A submission as an investigator reads it in a terminal. */
export function detailText(detail: KytSubmissionDetail): string {
  const { summary } = detail;
  const lines = [
    `Transaction ${t(summary.id)} (external id ${t(summary.externalId)}): ${summary.status}`,
    `  ${amountOf(summary)}  ${partiesOf(summary)}${summary.label ? `  “${t(summary.label)}”` : ''}`,
  ];
  if (summary.statusReason) lines.push(`  ${t(summary.statusReason)}`);
  if (summary.serviceId) lines.push(`Service id: ${t(summary.serviceId)}`);
  if (detail.answer || summary.score !== null || summary.state)
    lines.push(`Score: ${numberText(summary.score)}   State: ${t(summary.state?.text ?? '—')}`);
  if (summary.convertedAmount !== null)
    lines.push(`Converted: ${summary.convertedAmount} ${t(summary.convertedCurrency ?? '')}`);
  if (detail.answer?.customers.length)
    lines.push(
      `Linked customers: ${detail.answer.customers
        .map((customer) =>
          customer.name
            ? `${t(customer.name)} (${t(customer.externalId ?? customer.id)})`
            : t(customer.id),
        )
        .join(', ')}`,
    );
  if (detail.explanation) lines.push(...explanationLines(detail.explanation));
  if (detail.outboxItemId) lines.push(`Outbox item: ${detail.outboxItemId}`);
  return `${lines.join('\n')}\n`;
}

/** Kept submissions, newest first, one per line. */
export function listText(list: KytList): string {
  const lines = list.submissions.map((summary) =>
    [
      summary.createdAt.slice(0, 19).replace('T', ' '),
      summary.status.padEnd(11),
      amountOf(summary).padStart(14),
      `score ${numberText(summary.score)}`.padEnd(9),
      t(summary.state?.text ?? '—').padEnd(10),
      partiesOf(summary),
      t(summary.id),
    ].join('  '),
  );
  const shown = list.submissions.length;
  lines.push(
    `${shown === list.total ? shown : `${shown} of ${list.total}`} transaction${list.total === 1 ? '' : 's'}` +
      (list.inDoubt ? `; ${list.inDoubt} in doubt, waiting for your word (in the app)` : ''),
  );
  return `${lines.join('\n')}\n`;
}

const ruleState = (rule: KytRuleView | null) =>
  rule
    ? `score ${numberText(rule.score)}, weight ${numberText(rule.weight)}${rule.fired ? ', fired' : ''}`
    : 'absent';

/** What changed between two submissions: inputs, rules and the score. */
export function diffText(comparison: KytComparison): string {
  const { a, b } = comparison;
  const change =
    comparison.scoreChange === null
      ? ''
      : ` (${comparison.scoreChange > 0 ? '+' : ''}${comparison.scoreChange})`;
  const lines = [
    `A: ${t(a.id)}  ${amountOf(a)}  ${partiesOf(a)}`,
    `B: ${t(b.id)}  ${amountOf(b)}  ${partiesOf(b)}`,
    `Score: ${numberText(comparison.scoreA)} → ${numberText(comparison.scoreB)}${change}`,
    `State: ${t(comparison.stateA ?? '—')} → ${t(comparison.stateB ?? '—')}`,
    `Inputs changed (${comparison.inputs.length}):`,
  ];
  for (const input of comparison.inputs)
    lines.push(`  ${t(input.label)}: ${t(input.a ?? '—')} → ${t(input.b ?? '—')}`);
  if (comparison.inputs.length === 0) lines.push('  (none)');
  const changed = comparison.rules.filter((rule) => rule.change !== 'same');
  lines.push(`Rules changed (${changed.length} of ${comparison.rules.length}):`);
  for (const rule of changed)
    lines.push(
      `  ${t(rule.code) || '(no code)'}: ${rule.change} — A ${ruleState(rule.a)}; B ${ruleState(rule.b)}`,
    );
  if (changed.length === 0) lines.push('  (none)');
  return `${lines.join('\n')}\n`;
}
