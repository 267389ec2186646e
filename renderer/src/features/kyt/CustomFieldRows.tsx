import { useId } from 'react';
import { Button } from '../../components/Button';
import {
  customRow,
  type CustomFieldRow,
  type CustomValueKind,
  type KytFormErrors,
} from './kyt-form';

const KINDS: Array<{ kind: CustomValueKind; label: string }> = [
  { kind: 'text', label: 'Text' },
  { kind: 'number', label: 'Number' },
  { kind: 'json', label: 'JSON' },
];

/** The tenant's custom fields (`fields`) as name, kind and value rows. */
export function CustomFieldRows({
  rows,
  errors,
  onChange,
}: {
  rows: CustomFieldRow[];
  errors: KytFormErrors;
  onChange: (rows: CustomFieldRow[]) => void;
}) {
  const base = useId();
  const update = (id: number, patch: Partial<CustomFieldRow>) =>
    onChange(rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  return (
    <fieldset className="kyt-fieldset kyt-custom" data-testid="kyt-custom-fields">
      <legend className="field-label">Custom fields</legend>
      {errors.fields && (
        <p className="field-error" role="alert">
          {errors.fields}
        </p>
      )}
      {rows.length === 0 && (
        <p className="field-hint">None. Add the fields your tenant defines, such as a channel.</p>
      )}
      {rows.map((row, index) => {
        const keyError = errors[`fields.${row.id}.key`];
        const valueError = errors[`fields.${row.id}.value`];
        const id = `${base}-${row.id}`;
        return (
          <div key={row.id} className="kyt-custom-row" data-testid="kyt-custom-row">
            <div className={`field${keyError ? ' field-invalid' : ''}`}>
              <label htmlFor={`${id}-key`} className="field-label">
                Name {index + 1}
              </label>
              <div className="field-control">
                <input
                  id={`${id}-key`}
                  value={row.key}
                  autoComplete="off"
                  aria-invalid={keyError ? true : undefined}
                  aria-describedby={keyError ? `${id}-key-error` : undefined}
                  data-path={`fields.${row.id}.key`}
                  data-testid="kyt-custom-key"
                  onChange={(event) => update(row.id, { key: event.target.value })}
                />
              </div>
              {keyError && (
                <p id={`${id}-key-error`} className="field-error" role="alert">
                  {keyError}
                </p>
              )}
            </div>
            <div className="field">
              <label htmlFor={`${id}-kind`} className="field-label">
                Kind {index + 1}
              </label>
              <div className="field-control">
                <select
                  id={`${id}-kind`}
                  className="kyt-select"
                  value={row.kind}
                  data-testid="kyt-custom-kind"
                  onChange={(event) =>
                    update(row.id, {
                      kind: KINDS.find((kind) => kind.kind === event.target.value)?.kind ?? 'text',
                    })
                  }
                >
                  {KINDS.map((kind) => (
                    <option key={kind.kind} value={kind.kind}>
                      {kind.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <div className={`field kyt-custom-value${valueError ? ' field-invalid' : ''}`}>
              <label htmlFor={`${id}-value`} className="field-label">
                Value {index + 1}
              </label>
              <div className="field-control">
                <input
                  id={`${id}-value`}
                  value={row.value}
                  autoComplete="off"
                  className={row.kind === 'text' ? undefined : 'mono'}
                  aria-invalid={valueError ? true : undefined}
                  aria-describedby={valueError ? `${id}-value-error` : undefined}
                  data-path={`fields.${row.id}.value`}
                  data-testid="kyt-custom-value"
                  onChange={(event) => update(row.id, { value: event.target.value })}
                />
              </div>
              {valueError && (
                <p id={`${id}-value-error`} className="field-error" role="alert">
                  {valueError}
                </p>
              )}
            </div>
            <Button
              variant="ghost"
              className="kyt-custom-remove"
              aria-label={`Remove custom field ${index + 1}${row.key.trim() ? ` (${row.key.trim()})` : ''}`}
              onClick={() => onChange(rows.filter((other) => other.id !== row.id))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <div>
        <Button onClick={() => onChange([...rows, customRow()])} data-testid="kyt-custom-add">
          Add a custom field
        </Button>
      </div>
    </fieldset>
  );
}
