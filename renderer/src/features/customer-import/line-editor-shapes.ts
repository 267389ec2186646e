import type { CustomerDraft, ImportLine, RelationDraft } from '../../../../preload/contract';
import { draftOfForm, type CustomerFormValues } from '../customers';
import { relationDraftOf, type RelationForm } from '../relations';

// A line's write shape as the whole-line editor shows it, and back: a customer line through the
// customer form's values, a relation line through the relation form's (custom fields typed as
// `name = value` lines, as the customer form types them).

/** The relation form, its custom fields as one text. */
export type RelationLineForm = RelationForm & { fieldText: string };

/** A customer line's write shape, or what could be read of it (its external id). */
export const customerOf = (line: ImportLine): CustomerDraft =>
  line.customer ?? { external_id: line.externalId };

/** Custom fields as `name = value` lines, as the customer form types them. */
const fieldLines = (fields: Record<string, unknown> | undefined): string =>
  Object.entries(fields ?? {})
    .map(
      ([name, value]) => `${name} = ${typeof value === 'string' ? value : JSON.stringify(value)}`,
    )
    .join('\n');

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
    fieldText: fieldLines(relation?.fields),
  };
}

/**
 * The relation's write shape from its form, or the problems to fix first, by field; `disabled`
 * kept unsaid when the line did not say it and the form leaves it off (as for a customer).
 */
export function relationOfForm(
  form: RelationLineForm,
  line: ImportLine,
): { ok: true; draft: RelationDraft } | { ok: false; problems: Record<string, string> } {
  const fields = form.fieldText
    .split('\n')
    .filter((row) => row.trim())
    .map((row) => {
      const at = row.indexOf('=');
      return at < 0
        ? { key: row.trim(), value: '' }
        : { key: row.slice(0, at).trim(), value: row.slice(at + 1).trim() };
    });
  const built = relationDraftOf({ ...form, fields });
  if (built.ok) {
    const draft = { ...built.draft };
    if (line.relation?.disabled === undefined && draft.disabled === false) delete draft.disabled;
    return { ok: true, draft };
  }
  // A custom field's problem is named by its row; the form has one box for them all.
  const problems: Record<string, string> = {};
  for (const [field, message] of Object.entries(built.problems))
    problems[field.startsWith('fields.') ? 'fields' : field] = message;
  return { ok: false, problems };
}

/**
 * The customer's write shape from the form. The form always says whether the customer is
 * disabled; a line that did not say keeps not saying, or the save (an upsert) would enable a
 * customer the service has disabled.
 */
export function customerOfForm(form: CustomerFormValues, line: ImportLine): CustomerDraft {
  const customer = draftOfForm(form);
  if (customerOf(line).disabled === undefined && customer.disabled === false)
    delete customer.disabled;
  return customer;
}
