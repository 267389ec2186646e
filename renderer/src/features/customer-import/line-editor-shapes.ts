import type { CustomerDraft, ImportLine, RelationDraft } from '../../../../preload/contract';
import {
  customFieldRows,
  customFieldsText,
  draftOfForm,
  formOfDraft,
  type CustomerFormValues,
} from '../customers';
import { relationDraftOf, type RelationForm } from '../relations';

// A line's write shape as the whole-line editor shows it, and back: a customer line through the
// customer form's values, a relation line through the relation form's (custom fields typed as
// `name = value` lines, as the customer form types them).
//
// Only what the investigator changed is taken from the form. The forms cannot hold everything a
// file can say (an account type the service refuses, a firm's name on an individual, "42" as a
// custom field's text, a value with spaces around it, whether the customer is disabled left
// unsaid): sent whole, the form would change or drop those without a word. Each field is compared
// as the form makes it from the line as read and from the line as edited; only the fields that
// differ replace or remove the line's own.

/** The relation form, its custom fields as one text. */
export type RelationLineForm = RelationForm & { fieldText: string };

/** A customer line's write shape, or what could be read of it (its external id). */
export const customerOf = (line: ImportLine): CustomerDraft =>
  line.customer ?? { external_id: line.externalId };

export function relationFormOf(line: ImportLine): RelationLineForm {
  const relation = line.relation;
  return {
    relationExternalId: relation?.relation_external_id ?? line.externalId,
    idTouched: true,
    parent: relation?.parent_customer_external_id ?? '',
    child: relation?.child_customer_external_id ?? '',
    type: relation?.relation_type === undefined ? '' : String(relation.relation_type),
    disabled: relation?.disabled ?? false,
    fields: [],
    fieldText: customFieldsText(relation?.fields),
  };
}

/** The line's own shape with only the fields that differ between `before` and `after` replaced. */
function withChanges<T extends object>(own: T, before: T, after: T): T {
  const was = new Map(Object.entries(before));
  const now = new Map(Object.entries(after));
  const kept = new Map(Object.entries(own));
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    if (key === 'fields') continue;
    if (JSON.stringify(was.get(key)) === JSON.stringify(now.get(key))) continue;
    if (now.has(key)) kept.set(key, now.get(key));
    else kept.delete(key);
  }
  // Custom fields one by one: editing one leaves the others as the line has them, and none
  // edited leaves the line's own as it is (an empty set included).
  if (JSON.stringify(was.get('fields')) !== JSON.stringify(now.get('fields'))) {
    const fields = withFieldChanges(
      recordOf(kept.get('fields')),
      recordOf(was.get('fields')),
      recordOf(now.get('fields')),
    );
    if (Object.keys(fields).length) kept.set('fields', fields);
    else kept.delete('fields');
  }
  return Object.fromEntries(kept) as T;
}

const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

function withFieldChanges(
  own: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const kept = new Map(Object.entries(own));
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[name]) === JSON.stringify(after[name])) continue;
    if (Object.hasOwn(after, name)) kept.set(name, after[name]);
    else kept.delete(name);
  }
  return Object.fromEntries(kept);
}

/** The relation's write shape from its form (only what was changed), or the problems to fix first. */
export function relationOfForm(
  form: RelationLineForm,
  line: ImportLine,
): { ok: true; draft: RelationDraft } | { ok: false; problems: Record<string, string> } {
  const built = relationDraftOf({ ...form, fields: customFieldRows(form.fieldText) });
  if (!built.ok) {
    // A custom field's problem is named by its row; the form has one box for them all.
    const problems: Record<string, string> = {};
    for (const [field, message] of Object.entries(built.problems))
      problems[field.startsWith('fields.') ? 'fields' : field] = message;
    return { ok: false, problems };
  }
  const initial = relationFormOf(line);
  const before = relationDraftOf({ ...initial, fields: customFieldRows(initial.fieldText) });
  // A line read whole compares field by field. One that could not be (an end missing) is the
  // form's, every field of which the investigator has now filled; the form's unticked box still
  // leaves "disabled" unsaid, or the save (an upsert) would enable a relation disabled before.
  if (!line.relation || !before.ok) {
    const draft = { ...built.draft };
    if (line.relation?.disabled === undefined && draft.disabled === false) delete draft.disabled;
    return { ok: true, draft };
  }
  return { ok: true, draft: withChanges(line.relation, before.draft, built.draft) };
}

/** The customer's write shape from the form: the line's own, with what was changed in the form. */
export function customerOfForm(form: CustomerFormValues, line: ImportLine): CustomerDraft {
  const own = customerOf(line);
  return withChanges(own, draftOfForm(formOfDraft(own)), draftOfForm(form));
}
