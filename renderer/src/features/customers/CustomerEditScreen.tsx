import { useEffect, useId, useMemo, useState } from 'react';
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
import { CustomerFields } from './CustomerFields';
import { FieldProblems, type ShownProblem } from './FieldProblems';
import {
  draftOfForm,
  EMPTY_FORM,
  formOfDraft,
  problemsByField,
  type CustomerFormValues,
} from './customer-form';
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
  const { byField, general } = problemsByField(problems, form?.account_type);

  const set = <K extends Field>(field: K, value: CustomerFormValues[K]) =>
    setForm((previous) => (previous ? { ...previous, [field]: value } : previous));

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

        <CustomerFields
          form={form}
          set={set}
          problems={byField}
          externalIdFixed={Boolean(externalId)}
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
