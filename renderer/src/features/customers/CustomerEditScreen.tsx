import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { SaveReport } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { Screen } from '../../components/Screen';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { ServiceText } from '../../components/ServiceText';
import { api, errorMessage, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import { useShortcuts } from '../../lib/shortcuts';
import { useSync } from '../sync';
import { CountryPicker } from './CountryPicker';
import { FieldProblems, type ShownProblem } from './FieldProblems';
import {
  draftOfForm,
  EMPTY_FORM,
  formOfDraft,
  problemsByField,
  type CustomerFormValues,
} from './customer-form';
import { VariationsEditor } from './VariationsEditor';
import './customer-edit.css';

type Field = keyof CustomerFormValues;

/** Every problem of the one line the form saves: the checks', or the service's answer's. */
function shownProblems(report: SaveReport | null): ShownProblem[] {
  const line = report?.lines[0];
  if (!report || !line) return [];
  return [
    ...report.lines.flatMap((each) => each.errors),
    ...report.lines.flatMap((each) =>
      each.warnings.map((warning) => ({ ...warning, warning: true })),
    ),
  ];
}

/** Edit a cached customer (`externalId`) or create one: verify first, then save. */
export function CustomerEditScreen({ externalId }: { externalId?: string }) {
  const navigate = useNavigation((state) => state.navigate);
  const offline = useSync((state) => state.status?.connectivity === 'offline');
  const [form, setForm] = useState<CustomerFormValues | null>(externalId ? null : EMPTY_FORM);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [disableRiskScan, setDisableRiskScan] = useState(false);
  const [report, setReport] = useState<SaveReport | null>(null);
  const [verifiedDraft, setVerifiedDraft] = useState<string | null>(null);
  const [busy, setBusy] = useState<'verify' | 'save' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [parents, setParents] = useState<Array<{ externalId: string; name: string }>>([]);
  const formId = useId();

  useEffect(() => {
    if (!externalId) return;
    unwrap(api.customers.draft({ externalId })).then(
      (draft) => setForm(draft ? formOfDraft(draft) : { ...EMPTY_FORM, external_id: externalId }),
      (error: unknown) => setLoadError(error),
    );
  }, [externalId]);

  const draft = useMemo(() => (form ? draftOfForm(form) : null), [form]);
  const current = draft ? JSON.stringify({ draft, disableRiskScan }) : null;
  const verified = report !== null && verifiedDraft === current && report.outcome === 'verified';
  const canSave = offline || (verified && report !== null && !report.failed);
  // The last answer's problems stay beside their fields while they are corrected.
  const problems = shownProblems(report);
  const { byField, general } = problemsByField(problems);

  const set = <K extends Field>(field: K, value: CustomerFormValues[K]) =>
    setForm((previous) => (previous ? { ...previous, [field]: value } : previous));

  const parentText = form?.parent_external_id ?? '';
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

  const run = async (what: 'verify' | 'save') => {
    if (!draft) return;
    setBusy(what);
    setFailure(null);
    try {
      const input = { customers: [draft], relations: [], disableRiskScan };
      const answer = await unwrap(
        what === 'verify' ? api.customers.verify(input) : api.customers.save(input),
      );
      setReport(answer);
      setVerifiedDraft(current);
      if (answer.outcome === 'saved' && !answer.failed)
        navigate({ screen: 'customer', externalId: draft.external_id });
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  useShortcuts([
    {
      keys: 'Mod+Enter',
      description: 'Verify, then save the customer',
      group: 'Customer form',
      run: () => void run(canSave ? 'save' : 'verify'),
    },
  ]);

  const title = externalId ? 'Edit customer' : 'New customer';
  if (loadError)
    return (
      <Screen title={title}>
        <ErrorState error={loadError} />
      </Screen>
    );
  if (!form)
    return (
      <Screen title={title}>
        <LoadingState label="Reading the customer from the offline cache" />
      </Screen>
    );

  const text = (field: Field, label: string, options: { hint?: string; type?: string } = {}) => (
    <FormField field={field} label={label} problems={byField.get(field)} hint={options.hint}>
      {(props) => (
        <input
          {...props}
          type={options.type ?? 'text'}
          value={form[field] as string}
          onChange={(event) => set(field, event.target.value as never)}
          readOnly={field === 'external_id' && Boolean(externalId)}
        />
      )}
    </FormField>
  );

  return (
    <Screen
      title={title}
      subtitle={
        externalId ? (
          <ServiceText text={externalId} className="mono" />
        ) : (
          'Saved to the service, then read back into the offline cache'
        )
      }
      testId="customer-edit-screen"
      actions={
        externalId ? (
          <Button onClick={() => navigate({ screen: 'customer', externalId })}>Cancel</Button>
        ) : null
      }
    >
      <form
        id={formId}
        className="customer-form"
        data-testid="customer-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(canSave ? 'save' : 'verify');
        }}
      >
        {offline && (
          <Banner tone="info" testId="customer-offline">
            The service cannot be reached: verifying waits until it can. Saving now puts the change
            in the outbox, which sends it when the service is back; its answer (and any line it
            refuses) shows there.
          </Banner>
        )}
        {failure && (
          <Banner tone="danger" testId="customer-failure">
            {failure}
          </Banner>
        )}
        {report && verifiedDraft === current && <Outcome report={report} />}
        <FieldProblems problems={general} testId="problems-general" />

        <fieldset className="customer-section">
          <legend>Identity</legend>
          {text('external_id', 'External id', {
            hint: externalId
              ? 'Your key for this customer: it cannot change.'
              : 'Your own key for this customer, unique in your business.',
          })}
          <FormField
            field="account_type"
            label="Account type"
            problems={byField.get('account_type')}
          >
            {(props) => (
              <select
                {...props}
                value={form.account_type}
                onChange={(event) =>
                  set('account_type', event.target.value as CustomerFormValues['account_type'])
                }
              >
                <option value="">Not set</option>
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
          <FieldProblems
            problems={byField.get('domicile_codes')}
            testId="problems-domicile_codes"
          />
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
        />

        <fieldset className="customer-section">
          <legend>Risk scan</legend>
          <label className="check-field">
            <input
              type="checkbox"
              checked={disableRiskScan}
              onChange={(event) => setDisableRiskScan(event.target.checked)}
              data-testid="disable-risk-scan"
            />
            Disable the risk scan for this save (disable_risk_scan)
          </label>
          <p className="field-hint">
            Screening and the risk score are not run now: they run at the service’s next ongoing
            scan and risk process, so new alerts for this customer appear only then. The service may
            also decide this itself for a large save; the answer says when it did.
          </p>
        </fieldset>

        <div className="customer-form-actions">
          <Button
            type="submit"
            variant={canSave ? 'secondary' : 'primary'}
            busy={busy === 'verify'}

            data-testid="customer-verify"
            onClick={(event) => {
              event.preventDefault();
              void run('verify');
            }}
          >
            Verify
          </Button>
          <Button
            variant="primary"
            busy={busy === 'save'}
            disabled={!canSave}
            data-testid="customer-save"
            onClick={() => void run('save')}
          >
            {offline ? 'Save (waits in the outbox)' : 'Save'}
          </Button>
          <span className="field-hint" data-testid="customer-save-hint">
            {offline
              ? 'Offline: the save waits in the outbox.'
              : canSave
                ? 'Verified: nothing refused. Save sends it.'
                : 'Verify first: the service checks every field; nothing is saved.'}
          </span>
        </div>
      </form>
    </Screen>
  );
}

function Outcome({ report }: { report: SaveReport }) {
  if (report.outcome === 'queued')
    return (
      <Banner tone="info" title="Waiting in the outbox" testId="customer-outcome">
        The service cannot be reached now: the save waits in the outbox and is sent once it can.
      </Banner>
    );
  const forced = report.riskScanForced
    ? ' The service deferred scan and risk for this save: they run at its next ongoing process.'
    : '';
  if (report.failed)
    return (
      <Banner
        tone="danger"
        title={report.outcome === 'saved' ? 'Not saved' : 'The service refuses this customer'}
        testId="customer-outcome"
      >
        Each problem is shown beside its field; correct them and verify again.{forced}
      </Banner>
    );
  return (
    <Banner
      tone="success"
      title={report.outcome === 'saved' ? 'Saved' : 'Verified: nothing refused'}
      testId="customer-outcome"
    >
      {report.outcome === 'saved'
        ? 'The customer was saved and read back.'
        : 'Save sends it to the service.'}
      {forced}
    </Banner>
  );
}

function FormField({
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
