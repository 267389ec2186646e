import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { KytTransactionRequest } from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RecordLink } from '../../components/RecordLink';
import { Screen } from '../../components/Screen';
import { ServiceText } from '../../components/ServiceText';
import { ErrorState, LoadingState } from '../../components/StateViews';
import { api, fieldErrors, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import type { Route } from '../../lib/routes';
import { useShortcuts } from '../../lib/shortcuts';
import { useSync } from '../sync';
import { draftKey, useKytDrafts, type KytDraft } from './kyt-drafts';
import { submitErrorText } from './kyt-errors';
import {
  placeBridgeErrors,
  transactionFromForm,
  type KytForm,
  type KytFormErrors,
} from './kyt-form';
import { formatAmount, partyText } from './kyt-format';
import { draftFor } from './kyt-prefill';
import { fieldControl } from './KytField';
import { ParticipantFields, TransactionFields, detailsOf, type KytDetails } from './KytFormFields';

/** "1,250.5 EUR from Anna Lind to Ali Rezaei." */
function PendingSummary({ transaction }: { transaction: KytTransactionRequest }) {
  const party = (side: KytTransactionRequest['from']) =>
    partyText(side.full_name ?? null, side.external_id ?? null);
  return (
    <>
      <strong>{formatAmount(Number(transaction.amount), String(transaction.currency))}</strong> from{' '}
      <ServiceText text={party(transaction.from)} /> to <ServiceText text={party(transaction.to)} />
      .{' '}
    </>
  );
}

const CLOSED: Record<KytDetails, boolean> = { transaction: false, from: false, to: false };

/** The collapsible parts holding these fields, opened (so an error or a value is seen). */
function openHolding(paths: readonly string[], open: Record<KytDetails, boolean>) {
  const next = { ...open };
  for (const path of paths) {
    const details = detailsOf(path);
    if (details) next[details] = true;
  }
  return next;
}

/**
 * A new transaction (`#/kyt/new`): empty, with a customer as a side, or duplicated from a kept
 * submission (a what-if). Checked before sending; confirmed, since the service stores every
 * submission and has no way to take one back or look it up.
 */
export function SubmitScreen({ route }: { route: Extract<Route, { screen: 'kyt-new' }> }) {
  const key = draftKey(route.prefill);
  const draft = useKytDrafts((state) => state.drafts[key] ?? null);
  const save = useKytDrafts((state) => state.save);
  const drop = useKytDrafts((state) => state.drop);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [loading, setLoading] = useState(0);
  const hasDraft = draft !== null;

  useEffect(() => {
    if (hasDraft) return;
    let live = true;
    draftFor(route.prefill, api.kyt).then(
      (made) => {
        if (live) save(key, made);
      },
      (error: unknown) => {
        if (live) setLoadError(error);
      },
    );
    return () => {
      live = false;
    };
    // The prefill is the key's; `loading` asks again after a failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, hasDraft, loading]);

  const heading =
    route.prefill && 'duplicate' in route.prefill ? 'What-if: a duplicate' : 'New transaction';
  if (!draft) {
    return (
      <Screen title={heading} testId="kyt-submit-screen">
        {loadError !== null ? (
          <ErrorState
            error={loadError}
            onRetry={() => {
              setLoadError(null);
              setLoading((count) => count + 1);
            }}
          />
        ) : (
          <LoadingState label="Preparing the form…" />
        )}
      </Screen>
    );
  }
  return (
    <SubmitForm
      key={key}
      heading={heading}
      draft={draft}
      onDraft={(next) => save(key, next)}
      onSubmitted={() => drop(key)}
      onStartOver={() => drop(key)}
    />
  );
}

type Step =
  | { step: 'form' }
  | { step: 'confirm'; transaction: KytTransactionRequest }
  | { step: 'sending'; transaction: KytTransactionRequest };

function SubmitForm({
  heading,
  draft,
  onDraft,
  onSubmitted,
  onStartOver,
}: {
  heading: string;
  draft: KytDraft;
  onDraft: (draft: KytDraft) => void;
  onSubmitted: () => void;
  onStartOver: () => void;
}) {
  const navigate = useNavigation((state) => state.navigate);
  const offline = useSync((state) => state.status?.connectivity === 'offline');
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<KytFormErrors>({});
  const [elsewhere, setElsewhere] = useState<string[]>([]);
  // A prefilled form (a what-if, a customer) opens what it carries, so all it sends is seen.
  const [open, setOpen] = useState<Record<KytDetails, boolean>>(() =>
    openHolding(
      [
        ...Object.keys(draft.form.values).filter((path) => draft.form.values[path]),
        ...(draft.form.custom.length || draft.form.reviewGroups.length ? ['fields'] : []),
      ],
      CLOSED,
    ),
  );
  const [step, setStep] = useState<Step>({ step: 'form' });
  const [failure, setFailure] = useState<{ error: unknown; besideFields: number } | null>(null);
  const [focusFirstError, setFocusFirstError] = useState(0);
  const mounted = useRef(true);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a check fails, the first field named gets the focus (its group was opened first).
  useEffect(() => {
    if (!focusFirstError || !formRef.current) return;
    const first = Object.keys(errors)
      .map((path) => (formRef.current ? fieldControl(formRef.current, path) : null))
      .find((control) => control !== null);
    first?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusFirstError]);

  const form = draft.form;
  const setForm = (next: KytForm) => onDraft({ ...draft, form: next });
  const showErrors = (next: KytFormErrors) => {
    setErrors(next);
    setOpen((current) => openHolding(Object.keys(next), current));
    setFocusFirstError((count) => count + 1);
  };

  const review = (event?: FormEvent) => {
    event?.preventDefault();
    setFailure(null);
    setElsewhere([]);
    const result = transactionFromForm(form);
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    setStep({ step: 'confirm', transaction: result.transaction });
  };

  const submit = (transaction: KytTransactionRequest) => {
    setStep({ step: 'sending', transaction });
    unwrap(
      api.kyt.submit({ transaction, ...(draft.basedOnId ? { basedOnId: draft.basedOnId } : {}) }),
    ).then(
      (detail) => {
        onSubmitted();
        // Kept and listed all the same; only a screen still open takes the investigator there.
        if (mounted.current) navigate({ screen: 'kyt-submission', id: detail.summary.id });
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setStep({ step: 'form' });
        const placed = placeBridgeErrors(fieldErrors(error));
        const besideFields = Object.keys(placed.byField).length;
        setFailure({ error, besideFields });
        setElsewhere(placed.elsewhere);
        if (besideFields) showErrors(placed.byField);
      },
    );
  };

  useShortcuts(
    [
      {
        keys: 'Mod+Enter',
        description: 'Check and submit the transaction',
        group: 'New transaction',
        inFields: true,
        run: () => review(),
      },
    ],
    step.step === 'form',
  );

  const pending = step.step === 'form' ? null : step.transaction;
  const failed = failure ? submitErrorText(failure.error, failure.besideFields) : null;
  const errorCount = Object.keys(errors).length;
  return (
    <Screen
      title={heading}
      subtitle={
        draft.basedOnId ? (
          <span data-testid="kyt-what-if-of">
            Duplicated from{' '}
            <RecordLink to={{ screen: 'kyt-submission', id: draft.basedOnId }}>
              the original submission
            </RecordLink>
            : change what you want to test, submit, then compare the two answers.
          </span>
        ) : (
          'Checked before sending. The service scores it; CaseDesk explains the score from the rules it applied.'
        )
      }
      testId="kyt-submit-screen"
    >
      <div className="kyt-notes">
        {draft.note && (
          <Banner tone="info" testId="kyt-prefill-note">
            <ServiceText text={draft.note} lines={0} />
          </Banner>
        )}
        {failed && (
          <Banner tone="danger" title={failed.title} testId="kyt-submit-error">
            {failed.text}
            {elsewhere.length > 0 && (
              <ul className="kyt-error-list">
                {elsewhere.map((message) => (
                  <li key={message}>
                    <ServiceText text={message} lines={0} />
                  </li>
                ))}
              </ul>
            )}
          </Banner>
        )}
        {errorCount > 0 && !failed && (
          <Banner tone="danger" testId="kyt-form-problems">
            {errorCount === 1
              ? '1 field needs a change before sending: see the message beside it.'
              : `${errorCount} fields need a change before sending: see the messages beside them.`}
          </Banner>
        )}
      </div>
      <form ref={formRef} className="kyt-form" noValidate onSubmit={review} data-testid="kyt-form">
        <TransactionFields
          form={form}
          errors={errors}
          open={open}
          onOpen={(details, now) => setOpen({ ...open, [details]: now })}
          onChange={setForm}
        />
        <div className="kyt-participants">
          {(['from', 'to'] as const).map((side) => (
            <ParticipantFields
              key={side}
              side={side}
              form={form}
              errors={errors}
              open={open}
              onOpen={(details, now) => setOpen({ ...open, [details]: now })}
              onChange={setForm}
            />
          ))}
        </div>
        <div className="kyt-form-actions">
          <Button variant="ghost" onClick={onStartOver} data-testid="kyt-start-over">
            Start over
          </Button>
          <Button
            type="submit"
            variant="primary"
            aria-keyshortcuts="Control+Enter"
            data-testid="kyt-review"
          >
            Submit…
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={pending !== null}
        title="Submit this transaction to the service?"
        confirmLabel="Submit transaction"
        busy={step.step === 'sending'}
        onConfirm={() => {
          if (step.step === 'confirm') submit(step.transaction);
        }}
        onCancel={() => {
          if (step.step === 'confirm') setStep({ step: 'form' });
        }}
      >
        <p data-testid="kyt-confirm-text">
          {pending && <PendingSummary transaction={pending} />}
          The service stores every transaction submitted to it. A submission cannot be taken back,
          and the service has no way to look it up afterwards: CaseDesk keeps its own copy of what
          was sent and what came back.
          {draft.basedOnId && ' This what-if is a submission like any other.'}
        </p>
        {offline && (
          <p data-testid="kyt-confirm-offline">
            The service cannot be reached now: the submission waits in the outbox and is sent once
            it can be.
          </p>
        )}
      </ConfirmDialog>
    </Screen>
  );
}
