import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { addTagCodes, splitFinished, tagSuggestions } from '../lib/tag-codes';

/**
 * Tag codes as chips, typed with commas or Enter, suggested from the tags already in the cache
 * (the service has no list of them). Text still being typed becomes a tag when the field is left,
 * so nothing typed is lost.
 */
export function TagInput({
  label,
  tags,
  onChange,
  suggestions,
  placeholder = 'Add a tag',
  error,
  disabled = false,
  testId,
  hideLabel = false,
  className,
  labelClassName = 'field-label',
}: {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  suggestions: ReadonlyArray<{ value: string; count: number }>;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
  testId: string;
  hideLabel?: boolean;
  className?: string;
  labelClassName?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (text: string) => {
    const result = addTagCodes(tags, text);
    if (result.tags.length !== tags.length) onChange(result.tags);
    setProblem(result.problem);
    return result.leftOver;
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    const native = event.nativeEvent;
    // Picking a suggestion from the list replaces the text at once: it is a whole tag.
    const picked =
      !(native instanceof InputEvent) || native.inputType === 'insertReplacementText'
        ? suggestions.some((tag) => tag.value === value)
        : false;
    if (picked) {
      setDraft(add(value));
      return;
    }
    const { finished, typing } = splitFinished(value);
    if (finished) {
      const left = add(finished);
      setDraft(left ? `${left}, ${typing}` : typing);
    } else {
      setDraft(value);
      if (problem) setProblem(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && draft.trim()) {
      // A tag, not the form's submission.
      event.preventDefault();
      setDraft(add(draft));
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  const shownError = error ?? problem ?? undefined;
  const options = tagSuggestions(suggestions, tags);
  return (
    <div
      className={['tag-input-field', shownError ? 'is-invalid' : '', className]
        .filter(Boolean)
        .join(' ')}
      data-testid={testId}
    >
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : labelClassName}>
        {label}
      </label>
      <div className="tag-input">
        {tags.map((tag) => (
          <span key={tag} className="tag tag-chip" data-testid="tag-chip">
            {tag}
            <button
              type="button"
              className="tag-chip-remove"
              aria-label={`Remove tag ${tag}`}
              disabled={disabled}
              onClick={() => onChange(tags.filter((entry) => entry !== tag))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          list={`${id}-suggestions`}
          value={draft}
          placeholder={tags.length ? '' : placeholder}
          disabled={disabled}
          autoComplete="off"
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          data-testid={`${testId}-input`}
          onChange={onInput}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (draft.trim()) setDraft(add(draft));
          }}
        />
        <datalist id={`${id}-suggestions`}>
          {options.map((tag) => (
            <option key={tag.value} value={tag.value}>
              {`${tag.count} ${tag.count === 1 ? 'document' : 'documents'}`}
            </option>
          ))}
        </datalist>
      </div>
      {shownError && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
