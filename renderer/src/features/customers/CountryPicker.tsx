import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../components/Button';
import { countryCodes, countryName } from './country-codes';

/**
 * Country codes as chips, picked from a searchable list of ISO alpha-2 codes with their names
 * (typing "germ" offers "DE — Germany"); a code typed by hand is kept as typed, for the checks
 * to judge.
 */
export function CountryPicker({
  label,
  codes,
  onChange,
  testId,
  describedBy,
}: {
  label: string;
  codes: string[];
  onChange: (codes: string[]) => void;
  testId: string;
  describedBy?: string | undefined;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const add = () => {
    const typed = text.trim();
    if (!typed) return;
    const code = (/^([A-Za-z]{2})(\s|—|$)/.exec(typed)?.[1] ?? typed).toUpperCase();
    if (!codes.includes(code)) onChange([...codes, code]);
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && text === '' && codes.length > 0) {
      onChange(codes.slice(0, -1));
    }
  };
  return (
    <div className="field country-picker" data-testid={testId}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {codes.length > 0 && (
        <ul className="country-chips" aria-label={`${label} chosen`}>
          {codes.map((code) => (
            <li key={code} className="tag country-chip" data-testid={`${testId}-chip`}>
              <span>
                {code}
                {countryName(code) ? ` — ${countryName(code)}` : ''}
              </span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${code}`}
                onClick={() => onChange(codes.filter((kept) => kept !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="field-control">
        <input
          id={id}
          list={`${id}-countries`}
          value={text}
          placeholder="Type a country or a code, then Enter"
          aria-describedby={describedBy}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid={`${testId}-input`}
        />
        <Button onClick={add} data-testid={`${testId}-add`}>
          Add
        </Button>
      </div>
      <datalist id={`${id}-countries`}>
        {countryCodes().map((country) => (
          <option key={country.code} value={`${country.code} — ${country.name}`} />
        ))}
      </datalist>
    </div>
  );
}
