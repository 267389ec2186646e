import { useId, useState, type ReactNode } from 'react';
import type { ImportLine } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ServiceText } from '../../components/ServiceText';
import { useModalDialog } from '../../components/use-modal-dialog';
import { plainServiceText } from '../../lib/service-text';
import {
  CustomerFields,
  FieldProblems,
  FormField,
  formOfDraft,
  problemsByField,
  type CustomerFormValues,
  type ShownProblem,
} from '../customers';
import { useCustomerImports } from './import-store';
import {
  customerOf,
  customerOfForm,
  relationFormOf,
  relationOfForm,
  type RelationLineForm,
} from './line-editor-shapes';

// The whole line in a form, for the fields the grid has no column for (contacts, review groups,
// custom fields, name variations…): the same fields as the customer's own form, each with the
// problems the dry run named for it. Kept, the line is marked edited and verified again with the
// next “Verify again”, as a cell edited in the grid is.

/** The line's problems as the forms show them: errors, and warnings marked as such. */
const shownProblems = (line: ImportLine): ShownProblem[] => [
  ...line.errors,
  ...line.warnings.map((warning) => ({ ...warning, warning: true })),
];

/** Problems that name this relation field (every custom field's under `fields`). */
const namedBy = (problems: readonly ShownProblem[], field: string) =>
  problems.filter((problem) =>
    field === 'fields' ? problem.field?.startsWith('fields') : problem.field === field,
  );

/** The relation fields that have a box of their own; the other problems are the form's general ones. */
const RELATION_BOXES = [
  'relation_external_id',
  'parent_customer_external_id',
  'child_customer_external_id',
  'relation_type',
];

function RelationLineFields({
  form,
  set,
  problems,
}: {
  form: RelationLineForm;
  set: (change: Partial<RelationLineForm>) => void;
  /** The dry run's problems and the checks made before keeping, by the field they name. */
  problems: readonly ShownProblem[];
}) {
  const box = (field: string, label: string, value: string, change: (text: string) => void) => (
    <FormField field={field} label={label} problems={namedBy(problems, field)}>
      {(props) => (
        <input
          {...props}
          type="text"
          value={value}
          onChange={(event) => change(event.target.value)}
          data-testid={`relation-line-${field}`}
        />
      )}
    </FormField>
  );
  return (
    <fieldset className="customer-section">
      <legend>Relation</legend>
      {box('relation_external_id', 'Relation external id', form.relationExternalId, (text) =>
        set({ relationExternalId: text }),
      )}
      {box('parent_customer_external_id', 'Parent (external id)', form.parent, (text) =>
        set({ parent: text }),
      )}
      {box('child_customer_external_id', 'Child (external id)', form.child, (text) =>
        set({ child: text }),
      )}
      {box('relation_type', 'Relation type (a whole number)', form.type, (text) =>
        set({ type: text }),
      )}
      <label className="check-field">
        <input
          type="checkbox"
          checked={form.disabled}
          onChange={(event) => set({ disabled: event.target.checked })}
        />
        Disabled
      </label>
      <FormField
        field="fields"
        label="Custom fields"
        problems={namedBy(problems, 'fields')}
        hint="One per line: name = value."
      >
        {(props) => (
          <textarea
            {...props}
            className="mono"
            rows={3}
            value={form.fieldText}
            onChange={(event) => set({ fieldText: event.target.value })}
            data-testid="relation-line-fields"
          />
        )}
      </FormField>
    </fieldset>
  );
}

/** Checks made before a customer line is kept: what main would refuse without a word per field. */
function customerChecks(form: CustomerFormValues): ShownProblem[] {
  return (['kyc_level', 'kyc_level_requested'] as const)
    .filter((field) => form[field].trim() !== '' && !Number.isSafeInteger(Number(form[field])))
    .map((field) => ({ code: 'check.integer', detail: 'A KYC level is a whole number.', field }));
}

/**
 * The empty account-type choice of a line whose type the form cannot hold: the line keeps that
 * type (see line-editor-shapes.ts) until another is chosen, and the choice says so.
 */
function unknownAccountType(line: ImportLine): string | undefined {
  const type = customerOf(line).account_type;
  return type && type !== 'F' && type !== 'N'
    ? `As read: ${plainServiceText(type)} (not a known type)`
    : undefined;
}

const CONTROLS = 'input:not([readonly]), select, textarea';

/**
 * The editor opens on the first field the dry run named a problem for (what the investigator
 * opened it to fix), scrolled into view; on the first field that can change when none is named.
 */
function focusFirstProblem(dialog: HTMLDialogElement): void {
  const named = dialog.querySelector('.field-problems:not([data-testid="problems-general"])');
  // A field's problems sit inside its `.field`, or right after the control that has none.
  const holder = named?.closest('.field') ?? named?.previousElementSibling;
  const field =
    holder?.querySelector<HTMLElement>(CONTROLS) ?? dialog.querySelector<HTMLElement>(CONTROLS);
  field?.focus({ preventScroll: true });
  field?.scrollIntoView({ block: 'center' });
}

/** What the line's form holds: a customer's fields, or a relation's. */
type Draft =
  { kind: 'customer'; form: CustomerFormValues } | { kind: 'relation'; form: RelationLineForm };

/**
 * The whole line in a modal dialog; `onKept` receives the line as main kept it. Escape or Cancel
 * leaves the line as it was.
 */
export function LineEditor({
  importId,
  line,
  onKept,
  onClose,
}: {
  importId: string;
  line: ImportLine;
  onKept: (line: ImportLine) => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const editLine = useCustomerImports((state) => state.editLine);
  const [draft, setDraft] = useState<Draft>(() =>
    line.kind === 'customer'
      ? { kind: 'customer', form: formOfDraft(customerOf(line)) }
      : { kind: 'relation', form: relationFormOf(line) },
  );
  /** Checks made before keeping, beside their fields until the form changes. */
  const [checks, setChecks] = useState<ShownProblem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useModalDialog(true, { onShown: focusFirstProblem });

  const problems = [...checks, ...shownProblems(line)];
  const customerProblems = problemsByField(
    problems,
    draft.kind === 'customer' ? draft.form.account_type : '',
  );
  const general =
    draft.kind === 'customer'
      ? customerProblems.general
      : problems.filter(
          (problem) =>
            !problem.field ||
            (!RELATION_BOXES.includes(problem.field) && !problem.field.startsWith('fields')),
        );

  /** Checks failed: shown beside their fields, and the focus taken to the first one named. */
  const showChecks = (found: ShownProblem[]) => {
    setChecks(found);
    requestAnimationFrame(() => {
      if (ref.current) focusFirstProblem(ref.current);
    });
  };

  const keep = async () => {
    setFailure(null);
    let shape: Pick<ImportLine, 'customer' | 'relation'>;
    if (draft.kind === 'customer') {
      const found = customerChecks(draft.form);
      if (found.length) return showChecks(found);
      shape = { customer: customerOfForm(draft.form, line), relation: null };
    } else {
      const built = relationOfForm(draft.form, line);
      if (!built.ok)
        return showChecks(
          Object.entries(built.problems).map(([field, detail]) => ({
            code: 'check.form',
            detail,
            field,
          })),
        );
      shape = { customer: null, relation: built.draft };
    }
    setBusy(true);
    const answer = await editLine(importId, line.line, shape);
    setBusy(false);
    if (answer.ok) onKept(answer.line);
    else setFailure(answer.message);
  };

  let fields: ReactNode;
  if (draft.kind === 'customer') {
    const form = draft.form;
    fields = (
      <CustomerFields
        form={form}
        set={(field, value) => {
          setChecks([]);
          setDraft((before) =>
            before.kind === 'customer'
              ? { kind: 'customer', form: { ...before.form, [field]: value } }
              : before,
          );
        }}
        problems={customerProblems.byField}
        externalIdFixed={false}
        unsetAccountType={unknownAccountType(line)}
        fromFile
      />
    );
  } else {
    fields = (
      <RelationLineFields
        form={draft.form}
        set={(change) => {
          setChecks([]);
          setDraft((before) =>
            before.kind === 'relation'
              ? { kind: 'relation', form: { ...before.form, ...change } }
              : before,
          );
        }}
        problems={problems}
      />
    );
  }

  return (
    <dialog
      ref={ref}
      className="dialog ci-line-editor"
      aria-labelledby={titleId}
      data-testid="ci-line-editor"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      // Closed by the browser itself (an Escape it would not let the page refuse): the screen
      // learns it, so the line can be opened again.
      onClose={onClose}
    >
      <form
        className="customer-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void keep();
        }}
      >
        <h2 id={titleId} className="dialog-title">
          Edit line {line.line}: {line.kind === 'customer' ? 'customer' : 'relation'}{' '}
          <ServiceText text={line.externalId || '(no external id)'} />
        </h2>
        <p className="field-hint">
          Every field of the line, with the problems the dry run found beside each. Kept, the line
          is checked again with “Verify again”; the file itself is not changed.
        </p>
        {line.status === 'unreadable' && (
          <div>
            <h3 className="ci-detail-sub">The line as read</h3>
            <pre className="ci-source">
              <ServiceText text={line.source} lines={0} />
            </pre>
          </div>
        )}
        {failure && (
          <Banner tone="danger" testId="ci-line-editor-failure">
            {failure}
          </Banner>
        )}
        <FieldProblems problems={general} testId="problems-general" />
        {fields}
        <div className="dialog-actions">
          <Button onClick={onClose} disabled={busy} data-testid="ci-line-editor-cancel">
            Cancel
          </Button>
          <Button type="submit" variant="primary" busy={busy} data-testid="ci-line-editor-keep">
            Keep changes
          </Button>
        </div>
      </form>
    </dialog>
  );
}
