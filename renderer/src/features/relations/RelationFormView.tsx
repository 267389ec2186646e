import { useEffect, useId, useRef, useState } from 'react';
import type { RelationTypeLabel, SaveReport } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { ServiceText } from '../../components/ServiceText';
import { api, BridgeCallError, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import { CustomerPicker } from './CustomerPicker';
import { draftOf, lineOf, problemsByField, problemText, type RelationForm } from './relation-draft';
import { proposedRelationId, typeLabel } from './relation-labels';

/** Where a verification stands for the draft as it is now. */
type Checked =
  | { state: 'none' }
  | { state: 'checking' | 'saving' }
  | { state: 'verified'; key: string; report: SaveReport }
  /** The service could not be reached: the save waits in the outbox. */
  | { state: 'offline'; key: string; message: string }
  | { state: 'failed'; message: string; fields: Record<string, string> };

const OTHER = 'other';

function ProblemList({ problems, testId }: { problems: string[]; testId: string }) {
  if (!problems.length) return null;
  return (
    <ul className="relation-problems" data-testid={testId}>
      {problems.map((text, index) => (
        <li key={index}>
          <ServiceText text={text} lines={0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Adds or edits one relation. It is verified with the service first (nothing saved), each line's
 * errors and warnings shown beside the fields they name; only a verified draft, unchanged since,
 * can be saved.
 */
export function RelationFormView({
  initial,
  editing,
  types,
  onSaved,
  onCancel,
}: {
  initial: RelationForm;
  editing: boolean;
  types: readonly RelationTypeLabel[];
  onSaved: (report: SaveReport) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState(initial);
  const [checked, setChecked] = useState<Checked>({ state: 'none' });
  const [localProblems, setLocalProblems] = useState<Record<string, string>>({});
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const typeNumber = form.type.trim() === '' ? null : Number(form.type);
  const proposed = proposedRelationId(
    form.parent,
    form.child,
    typeNumber !== null && Number.isSafeInteger(typeNumber) ? typeNumber : null,
  );
  const relationId = form.idTouched ? form.relationExternalId : proposed;
  const current = { ...form, relationExternalId: relationId };
  const built = draftOf(current);
  const key = built.ok ? JSON.stringify(built.draft) : '';
  const update = (change: Partial<RelationForm>) => {
    setForm((before) => ({ ...before, ...change }));
    setLocalProblems({});
  };

  const report = checked.state === 'verified' && checked.key === key ? checked.report : null;
  const line = report ? lineOf(report, relationId) : null;
  const errors = problemsByField(line?.errors ?? []);
  const warnings = problemsByField(line?.warnings ?? []);
  const canSave =
    (checked.state === 'verified' && checked.key === key && !checked.report.failed) ||
    (checked.state === 'offline' && checked.key === key);
  const stale =
    (checked.state === 'verified' || checked.state === 'offline') && checked.key !== key;

  const beside = (field: string): string | undefined => {
    const texts = [
      ...(localProblems[field] ? [localProblems[field]] : []),
      ...(checked.state === 'failed' && checked.fields[field] ? [checked.fields[field]] : []),
      ...(errors.get(field) ?? []).map(problemText),
    ];
    return texts.length ? texts.join(' ') : undefined;
  };
  const warningsBeside = (field: string) => (warnings.get(field) ?? []).map(problemText);

  const send = async (verifyOnly: boolean) => {
    if (!built.ok) {
      setLocalProblems(built.problems);
      return;
    }
    setChecked({ state: verifyOnly ? 'checking' : 'saving' });
    try {
      const answer = await unwrap(api.relations.save({ relation: built.draft, verifyOnly }));
      if (!verifyOnly && !answer.failed && answer.outcome !== 'verified') {
        onSaved(answer);
        return;
      }
      setChecked({ state: 'verified', key, report: answer });
    } catch (error) {
      if (verifyOnly && error instanceof BridgeCallError && error.code === 'unavailable')
        setChecked({ state: 'offline', key, message: error.message });
      else
        setChecked({ state: 'failed', message: errorMessage(error), fields: fieldErrors(error) });
    }
  };

  const known = types.some((type) => String(type.value) === form.type.trim());
  const [otherType, setOtherType] = useState(!known && form.type.trim() !== '');
  const selectValue = otherType ? OTHER : form.type.trim();
  const general = [...(errors.get('') ?? []), ...(errors.get('fields') ?? [])].map(problemText);
  const generalWarnings = [...(warnings.get('') ?? []), ...(warnings.get('fields') ?? [])].map(
    problemText,
  );
  const title = editing ? 'Edit relation' : 'Add relation';

  return (
    <form
      className="relation-form"
      aria-labelledby={`${id}-title`}
      data-testid="relation-form"
      onSubmit={(event) => {
        event.preventDefault();
        // Enter in a field verifies: only the Save button saves.
        void send(true);
      }}
    >
      <h3 id={`${id}-title`} className="customer-subtitle">
        {title}
      </h3>
      <div className="relation-form-grid">
        <TextField
          ref={first}
          label="Relation external id"
          value={relationId}
          maxLength={256}
          readOnly={editing}
          hint={
            editing
              ? 'A relation is saved under its external id: it cannot change.'
              : form.idTouched
                ? 'Yours, unique to your business.'
                : 'Proposed from the parent, child and type; change it if you keep another scheme.'
          }
          error={beside('relation_external_id')}
          data-testid="relation-id"
          onChange={(event) => update({ relationExternalId: event.target.value, idTouched: true })}
        />
        <div className="field">
          <label htmlFor={`${id}-type`} className="field-label">
            Relation type
          </label>
          <select
            id={`${id}-type`}
            value={selectValue}
            data-testid="relation-type"
            aria-invalid={beside('relation_type') ? true : undefined}
            aria-describedby={`${id}-type-hint`}
            onChange={(event) => {
              const chosen = event.target.value;
              setOtherType(chosen === OTHER);
              if (chosen !== OTHER) update({ type: chosen });
            }}
          >
            <option value="">No type</option>
            {types.map((type) => (
              <option key={type.value} value={String(type.value)}>
                {`${type.label} (${type.value})`}
              </option>
            ))}
            <option value={OTHER}>Another number…</option>
          </select>
          {otherType && (
            <input
              aria-label="Relation type number"
              inputMode="numeric"
              value={form.type}
              maxLength={12}
              data-testid="relation-type-number"
              onChange={(event) => update({ type: event.target.value })}
            />
          )}
          {beside('relation_type') ? (
            <p id={`${id}-type-hint`} className="field-error" role="alert">
              {beside('relation_type')}
            </p>
          ) : (
            <p id={`${id}-type-hint`} className="field-hint">
              {types.length
                ? `Shown as “${typeLabel(types, typeNumber !== null && Number.isSafeInteger(typeNumber) ? typeNumber : null)}”.`
                : 'This profile names no types yet: name them under Relation types below.'}
            </p>
          )}
          <ProblemList problems={warningsBeside('relation_type')} testId="relation-type-warnings" />
        </div>
      </div>
      <CustomerPicker
        label="Parent customer"
        value={form.parent}
        onChange={(parent) => update({ parent })}
        error={beside('parent_customer_external_id')}
        testId="relation-parent"
      />
      <CustomerPicker
        label="Child customer"
        value={form.child}
        onChange={(child) => update({ child })}
        error={beside('child_customer_external_id')}
        testId="relation-child"
      />
      <label className="relation-check">
        <input
          type="checkbox"
          checked={form.disabled}
          data-testid="relation-disabled"
          onChange={(event) => update({ disabled: event.target.checked })}
        />
        Disabled (the relation is kept on the service but no longer in force)
      </label>
      <fieldset className="relation-fields" data-testid="relation-fields">
        <legend className="field-label">Custom fields</legend>
        {form.fields.length === 0 && <p className="field-hint">None.</p>}
        {form.fields.map((row, index) => (
          <div key={index} className="relation-field-row">
            <TextField
              label={`Field ${index + 1} name`}
              value={row.key}
              maxLength={200}
              error={localProblems[`fields.${index}`]}
              data-testid="relation-field-key"
              onChange={(event) =>
                update({
                  fields: form.fields.map((item, at) =>
                    at === index ? { ...item, key: event.target.value } : item,
                  ),
                })
              }
            />
            <TextField
              label={`Field ${index + 1} value`}
              value={row.value}
              hint="Text, or JSON (42, true, [1, 2])."
              data-testid="relation-field-value"
              onChange={(event) =>
                update({
                  fields: form.fields.map((item, at) =>
                    at === index ? { ...item, value: event.target.value } : item,
                  ),
                })
              }
            />
            <Button
              variant="ghost"
              aria-label={`Remove field ${index + 1}`}
              onClick={() => update({ fields: form.fields.filter((_, at) => at !== index) })}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          data-testid="relation-add-field"
          onClick={() => update({ fields: [...form.fields, { key: '', value: '' }] })}
        >
          Add field
        </Button>
      </fieldset>

      {checked.state === 'failed' && (
        <Banner tone="danger" testId="relation-failed">
          <ServiceText text={checked.message} lines={0} />
        </Banner>
      )}
      {checked.state === 'offline' && !stale && (
        <Banner tone="warning" testId="relation-offline">
          {checked.message} It cannot be verified now: Save puts it in the outbox, and the service
          checks it when it is delivered.
        </Banner>
      )}
      {report && (
        <Banner
          tone={report.failed ? 'danger' : 'success'}
          title={report.failed ? 'The service found problems' : 'Verified: nothing was saved yet'}
          testId="relation-verified"
        >
          <ProblemList problems={general} testId="relation-errors" />
          <ProblemList problems={generalWarnings} testId="relation-warnings" />
          {report.failed
            ? 'Fix what is marked, then verify again.'
            : 'Save it to send it to the service.'}
        </Banner>
      )}
      {stale && (
        <p className="field-hint" role="status" data-testid="relation-changed">
          Changed since it was verified: verify again before saving.
        </p>
      )}
      <div className="relation-form-actions">
        <Button
          type="submit"
          variant={canSave ? 'secondary' : 'primary'}
          busy={checked.state === 'checking'}
          disabled={checked.state === 'saving'}
          data-testid="relation-verify"
        >
          Verify
        </Button>
        <Button
          variant="primary"
          disabled={!canSave}
          busy={checked.state === 'saving'}
          data-testid="relation-save"
          onClick={() => void send(false)}
        >
          Save
        </Button>
        <Button variant="ghost" onClick={onCancel} data-testid="relation-cancel">
          Cancel
        </Button>
      </div>
    </form>
  );
}
