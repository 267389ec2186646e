import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type {
  PressGenerateResult,
  PressReportSummary,
  PressSubjectInput,
} from '../../../../preload/contract';
import { Banner } from '../../components/Banner';
import { Button } from '../../components/Button';
import { DateText } from '../../components/DateText';
import { ServiceText } from '../../components/ServiceText';
import { TextField } from '../../components/TextField';
import { useModalDialog } from '../../components/use-modal-dialog';
import { api, fieldErrors, unwrap } from '../../lib/api';
import { useNavigation } from '../../lib/navigation';
import {
  generationInFlight,
  trackGeneration,
  type GenerationInFlight,
} from './generations-in-flight';
import { isLostAnswer, lookedInSentence, pressErrorText, pressErrorTitle } from './press-errors';
import { usePressSession } from './press-session';
import { reportMadeAt } from './report-date';
import { formFromSubject, subjectFromForm, type SubjectForm } from './press-subject';

type Step =
  | { step: 'form' }
  | { step: 'confirm'; subject: PressSubjectInput }
  /** `since`: a generation started earlier (this dialog was closed meanwhile) is still running. */
  | { step: 'running'; subject: PressSubjectInput; since?: string }
  /** Main says a generation of this subject, started elsewhere, waits for its answer. */
  | { step: 'running-elsewhere'; subject: PressSubjectInput; since: string }
  | { step: 'recent'; subject: PressSubjectInput; recent: PressReportSummary }
  | { step: 'in-doubt'; subject: PressSubjectInput; since: string; lookedIn: string }
  | { step: 'failed'; subject: PressSubjectInput; error: unknown };

const subjectName = (subject: PressSubjectInput) =>
  subject.name?.trim() ||
  [subject.firstName, subject.middleName, subject.lastName, subject.companyName]
    .filter(Boolean)
    .join(' ');

/**
 * Generating an instant report (POST /press/instantreport) makes a stored report on the service
 * and may cost the tenant, so it is confirmed first; a repeat of a recent or possibly delivered
 * generation is asked about again.
 */
export function GenerateDialog({
  open,
  initial,
  onClose,
  onGenerated,
}: {
  open: boolean;
  /** Prefilled from a customer; null for any name. */
  initial: PressSubjectInput | null;
  onClose: () => void;
  onGenerated?: () => void;
}) {
  const navigate = useNavigation((state) => state.navigate);
  const remember = usePressSession((state) => state.remember);
  const [form, setForm] = useState<SubjectForm>(formFromSubject({ name: '' }));
  const [compare, setCompare] = useState(true);
  const [errors, setErrors] = useState<Partial<Record<keyof SubjectForm, string>>>({});
  const [step, setStep] = useState<Step>({ step: 'form' });
  // The generation this dialog shows; an answer for another one changes nothing here.
  const watching = useRef<GenerationInFlight | null>(null);
  // A generation answered after the dialog was closed keeps its report but takes no one anywhere.
  const stillOpen = useRef(open);
  useLayoutEffect(() => {
    stillOpen.current = open;
  });
  useEffect(
    () => () => {
      // Its screen was left: a late answer must not navigate from wherever the investigator is.
      stillOpen.current = false;
    },
    [],
  );

  const follow = (flight: GenerationInFlight, since?: string) => {
    watching.current = flight;
    setStep({ step: 'running', subject: flight.subject, ...(since ? { since } : {}) });
    flight.answer.then(
      (result) => {
        if (watching.current !== flight || !stillOpen.current) return;
        watching.current = null;
        show(flight.subject, result);
      },
      (error: unknown) => {
        if (watching.current !== flight || !stillOpen.current) return;
        watching.current = null;
        const fields = fieldErrors(error);
        if (Object.keys(fields).length) {
          setErrors({ name: Object.values(fields).join(' ') });
          setStep({ step: 'form' });
        } else setStep({ step: 'failed', subject: flight.subject, error });
      },
    );
  };

  const ref = useModalDialog(open, {
    onShown: () => {
      setForm(formFromSubject(initial ?? { name: '' }));
      setCompare(true);
      setErrors({});
      // Closed while generating and opened again: the generation still runs, say so.
      const flight = initial ? generationInFlight(initial) : null;
      if (flight) follow(flight, flight.since);
      else {
        watching.current = null;
        setStep({ step: 'form' });
      }
    },
  });
  const running = step.step === 'running';
  const close = () => {
    // The generation goes on in main if the dialog closes; its report is kept all the same.
    onClose();
  };

  const review = (event: FormEvent) => {
    event.preventDefault();
    const result = subjectFromForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const flight = generationInFlight(result.subject);
    if (flight) follow(flight, flight.since);
    else setStep({ step: 'confirm', subject: result.subject });
  };

  const show = (subject: PressSubjectInput, result: PressGenerateResult) => {
    switch (result.state) {
      case 'generated':
        onClose();
        navigate({ screen: 'press-report', id: result.report.summary.id });
        return;
      case 'recent':
        setStep({ step: 'recent', subject, recent: result.recent });
        return;
      case 'in-doubt':
        setStep({ step: 'in-doubt', subject, since: result.since, lookedIn: result.lookedIn });
        return;
      case 'running':
        setStep({ step: 'running-elsewhere', subject, since: result.since });
    }
  };

  const generate = (subject: PressSubjectInput, confirmRepeat: boolean) => {
    const answer = unwrap(
      api.press.generate({
        subject,
        confirmRepeat,
        ...(compare ? {} : { previousReportId: null }),
      }),
    );
    // Kept and listed whether or not anyone still looks at this dialog.
    answer.then(
      (result) => {
        if (result.state !== 'generated') return;
        if (result.diff) remember(result.report.summary.id, result.diff);
        onGenerated?.();
      },
      () => undefined,
    );
    follow(trackGeneration(subject, answer));
  };

  const field = (key: keyof SubjectForm, label: string, extra: { hint?: string } = {}) => (
    <TextField
      label={label}
      value={form[key]}
      maxLength={key === 'name' ? 512 : 256}
      error={errors[key]}
      hint={extra.hint}
      data-testid={`press-generate-${key}`}
      onChange={(event) => setForm({ ...form, [key]: event.target.value })}
    />
  );

  let content;
  switch (step.step) {
    case 'form':
      content = (
        <form onSubmit={review} noValidate>
          <div className="dialog-body press-generate-fields">
            {field('name', 'Name', {
              hint: 'The name the service searches for; made of the parts below when empty.',
            })}
            <div className="press-field-row">
              {field('firstName', 'First name')}
              {field('middleName', 'Middle name')}
              {field('lastName', 'Last name')}
            </div>
            {field('companyName', 'Company name')}
            <div className="press-field-row">
              {field('countries', 'Country codes', { hint: 'Two letters each, e.g. DE, FR' })}
              {field('dateOfBirth', 'Date of birth', { hint: 'YYYY-MM-DD' })}
              <label className="field">
                <span className="field-label">Entity type</span>
                <span className="field-control">
                  <select
                    value={form.entityType}
                    data-testid="press-generate-entityType"
                    onChange={(event) =>
                      setForm({
                        ...form,
                        entityType:
                          event.target.value === 'person' || event.target.value === 'firm'
                            ? event.target.value
                            : '',
                      })
                    }
                  >
                    <option value="">Unknown</option>
                    <option value="person">Person</option>
                    <option value="firm">Firm</option>
                  </select>
                </span>
              </label>
            </div>
            <label className="press-check">
              <input
                type="checkbox"
                checked={compare}
                data-testid="press-generate-compare"
                onChange={(event) => setCompare(event.target.checked)}
              />
              Compare with the newest kept report of this subject
            </label>
          </div>
          <div className="dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" data-testid="press-generate-next">
              Continue…
            </Button>
          </div>
        </form>
      );
      break;
    case 'confirm':
    case 'running':
      content = (
        <>
          <div className="dialog-body">
            <p data-testid="press-generate-cost">
              Generating makes a stored report on the service for{' '}
              <strong>
                <ServiceText text={subjectName(step.subject)} />
              </strong>{' '}
              and may cost the tenant. CaseDesk keeps it for reading offline.
            </p>
            {running && (
              <p className="press-progress" role="status" data-testid="press-generate-progress">
                <span className="spinner" aria-hidden="true" /> Generating the report… this can take
                a while.
              </p>
            )}
            {step.step === 'running' && step.since && (
              <p data-testid="press-generate-running-since">
                This generation was started <DateText value={step.since} /> and still waits for the
                service's answer; CaseDesk does not start another one. Closing this dialog does not
                stop it: its report is kept and listed when it comes.
              </p>
            )}
          </div>
          <div className="dialog-actions">
            {running ? (
              // It goes on in main; the dialog shows it again when opened for this subject.
              <Button onClick={close} data-testid="press-generate-close">
                Close
              </Button>
            ) : (
              <Button onClick={() => setStep({ step: 'form' })}>Back</Button>
            )}
            <Button
              variant="primary"
              busy={running}
              autoFocus
              data-testid="press-generate-confirm"
              onClick={() => generate(step.subject, false)}
            >
              Generate report
            </Button>
          </div>
        </>
      );
      break;
    case 'recent':
      content = (
        <>
          <div className="dialog-body">
            <Banner tone="warning" testId="press-generate-recent">
              A report on <ServiceText text={step.recent.subjectName} /> was made{' '}
              <DateText value={reportMadeAt(step.recent)} style="relative" />. Another one makes a
              new stored report and may cost the tenant again.
            </Banner>
          </div>
          <div className="dialog-actions">
            <Button
              autoFocus
              data-testid="press-generate-open-recent"
              onClick={() => {
                onClose();
                navigate({ screen: 'press-report', id: step.recent.id });
              }}
            >
              Open that report
            </Button>
            <Button
              variant="danger"
              data-testid="press-generate-repeat"
              onClick={() => generate(step.subject, true)}
            >
              Generate anyway
            </Button>
          </div>
        </>
      );
      break;
    case 'in-doubt':
      content = (
        <>
          <div className="dialog-body">
            <Banner tone="warning" title="It may exist already" testId="press-generate-in-doubt">
              A generation of this subject started <DateText value={step.since} /> lost its answer:
              the report may have been made on the service.{' '}
              <ServiceText text={lookedInSentence(step.lookedIn)} lines={0} /> Generating again may
              make a second stored report and cost the tenant again.
            </Banner>
          </div>
          <div className="dialog-actions">
            <Button autoFocus onClick={close}>
              Cancel
            </Button>
            <Button
              variant="danger"
              data-testid="press-generate-repeat"
              onClick={() => generate(step.subject, true)}
            >
              Generate again
            </Button>
          </div>
        </>
      );
      break;
    case 'running-elsewhere':
      content = (
        <>
          <div className="dialog-body">
            <Banner tone="info" title="Still generating" testId="press-generate-running">
              A generation of this subject started <DateText value={step.since} /> still waits for
              the service's answer. CaseDesk does not start another one: its report is kept and
              listed when it comes.
            </Banner>
          </div>
          <div className="dialog-actions">
            <Button autoFocus onClick={close}>
              Close
            </Button>
          </div>
        </>
      );
      break;
    case 'failed':
      content = (
        <>
          <div className="dialog-body">
            <Banner
              tone={isLostAnswer(step.error) ? 'warning' : 'danger'}
              title={pressErrorTitle(step.error, 'generate')}
              testId="press-generate-error"
            >
              {pressErrorText(step.error, 'generate')}
            </Banner>
          </div>
          <div className="dialog-actions">
            <Button autoFocus onClick={close}>
              Close
            </Button>
            <Button
              variant="primary"
              data-testid="press-generate-retry"
              onClick={() => generate(step.subject, false)}
            >
              Try again
            </Button>
          </div>
        </>
      );
  }

  return (
    <dialog
      ref={ref}
      className="dialog press-dialog press-generate-dialog"
      aria-labelledby="press-generate-title"
      data-testid="press-generate-dialog"
      data-step={step.step}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id="press-generate-title" className="dialog-title">
        Generate an adverse-media report
      </h2>
      {content}
    </dialog>
  );
}
