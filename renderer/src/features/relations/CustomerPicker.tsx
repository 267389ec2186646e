import { useEffect, useId, useState } from 'react';
import type { SearchHitView } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';
import { api, errorMessage, unwrap } from '../../lib/api';

const TYPING_PAUSE_MS = 250;

interface Choice {
  externalId: string;
  name: string;
}

const choicesOf = (hits: SearchHitView[]): Choice[] =>
  hits
    .filter((hit) => hit.kind === 'customer')
    .map((hit) => ({ externalId: hit.customerExternalId ?? hit.id, name: hit.title }))
    .slice(0, 8);

/**
 * One end of a relation: an external id, typed or found among the cached customers by name or
 * id. The matches are buttons under the field, reached with Tab and chosen with Enter.
 */
export function CustomerPicker({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (externalId: string) => void;
  error?: string | undefined;
  testId: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [found, setFound] = useState<{
    text: string;
    choices: Choice[] | null;
    problem: string | null;
  } | null>(null);
  const typed = text.trim();
  const current = typed && found?.text === typed ? found : null;

  useEffect(() => {
    if (!typed) return;
    let live = true;
    const timer = setTimeout(() => {
      unwrap(api.search.query({ text: typed })).then(
        (hits) => live && setFound({ text: typed, choices: choicesOf(hits), problem: null }),
        (problem: unknown) =>
          live && setFound({ text: typed, choices: null, problem: errorMessage(problem) }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);

  const status = !typed
    ? 'Search the cached customers by name or external id.'
    : !current
      ? 'Looking among the cached customers…'
      : (current.problem ??
        (current.choices?.length
          ? `${current.choices.length} cached ${current.choices.length === 1 ? 'customer matches' : 'customers match'}: choose one.`
          : 'No cached customer matches: type its external id in the field above.'));

  return (
    <fieldset className={`relation-picker${error ? ' field-invalid' : ''}`} data-testid={testId}>
      <legend className="field-label">{label}</legend>
      <div className="relation-picker-row">
        <div className="field">
          <label htmlFor={`${id}-value`} className="field-label relation-picker-sub">
            External id
          </label>
          <input
            id={`${id}-value`}
            value={value}
            maxLength={256}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            data-testid={`${testId}-value`}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-search`} className="field-label relation-picker-sub">
            Find a cached customer
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={text}
            maxLength={200}
            autoComplete="off"
            placeholder="Name or external id"
            aria-describedby={`${id}-status`}
            data-testid={`${testId}-search`}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              const [only, ...more] = current?.choices ?? [];
              if (only && more.length === 0) {
                onChange(only.externalId);
                setText('');
              }
            }}
          />
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p id={`${id}-status`} className="field-hint" aria-live="polite">
        {status}
      </p>
      {current?.choices && current.choices.length > 0 && (
        <ul className="relation-picker-choices" aria-label={`Cached customers for ${label}`}>
          {current.choices.map((choice) => (
            <li key={choice.externalId}>
              <button
                type="button"
                className="relation-picker-choice"
                data-testid={`${testId}-choice`}
                data-external-id={choice.externalId}
                onClick={() => {
                  onChange(choice.externalId);
                  setText('');
                }}
              >
                <ServiceText text={choice.name || choice.externalId} />
                <ServiceText text={choice.externalId} className="mono relation-muted" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
