import { useEffect, useId, useRef, useState } from 'react';
import type { KytParticipantChoice } from '../../../../preload/contract';
import { ServiceText } from '../../components/ServiceText';
import { api, errorMessage, unwrap } from '../../lib/api';
import { SIDE_NAMES, type KytSide } from './kyt-fields';

const TYPING_PAUSE_MS = 250;

/** What the picker says under its field: how to use it, that it looks, or what it found. */
export function pickerStatus(
  typed: string,
  found: { choices: KytParticipantChoice[] | null; problem: string | null } | null,
  who: string,
): string {
  if (!typed) return `Fills every field CaseDesk knows of the customer as the ${who}.`;
  if (!found) return 'Looking among the cached customers…';
  if (found.problem) return found.problem;
  const count = found.choices?.length ?? 0;
  if (count === 0) return 'No cached customer matches.';
  return `${count} cached ${count === 1 ? 'customer matches' : 'customers match'}: choose one.`;
}

/**
 * Finds a cached customer by name or external id and fills the participant from it. The choices
 * are buttons under the field, so they are reached with Tab and chosen with Enter.
 */
export function ParticipantPicker({
  side,
  onPick,
}: {
  side: KytSide;
  onPick: (choice: KytParticipantChoice) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  // The answer for the text it was asked for: an answer for older text is not shown.
  const [found, setFound] = useState<{
    text: string;
    choices: KytParticipantChoice[] | null;
    problem: string | null;
  } | null>(null);
  const typed = text.trim();
  const current = typed && found?.text === typed ? found : null;
  const choices = current?.choices ?? null;

  useEffect(() => {
    if (!typed) return;
    let live = true;
    const timer = setTimeout(() => {
      unwrap(api.kyt.participants({ text: typed, limit: 8 })).then(
        (answer) => {
          if (live) setFound({ text: typed, choices: answer, problem: null });
        },
        (error: unknown) => {
          if (live) setFound({ text: typed, choices: null, problem: errorMessage(error) });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [typed]);

  const input = useRef<HTMLInputElement>(null);
  const pick = (choice: KytParticipantChoice) => {
    onPick(choice);
    setText('');
    // The chosen button goes away with the list: the focus stays where the search was typed.
    input.current?.focus();
  };

  const who = SIDE_NAMES[side].toLowerCase();
  return (
    <div className="kyt-picker" data-testid={`kyt-picker-${side}`}>
      <label htmlFor={`${id}-input`} className="field-label">
        Fill from a cached customer
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        className="kyt-picker-input"
        value={text}
        maxLength={200}
        placeholder="Name or external id"
        autoComplete="off"
        aria-describedby={`${id}-status`}
        data-testid={`kyt-picker-${side}-input`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter picks the only match, and never sends the form the picker sits in.
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const [only, ...more] = choices ?? [];
          if (only && more.length === 0) pick(only);
        }}
      />
      <p id={`${id}-status`} className="field-hint" aria-live="polite">
        {pickerStatus(typed, current, who)}
      </p>
      {choices && choices.length > 0 && (
        <ul className="kyt-picker-choices" aria-label={`Cached customers to fill the ${who}`}>
          {choices.map((choice) => (
            <li key={choice.externalId}>
              <button
                type="button"
                className="kyt-picker-choice"
                data-testid="kyt-picker-choice"
                data-external-id={choice.externalId}
                onClick={() => pick(choice)}
              >
                <ServiceText text={choice.name || choice.externalId} />
                <ServiceText text={choice.externalId} className="mono kyt-muted" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
