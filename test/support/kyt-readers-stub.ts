import type {
  KytAnswerView,
  KytComparison,
  KytExplanation,
  KytRuleView,
  KytStateView,
} from '../../preload/contract';
import type { AnswerBrief, ResolveCustomer } from '../../main/kyt/kyt-answer';
import type { ComparedSide } from '../../main/kyt/kyt-compare';

// Stand-ins for the pure readers of a KYT answer (main/kyt/kyt-answer.ts, kyt-explain.ts,
// kyt-compare.ts), which are built apart: total functions, simple on purpose, so the tests of the
// core (store, sender, service, bridge, command line) test the core and not the readers. Test files
// put them in with vi.mock(…, () => import('…/kyt-readers-stub').then((m) => m.answerModule)).

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function stateView(state: unknown): KytStateView | null {
  const object = record(state);
  if (!object) return typeof state === 'string' ? { text: state, code: null, members: [] } : null;
  const code =
    typeof object.code === 'string' || typeof object.code === 'number' ? String(object.code) : null;
  return {
    text: textOf(object.label) ?? textOf(object.name) ?? code ?? JSON.stringify(object),
    code,
    members: Object.entries(object).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
  };
}

function answerBrief(raw: unknown): AnswerBrief {
  const answer = record(raw) ?? {};
  return {
    serviceId: textOf(answer.id),
    score: finite(answer.score),
    state: stateView(answer.state),
    convertedAmount: finite(answer.converted_amount),
    convertedCurrency: textOf(answer.converted_currency),
    customers: Array.isArray(answer.customers)
      ? answer.customers.filter((id): id is string => typeof id === 'string')
      : [],
  };
}

function answerView(raw: unknown, resolve: ResolveCustomer): KytAnswerView {
  const brief = answerBrief(raw);
  return {
    serviceId: brief.serviceId ?? '',
    score: brief.score,
    state: brief.state,
    convertedAmount: brief.convertedAmount,
    convertedCurrency: brief.convertedCurrency,
    convertedDate: null,
    clientId: null,
    customers: brief.customers.map((id) => {
      const known = resolve(id);
      return { id, externalId: known?.externalId ?? null, name: known?.name ?? null };
    }),
    from: null,
    to: null,
    searchVector: [],
    raw: JSON.stringify(raw, null, 2) ?? String(raw),
  };
}

function ruleViews(rules: unknown): KytRuleView[] {
  return (Array.isArray(rules) ? rules : []).map((rule) => {
    const object = record(rule) ?? {};
    const active = typeof object.active === 'boolean' ? object.active : null;
    const score = finite(object.score);
    return {
      code: textOf(object.code) ?? '',
      active,
      score,
      weight: finite(object.weight),
      useWeight: typeof object.use_weight === 'boolean' ? object.use_weight : null,
      role: active === false ? 'inactive' : object.use_weight === true ? 'weighted' : 'unweighted',
      fired: active === true && (score ?? 0) > 0,
      contribution: null,
    };
  });
}

function explainScore(rules: unknown, score: unknown): KytExplanation {
  const views = ruleViews(rules);
  return {
    rules: views,
    outcome: views.length === 0 ? 'no-rules' : finite(score) === null ? 'no-score' : 'unaccounted',
    method: null,
    computedScore: null,
    text: `Stub explanation: ${views.length} rule(s) for a score of ${String(finite(score))}.`,
  };
}

/** Every leaf of a transaction by its dotted path, as text. */
function leaves(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  const object = record(value);
  if (object)
    for (const [key, inner] of Object.entries(object))
      leaves(inner, path ? `${path}.${key}` : key, out);
  else out.set(path, JSON.stringify(value));
  return out;
}

function compareSubmissions(a: ComparedSide, b: ComparedSide): KytComparison {
  const left = leaves(a.transaction, '', new Map());
  const right = leaves(b.transaction, '', new Map());
  const paths = [...new Set([...left.keys(), ...right.keys()])].filter(
    (path) => path !== 'external_id' && left.get(path) !== right.get(path),
  );
  const scoreA = answerBrief(a.answer).score;
  const scoreB = answerBrief(b.answer).score;
  return {
    a: a.summary,
    b: b.summary,
    inputs: paths.map((path) => ({
      path,
      label: path === 'amount' ? 'Amount' : path,
      a: left.get(path) ?? null,
      b: right.get(path) ?? null,
    })),
    rules: [],
    scoreA,
    scoreB,
    scoreChange: scoreA !== null && scoreB !== null ? scoreB - scoreA : null,
    stateA: a.summary.state?.text ?? null,
    stateB: b.summary.state?.text ?? null,
  };
}

export const answerModule = { answerBrief, stateView, answerView };
export const explainModule = { ruleViews, explainScore };
export const compareModule = { compareSubmissions };
