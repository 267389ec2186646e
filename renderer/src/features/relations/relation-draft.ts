import type {
  KeptRelation,
  RelationDraft,
  SaveLineReport,
  SaveProblem,
  SaveReport,
} from '../../../../preload/contract';

/** One custom field as the form edits it: its name, and its value as typed (JSON when it reads). */
export interface FieldRow {
  key: string;
  value: string;
}

/** What the relation form holds while the investigator edits it. */
export interface RelationForm {
  relationExternalId: string;
  /** True once the investigator typed an id of their own: it is no longer proposed. */
  idTouched: boolean;
  parent: string;
  child: string;
  /** As typed ('' for none). */
  type: string;
  disabled: boolean;
  fields: FieldRow[];
}

export const emptyForm = (customer: string, side: 'parent' | 'child'): RelationForm => ({
  relationExternalId: '',
  idTouched: false,
  parent: side === 'parent' ? customer : '',
  child: side === 'child' ? customer : '',
  type: '',
  disabled: false,
  fields: [],
});

/** A value as the investigator typed it: JSON when it reads as such (42, true, {…}), else text. */
export function fieldValue(typed: string): unknown {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return typed;
  }
}

const shownValue = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value);

export const formOf = (relation: KeptRelation): RelationForm => ({
  relationExternalId: relation.relationExternalId,
  idTouched: true,
  parent: relation.parentExternalId,
  child: relation.childExternalId,
  type: relation.relationType === null ? '' : String(relation.relationType),
  disabled: relation.disabled,
  fields: Object.entries(relation.fields).map(([key, value]) => ({
    key,
    value: shownValue(value),
  })),
});

/** The form as the write shape, or the problems to fix first, by write-shape field. */
export function draftOf(
  form: RelationForm,
): { ok: true; draft: RelationDraft } | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const id = form.relationExternalId.trim();
  if (!id) problems.relation_external_id = 'Give the relation an external id.';
  if (!form.parent.trim()) problems.parent_customer_external_id = 'Choose the parent customer.';
  if (!form.child.trim()) problems.child_customer_external_id = 'Choose the child customer.';
  let type: number | undefined;
  if (form.type.trim()) {
    type = Number(form.type.trim());
    if (!Number.isSafeInteger(type)) problems.relation_type = 'A relation type is a whole number.';
  }
  const fields: Record<string, unknown> = {};
  form.fields.forEach((row, index) => {
    const key = row.key.trim();
    if (!key && !row.value.trim()) return;
    if (!key) problems[`fields.${index}`] = 'Give this custom field a name.';
    else if (key in fields) problems[`fields.${index}`] = `The field ${key} is given twice.`;
    else fields[key] = fieldValue(row.value);
  });
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    draft: {
      relation_external_id: id,
      parent_customer_external_id: form.parent.trim(),
      child_customer_external_id: form.child.trim(),
      ...(type === undefined ? {} : { relation_type: type }),
      disabled: form.disabled,
      ...(Object.keys(fields).length ? { fields } : {}),
    },
  };
}

/** The relation's line of a report (by its external id, else the only relation line). */
export function lineOf(report: SaveReport, relationExternalId: string): SaveLineReport | null {
  const relations = report.lines.filter((line) => line.kind === 'relation');
  return (
    relations.find((line) => line.externalId === relationExternalId) ??
    (relations.length === 1 ? relations[0] : undefined) ??
    report.lines[0] ??
    null
  );
}

const FORM_FIELDS = new Set([
  'relation_external_id',
  'parent_customer_external_id',
  'child_customer_external_id',
  'relation_type',
  'disabled',
]);

/** Problems by the form field they name (custom fields under `fields`); the rest under ''. */
export function problemsByField(problems: readonly SaveProblem[]): Map<string, SaveProblem[]> {
  const by = new Map<string, SaveProblem[]>();
  for (const problem of problems) {
    const field =
      problem.field !== null && FORM_FIELDS.has(problem.field)
        ? problem.field
        : problem.field?.startsWith('fields')
          ? 'fields'
          : '';
    by.set(field, [...(by.get(field) ?? []), problem]);
  }
  return by;
}

/** A problem as one line of text: the service's detail, else its code. */
export const problemText = (problem: SaveProblem): string =>
  problem.detail ? `${problem.detail} (${problem.code})` : problem.code;
