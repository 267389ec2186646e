import { useEffect, useId, useState } from 'react';
import type { AlertView, EvidenceLink, ProposedState } from '../../../../preload/contract';
import { Button } from '../../components/Button';
import { ServiceText } from '../../components/ServiceText';
import type { ALERT_STATES } from '../../lib/alert-states';
import { api, errorMessage, fieldErrors, unwrap } from '../../lib/api';
import {
  EVIDENCE_HEADINGS,
  evidenceChoices,
  referencesIn,
  type EvidenceChoice,
} from './evidence-choices';
import { DRAFT_LABELS, useKeptDraft } from './use-kept-draft';

const keyOf = (link: EvidenceLink) => `${link.kind}:${link.id}`;

/**
 * Proposing a decision: the state, the reason (kept as it is typed), and the evidence it rests
 * on, chosen from what the cache and the local store hold about the customer or written as
 * references. Pinned by main to the alert's revision as cached at the moment it is saved.
 */
export function ProposalForm({
  alert,
  states,
  onDone,
  onCancel,
}: {
  alert: AlertView;
  states: typeof ALERT_STATES;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [state, setState] = useState<ProposedState | null>(null);
  const reason = useKeptDraft(`proposal:${alert.id}`);
  const [choices, setChoices] = useState<EvidenceChoice[] | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [references, setReferences] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const ids = { state: useId(), reason: useId(), references: useId() };

  useEffect(() => {
    let current = true;
    evidenceChoices(alert).then(
      (found) => current && setChoices(found),
      () => current && setChoices([]),
    );
    return () => {
      current = false;
    };
  }, [alert]);

  const typed = referencesIn(references);
  const submit = () => {
    const problems: Record<string, string> = {};
    if (state === null) problems.state = 'Choose the state you propose.';
    if (reason.text.trim() === '') problems.reason = 'Say why: a proposal needs a reason.';
    if (typed.bad !== null)
      problems.references = `“${typed.bad}” is not a reference: write kind:ID, e.g. kyt:123 or message:m-9.`;
    setFields(problems);
    if (Object.keys(problems).length > 0 || state === null || typed.links === null) return;
    const picked = (choices ?? []).filter((choice) => chosen.has(keyOf(choice)));
    const evidence = [
      ...picked.map(({ kind, id, label }) => ({ kind, id, label })),
      ...typed.links.filter((link) => !chosen.has(keyOf(link))),
    ];
    setBusy(true);
    setError('');
    const text = reason.text;
    reason
      .settle()
      .then(() =>
        unwrap(api.workbench.propose({ alertId: alert.id, state, reason: text, evidence })),
      )
      .then(() => {
        reason.clear();
        onDone();
      })
      .catch((caught: unknown) => {
        setError(errorMessage(caught));
        setFields(fieldErrors(caught));
      })
      .finally(() => setBusy(false));
  };

  const groups = groupChoices(choices ?? []);
  return (
    <form
      className="wb-form"
      data-testid="proposal-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <div className="field">
        <label htmlFor={ids.state} className="field-label">
          Proposed state
        </label>
        <select
          id={ids.state}
          className="wb-input"
          value={state ?? ''}
          autoFocus
          onChange={(event) =>
            setState(
              event.target.value === '' ? null : (Number(event.target.value) as ProposedState),
            )
          }
          aria-invalid={fields.state ? true : undefined}
          aria-describedby={fields.state ? `${ids.state}-error` : undefined}
          data-testid="proposal-state"
        >
          <option value="">Choose…</option>
          {states.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {fields.state && (
          <p id={`${ids.state}-error`} className="field-error" role="alert">
            {fields.state}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.reason} className="field-label">
          Reason
        </label>
        <textarea
          id={ids.reason}
          className="wb-textarea"
          rows={4}
          value={reason.text}
          onChange={(event) => reason.change(event.target.value)}
          aria-invalid={fields.reason ? true : undefined}
          aria-describedby={`${ids.reason}-hint`}
          data-testid="proposal-reason-text"
        />
        {fields.reason ? (
          <p id={`${ids.reason}-hint`} className="field-error" role="alert">
            {fields.reason}
          </p>
        ) : (
          <p id={`${ids.reason}-hint`} className="field-hint">
            What you saw and why it leads to this state. {DRAFT_LABELS[reason.state]}
          </p>
        )}
      </div>
      <fieldset className="wb-evidence-picker" data-testid="evidence-picker">
        <legend className="field-label">Evidence</legend>
        {choices === null ? (
          <p className="wb-empty">Reading what the customer’s record holds…</p>
        ) : groups.length === 0 ? (
          <p className="wb-empty">Nothing cached to cite yet; cite by reference below.</p>
        ) : (
          groups.map(([heading, items]) => (
            <div key={heading} className="wb-evidence-group">
              <p className="wb-label">{heading}</p>
              {items.map((choice) => {
                const key = keyOf(choice);
                return (
                  <label key={key} className="wb-check" data-testid="evidence-choice">
                    <input
                      type="checkbox"
                      checked={chosen.has(key)}
                      onChange={(event) =>
                        setChosen((previous) => {
                          const next = new Set(previous);
                          if (event.target.checked) next.add(key);
                          else next.delete(key);
                          return next;
                        })
                      }
                    />
                    <ServiceText text={choice.label || choice.id} />
                    {choice.detail && <span className="wb-check-detail">{choice.detail}</span>}
                  </label>
                );
              })}
            </div>
          ))
        )}
        <div className="field">
          <label htmlFor={ids.references} className="field-label">
            Other evidence, by reference
          </label>
          <input
            id={ids.references}
            className="wb-input"
            value={references}
            placeholder="kyt:123 message:m-9"
            onChange={(event) => setReferences(event.target.value)}
            aria-invalid={fields.references ? true : undefined}
            aria-describedby={`${ids.references}-hint`}
            data-testid="evidence-references"
          />
          <p
            id={`${ids.references}-hint`}
            className={fields.references ? 'field-error' : 'field-hint'}
            role={fields.references ? 'alert' : undefined}
          >
            {fields.references ?? 'Messages and transactions, as kind:ID, separated by spaces.'}
          </p>
        </div>
      </fieldset>
      {error && (
        <p className="field-error" role="alert" data-testid="proposal-error">
          {error}
        </p>
      )}
      <div className="wb-actions">
        <Button variant="ghost" onClick={onCancel} data-testid="cancel-proposal">
          Cancel
        </Button>
        <Button type="submit" variant="primary" busy={busy} data-testid="save-proposal">
          Keep the proposal
        </Button>
      </div>
    </form>
  );
}

function groupChoices(choices: EvidenceChoice[]): Array<[string, EvidenceChoice[]]> {
  const groups = new Map<string, EvidenceChoice[]>();
  for (const choice of choices) {
    const heading = EVIDENCE_HEADINGS[choice.kind];
    const group = groups.get(heading);
    if (group) group.push(choice);
    else groups.set(heading, [choice]);
  }
  return [...groups.entries()];
}
