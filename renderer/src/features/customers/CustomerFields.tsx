import { useEffect, useId, useState, type ReactNode } from 'react';
import { api, unwrap } from '../../lib/api';
import { CountryPicker } from './CountryPicker';
import { FieldProblems, type ShownProblem } from './FieldProblems';
import type { CustomerFormValues } from './customer-form';
import { VariationsEditor } from './VariationsEditor';
import './customer-edit.css';

type Field = keyof CustomerFormValues;

/**
 * Every field of a customer's write shape, each with the problems the service named for it: the
 * customer form's body, shared by the customer's own form and the import's whole-line editor.
 */
export function CustomerFields({
  form,
  set,
  problems,
  externalIdFixed,
  unsetAccountType = 'Not set',
  fromFile = false,
}: {
  form: CustomerFormValues;
  set: <K extends Field>(field: K, value: CustomerFormValues[K]) => void;
  /** Problems by the form field they name (see `problemsByField`). */
  problems: ReadonlyMap<string, readonly ShownProblem[]>;
  /** The customer exists: its external id is its key and cannot change. */
  externalIdFixed: boolean;
  /** What the account type's empty choice says (an import line's type as read, when unknown). */
  unsetAccountType?: string;
  /** A line of a file, not saved yet: a name variation removed is dropped, not deleted. */
  fromFile?: boolean;
}) {
  const formId = useId();
  const byField = problems;
  const [parents, setParents] = useState<Array<{ externalId: string; name: string }>>([]);
  const parentText = form.parent_external_id;
  useEffect(() => {
    if (parentText.trim().length < 2) return;
    let live = true;
    unwrap(api.kyt.participants({ text: parentText, limit: 10 })).then(
      (found) =>
        live && setParents(found.map(({ externalId: id, name }) => ({ externalId: id, name }))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [parentText]);

  const text = (field: Field, label: string, options: { hint?: string; type?: string } = {}) => (
    <FormField field={field} label={label} problems={byField.get(field)} hint={options.hint}>
      {(props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          value={form[field] as string}
          onChange={(event) => set(field, event.target.value as never)}
          readOnly={field === 'external_id' && externalIdFixed}
        />
      )}
    </FormField>
  );

  return (
    <>
      <fieldset className="customer-section">
        <legend>Identity</legend>
        {text('external_id', 'External id', {
          hint: externalIdFixed
            ? 'Your key for this customer: it cannot change.'
            : 'Your own key for this customer, unique in your business.',
        })}
        <FormField field="account_type" label="Account type" problems={byField.get('account_type')}>
          {(props) => (
            <select
              {...props}
              value={form.account_type}
              onChange={(event) =>
                set('account_type', event.target.value as CustomerFormValues['account_type'])
              }
            >
              <option value="">{unsetAccountType}</option>
              <option value="N">N — individual</option>
              <option value="F">F — firm</option>
            </select>
          )}
        </FormField>
        {form.account_type !== 'F' && (
          <>
            {text('first_name', 'First name')}
            {text('middle_name', 'Middle name')}
            {text('last_name', 'Last name')}
            {text('date_of_birth', 'Date of birth', {
              hint: 'YYYY-MM-DD, for example 1980-04-23',
            })}
          </>
        )}
        {form.account_type !== 'N' && (
          <>
            {text('company_name', 'Company name')}
            {text('trading_name', 'Trading name')}
          </>
        )}
        {text('registration_number', 'Registration number')}
        {text('alias_ids', 'Alias ids', { hint: 'Separated by commas' })}
      </fieldset>

      <fieldset className="customer-section">
        <legend>Countries</legend>
        <CountryPicker
          label="Nationality codes"
          codes={form.nationality_codes}
          onChange={(codes) => set('nationality_codes', codes)}
          testId="nationality-codes"
        />
        <FieldProblems
          problems={byField.get('nationality_codes')}
          testId="problems-nationality_codes"
        />
        <CountryPicker
          label="Domicile codes"
          codes={form.domicile_codes}
          onChange={(codes) => set('domicile_codes', codes)}
          testId="domicile-codes"
        />
        <FieldProblems problems={byField.get('domicile_codes')} testId="problems-domicile_codes" />
      </fieldset>

      <fieldset className="customer-section">
        <legend>Review and KYC</legend>
        {text('review_groups', 'Review groups', { hint: 'Separated by commas' })}
        {text('contacts', 'Contacts', { hint: 'Separated by commas' })}
        {text('phone', 'Phone', { type: 'tel' })}
        {text('kyc_level', 'KYC level', { hint: 'A whole number' })}
        {text('kyc_level_requested', 'KYC level requested', { hint: 'A whole number' })}
        <FormField
          field="parent_external_id"
          label="Parent (external id)"
          problems={byField.get('parent_external_id')}
          hint="Type a name or id to pick a cached customer"
        >
          {(props) => (
            <>
              <input
                {...props}
                list={`${formId}-parents`}
                value={form.parent_external_id}
                onChange={(event) => set('parent_external_id', event.target.value)}
              />
              <datalist id={`${formId}-parents`}>
                {parents.map((parent) => (
                  <option key={parent.externalId} value={parent.externalId}>
                    {parent.name}
                  </option>
                ))}
              </datalist>
            </>
          )}
        </FormField>
        <label className="check-field">
          <input
            type="checkbox"
            checked={form.disabled}
            onChange={(event) => set('disabled', event.target.checked)}
            data-testid="field-disabled"
          />
          Disabled (the service stops monitoring this customer)
        </label>
        <FieldProblems problems={byField.get('disabled')} testId="problems-disabled" />
      </fieldset>

      <fieldset className="customer-section">
        <legend>Notes and custom fields</legend>
        <FormField field="comment" label="Comment" problems={byField.get('comment')}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              value={form.comment}
              onChange={(event) => set('comment', event.target.value)}
            />
          )}
        </FormField>
        <FormField
          field="fields"
          label="Custom fields"
          problems={byField.get('fields')}
          hint="One per line: name = value. They must be defined with the operator first."
        >
          {(props) => (
            <textarea
              {...props}
              rows={3}
              className="mono"
              value={form.fields}
              onChange={(event) => set('fields', event.target.value)}
            />
          )}
        </FormField>
      </fieldset>

      <VariationsEditor
        variations={form.variations}
        onChange={(variations) => set('variations', variations)}
        problems={byField.get('variations')}
        removeDrops={fromFile}
      />
    </>
  );
}

export function FormField({
  field,
  label,
  hint,
  problems,
  children,
}: {
  field: string;
  label: string;
  hint?: string | undefined;
  problems: readonly ShownProblem[] | undefined;
  children: (props: {
    id: string;
    'aria-describedby'?: string;
    'aria-invalid'?: true;
    'data-testid': string;
  }) => ReactNode;
}) {
  const id = useId();
  const invalid = problems?.some((problem) => !problem.warning);
  const describedBy = [hint ? `${id}-hint` : null, problems?.length ? `${id}-problems` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`} data-field={field}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="field-control">
        {children({
          id,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(invalid ? { 'aria-invalid': true as const } : {}),
          'data-testid': `field-${field}`,
        })}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <FieldProblems id={`${id}-problems`} problems={problems} testId={`problems-${field}`} />
    </div>
  );
}
