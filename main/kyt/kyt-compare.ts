import {
  KYT_FIELDS,
  type KytComparison,
  type KytRuleView,
  type KytSubmissionSummary,
  type KytTransaction,
} from '../../preload/contract';
import { answerBrief } from './kyt-answer';
import { explainScore } from './kyt-explain';
import { canonicalJsonText, isRecord, jsonText } from './loose-json';

// The what-if comparison (issue 15): two kept submissions side by side, `a` the one compared
// against. Which inputs differ, how each rule moved, and the score change. Pure: the core reads
// both submissions from the local store and hands them here. Any two submissions may be compared,
// answered or not, and an answer of any shape is read as the answer reader reads it.

/** One side of a comparison: what was sent and what was answered (raw). */
export interface ComparedSide {
  summary: KytSubmissionSummary;
  transaction: KytTransaction;
  /** The answer as received, or null when none is kept. */
  answer: unknown;
}

type InputRow = KytComparison['inputs'][number];
type RuleRow = KytComparison['rules'][number];

/** Members compared whole, as JSON: their inside is the tenant's own (spec: `fields` is any). */
const WHOLE_AT_TOP = new Set(['fields']);

const FIELD_PLACE: ReadonlyMap<string, number> = new Map(
  KYT_FIELDS.map((field, place) => [field.path, place]),
);
const FIELD_LABEL: ReadonlyMap<string, string> = new Map(
  KYT_FIELDS.map((field) => [field.path, field.label]),
);

const DEEPEST = 16;

/** A leaf as compared and shown: text as sent, lists and custom fields as JSON. */
function leafText(value: unknown, whole: boolean): string {
  if (typeof value === 'string') return value;
  if (whole) return canonicalJsonText(value);
  return jsonText(value);
}

/**
 * The body as leaf paths (`from.device.ip`) and their text. Lists are one leaf each (the order
 * of review groups is what was sent); members absent or null are no leaf.
 */
export function flattenTransaction(transaction: unknown): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (value: unknown, path: string, depth: number) => {
    if (value === undefined || value === null) return;
    if (depth === 0 && !isRecord(value)) return;
    const whole = depth === 1 && WHOLE_AT_TOP.has(path);
    if (isRecord(value) && !whole && depth < DEEPEST) {
      for (const [name, inner] of Object.entries(value)) {
        walk(inner, path === '' ? name : `${path}.${name}`, depth + 1);
      }
      return;
    }
    found.set(path, leafText(value, whole || Array.isArray(value)));
  };
  walk(transaction, '', 0);
  return found;
}

/** Known fields in the form's order, then any other path in code-point order. */
function byFieldOrder(left: string, right: string): number {
  const leftPlace = FIELD_PLACE.get(left);
  const rightPlace = FIELD_PLACE.get(right);
  if (leftPlace !== undefined && rightPlace !== undefined) return leftPlace - rightPlace;
  if (leftPlace !== undefined) return -1;
  if (rightPlace !== undefined) return 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

export function inputDifferences(a: unknown, b: unknown): InputRow[] {
  const left = flattenTransaction(a);
  const right = flattenTransaction(b);
  const paths = [...new Set([...left.keys(), ...right.keys()])].sort(byFieldOrder);
  return paths.flatMap((path) => {
    const before = left.get(path) ?? null;
    const after = right.get(path) ?? null;
    if (before === after) return [];
    return [{ path, label: FIELD_LABEL.get(path) ?? path, a: before, b: after }];
  });
}

/**
 * `weight` covers every change in how a rule counts that is not its firing or its score: its
 * weight, its use_weight, or its active flag while it scores 0.
 */
function changeOf(a: KytRuleView, b: KytRuleView): RuleRow['change'] {
  if (!a.fired && b.fired) return 'started-firing';
  if (a.fired && !b.fired) return 'stopped-firing';
  if (a.score !== b.score) return 'score';
  if (a.weight !== b.weight || a.useWeight !== b.useWeight || a.active !== b.active) {
    return 'weight';
  }
  return 'same';
}

/**
 * Rules paired by code, occurrence by occurrence (an answer may name a code twice): in `a`'s
 * order, then those only `b` has in its order. Every pair is listed, unchanged ones too, so the
 * screen can show the whole table.
 */
export function ruleChanges(a: readonly KytRuleView[], b: readonly KytRuleView[]): RuleRow[] {
  const waiting = new Map<string, KytRuleView[]>();
  for (const rule of b) {
    const list = waiting.get(rule.code);
    if (list) list.push(rule);
    else waiting.set(rule.code, [rule]);
  }
  const rows: RuleRow[] = a.map((rule) => {
    const match = waiting.get(rule.code)?.shift();
    if (match === undefined) return { code: rule.code, a: rule, b: null, change: 'only-a' };
    return { code: rule.code, a: rule, b: match, change: changeOf(rule, match) };
  });
  const paired = new Set(rows.flatMap((row) => (row.b === null ? [] : [row.b])));
  for (const rule of b) {
    if (!paired.has(rule)) rows.push({ code: rule.code, a: null, b: rule, change: 'only-b' });
  }
  return rows;
}

function answered(side: ComparedSide) {
  const answer: unknown = side.answer;
  const brief = answerBrief(answer);
  const members = isRecord(answer) ? answer : {};
  return {
    score: brief.score ?? side.summary.score,
    state: brief.state?.text ?? side.summary.state?.text ?? null,
    rules: explainScore(members.rules, members.score).rules,
  };
}

export function compareSubmissions(a: ComparedSide, b: ComparedSide): KytComparison {
  const left = answered(a);
  const right = answered(b);
  return {
    a: a.summary,
    b: b.summary,
    inputs: inputDifferences(a.transaction, b.transaction),
    rules: ruleChanges(left.rules, right.rules),
    scoreA: left.score,
    scoreB: right.score,
    // Two scores at the ends of what a number holds differ by more than it can hold: no change
    // is said rather than an infinite one.
    scoreChange:
      left.score !== null && right.score !== null ? finiteOrNull(right.score - left.score) : null,
    stateA: left.state,
    stateB: right.state,
  };
}

const finiteOrNull = (value: number): number | null => (Number.isFinite(value) ? value : null);
