import type {
  CustomerDraft,
  RelationDraft,
  SaveLineReport,
  SaveProblem,
  SaveReport,
} from '../../preload/contract';
import type { WireSaveResponse } from '../api/wire/customer';

// The answer of POST /customers/save read as the form shows it: one report per line sent, each
// problem beside the field it names. The interface gives neither the error codes nor the order
// of `detail` (spec, Errors 5-6; Gaps), so lines are matched by their ids and fields are told
// from the words of each problem; what cannot be placed is kept, never dropped.

type Problem = { error?: string | null; detail?: string | null };
type DetailLine = {
  external_id?: string | null;
  errors?: Problem[] | null;
  warnings?: Problem[] | null;
};

/** What was sent, as the answer is matched against it. */
export interface SentLines {
  customers: readonly CustomerDraft[];
  relations: readonly RelationDraft[];
}

const CUSTOMER_FIELDS = [
  'external_id',
  'account_type',
  'alias_ids',
  'comment',
  'company_name',
  'contacts',
  'date_of_birth',
  'disabled',
  'domicile_codes',
  'fields',
  'first_name',
  'middle_name',
  'last_name',
  'kyc_level',
  'kyc_level_requested',
  'nationality_codes',
  'parent_external_id',
  'phone',
  'registration_number',
  'review_groups',
  'trading_name',
  'variations',
] as const;

const RELATION_FIELDS = [
  'relation_external_id',
  'parent_customer_external_id',
  'child_customer_external_id',
  'relation_type',
  'disabled',
  'fields',
] as const;

/** Other words a service may use for a field (the read shape's names among them). */
const CUSTOMER_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['nationality_code', 'nationality_codes'],
  ['nationality', 'nationality_codes'],
  ['domicile_code', 'domicile_codes'],
  ['domicile', 'domicile_codes'],
  ['birth', 'date_of_birth'],
  ['dob', 'date_of_birth'],
  ['parent', 'parent_external_id'],
  ['custom_fields', 'fields'],
  ['custom_field', 'fields'],
  ['name_variations', 'variations'],
  ['variation', 'variations'],
  ['alias', 'alias_ids'],
  ['review_group', 'review_groups'],
  ['contact', 'contacts'],
  ['kyc_requested', 'kyc_level_requested'],
  ['kyc', 'kyc_level'],
  ['duplicate_external_id', 'external_id'],
];

const RELATION_ALIASES: ReadonlyArray<readonly [string, string]> = [
  ['parent', 'parent_customer_external_id'],
  ['child', 'child_customer_external_id'],
  ['relation_type', 'relation_type'],
  ['custom_fields', 'fields'],
  ['custom_field', 'fields'],
];

/** Words of a code or a detail: `date_of_birth`, `customers[0].fields.risk` split at non-word characters. */
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9_]+/)
    .filter(Boolean);

/** The longest known name a text says, as a whole word or as a part of a code's word. */
function namedIn(
  text: string,
  names: readonly string[],
  aliases: ReadonlyArray<readonly [string, string]>,
): string | null {
  const said = words(text);
  const exact = [...names].sort((a, b) => b.length - a.length).find((name) => said.includes(name));
  if (exact) return exact;
  // Codes such as `invalid_date_of_birth`, `last_name_required`: a name inside one word.
  const inside = [...names]
    .sort((a, b) => b.length - a.length)
    .find((name) => said.some((word) => `_${word}_`.includes(`_${name}_`)));
  if (inside) return inside;
  for (const [alias, name] of aliases)
    if (said.some((word) => `_${word}_`.includes(`_${alias}_`))) return name;
  return null;
}

/** `fields.<name>` when the problem names one custom field of the line (or writes it so). */
function customField(problem: Problem, fields: Record<string, unknown> | undefined): string | null {
  const text = `${problem.error ?? ''} ${problem.detail ?? ''}`;
  const dotted = /\bfields\.([^\s,;:'"()[\]]+)/.exec(text);
  if (dotted?.[1]) return `fields.${dotted[1]}`;
  const keys = Object.keys(fields ?? {});
  const named = keys.filter((key) => text.includes(key));
  return named.length === 1 ? `fields.${named[0]}` : null;
}

function customerField(problem: Problem, line: CustomerDraft | undefined): string | null {
  const fromCode = namedIn(problem.error ?? '', CUSTOMER_FIELDS, CUSTOMER_ALIASES);
  const field =
    fromCode ?? namedIn(problem.detail ?? '', CUSTOMER_FIELDS, CUSTOMER_ALIASES) ?? null;
  if (field === 'fields') return customField(problem, line?.fields) ?? 'fields';
  return field;
}

function relationField(problem: Problem, line: RelationDraft | undefined): string | null {
  const text = `${problem.error ?? ''} ${problem.detail ?? ''}`;
  // "no customer C-7 in the tenant": the end it names by its id.
  if (line) {
    const said = text.split(/[\s,;:'"()]+/);
    const parent = said.includes(line.parent_customer_external_id);
    const child = said.includes(line.child_customer_external_id);
    if (parent !== child)
      return parent ? 'parent_customer_external_id' : 'child_customer_external_id';
  }
  const fromCode = namedIn(problem.error ?? '', RELATION_FIELDS, RELATION_ALIASES);
  const field = fromCode ?? namedIn(problem.detail ?? '', RELATION_FIELDS, RELATION_ALIASES);
  if (field === 'fields') return customField(problem, line?.fields) ?? 'fields';
  return field;
}

const asProblem =
  (fieldOf: (problem: Problem) => string | null) =>
  (problem: Problem): SaveProblem => ({
    code: problem.error ?? '',
    detail: problem.detail ?? '',
    field: fieldOf(problem),
  });

interface Slot {
  report: SaveLineReport;
  customer?: CustomerDraft;
  relation?: RelationDraft;
  answered: boolean;
}

/**
 * The service's answer as one report per line sent (customers, then relations, in the order sent),
 * plus a line for each problem naming nothing that was sent. Any answer the wire schema lets in is
 * read: missing lists are empty, unknown statuses kept as received, extra fields ignored.
 */
export function reportOfAnswer(
  answer: Partial<WireSaveResponse> | null | undefined,
  sent: SentLines,
  options: { verify: boolean; disableRiskScan: boolean },
): SaveReport {
  const slots: Slot[] = [
    ...sent.customers.map((customer) => ({
      report: emptyLine('customer', customer.external_id),
      customer,
      answered: false,
    })),
    ...sent.relations.map((relation) => ({
      report: emptyLine('relation', relation.relation_external_id),
      relation,
      answered: false,
    })),
  ];
  const extra: SaveLineReport[] = [];
  const details = Array.isArray(answer?.detail) ? (answer.detail as DetailLine[]) : [];
  // Slots by their exact id: an answer of a batch names every line, and a scan per entry would
  // cost the square of the batch.
  const byId = new Map<string, Slot[]>();
  for (const slot of slots) {
    const same = byId.get(slot.report.externalId);
    if (same) same.push(slot);
    else byId.set(slot.report.externalId, [slot]);
  }
  details.forEach((line, index) => {
    if (!line || typeof line !== 'object') return;
    const slot = slotFor(slots, byId, line.external_id ?? null, index, details.length);
    const errorList = problemsOf(line.errors);
    const warningList = problemsOf(line.warnings);
    let errors: SaveProblem[] = [];
    let warnings: SaveProblem[] = [];
    if (errorList.length > 0 || warningList.length > 0) {
      const fieldOf = (problem: Problem) =>
        slot?.relation
          ? relationField(problem, slot.relation)
          : customerField(problem, slot?.customer);
      errors = errorList.map(asProblem(fieldOf));
      warnings = warningList.map(asProblem(fieldOf));
    }
    if (slot) {
      slot.answered = true;
      if (errors.length > 0) slot.report.errors.push(...errors);
      if (warnings.length > 0) slot.report.warnings.push(...warnings);
    } else if (errors.length || warnings.length) {
      extra.push({ ...emptyLine('customer', line.external_id ?? ''), errors, warnings });
    }
  });
  const added = Array.isArray(answer?.added) ? answer.added : [];
  for (const entry of added) {
    if (!entry || typeof entry.external_id !== 'string' || typeof entry.customer_id !== 'string')
      continue;
    for (const slot of byId.get(entry.external_id) ?? [])
      if (slot.customer) slot.report.customerId = entry.customer_id;
  }
  const lines = [...slots.map((slot) => slot.report), ...extra];
  return {
    outcome: options.verify ? 'verified' : 'saved',
    status: typeof answer?.status === 'string' ? answer.status : null,
    lines,
    failed: lines.some((line) => line.errors.length > 0),
    riskScanForced:
      !options.disableRiskScan &&
      lines.some((line) =>
        line.warnings.some((warning) => warning.code.toLowerCase().includes('risk_scan')),
      ),
  };
}

/** Every request line, with no problem: what a queued save reports until it is sent. */
export function queuedReport(sent: SentLines): SaveReport {
  return {
    outcome: 'queued',
    status: null,
    lines: [
      ...sent.customers.map((customer) => emptyLine('customer', customer.external_id)),
      ...sent.relations.map((relation) => emptyLine('relation', relation.relation_external_id)),
    ],
    failed: false,
    riskScanForced: false,
  };
}

/** One sentence per refused line, for the outbox and the command line. */
export function refusedLinesText(report: SaveReport): string {
  return report.lines
    .filter((line) => line.errors.length > 0)
    .map(
      (line) =>
        `${line.kind === 'relation' ? 'Relation' : 'Customer'} ${line.externalId || '(no id)'}: ${line.errors
          .map((problem) => [problem.code, problem.detail].filter(Boolean).join(': '))
          .join('; ')}`,
    )
    .join('. ');
}

const emptyLine = (kind: SaveLineReport['kind'], externalId: string): SaveLineReport => ({
  kind,
  externalId,
  errors: [],
  warnings: [],
  customerId: null,
});

const NO_PROBLEMS: Problem[] = [];

const problemsOf = (list: unknown): Problem[] =>
  Array.isArray(list) && list.length > 0
    ? list.filter((item): item is Problem => item !== null && typeof item === 'object')
    : NO_PROBLEMS;

/**
 * The line a detail entry answers: the first not yet answered with its id (customers before
 * relations, as sent), else the last with it (a second entry for one line); an entry without an id
 * in an answer of one entry per line takes its place in the order sent.
 */
function slotFor(
  slots: Slot[],
  byId: ReadonlyMap<string, Slot[]>,
  externalId: string | null,
  index: number,
  count: number,
): Slot | undefined {
  if (externalId !== null) {
    const exact = byId.get(externalId);
    // An id echoed in another case or with spaces is still the line's own.
    const same = exact?.length
      ? exact
      : slots.filter((slot) => sameId(slot.report.externalId, externalId));
    return same.find((slot) => !slot.answered) ?? same.at(-1);
  }
  return count === slots.length ? slots[index] : undefined;
}

const sameId = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();
