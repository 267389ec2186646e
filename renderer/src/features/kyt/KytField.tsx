import { useId, type ReactNode } from 'react';
import { TextField } from '../../components/TextField';
import type { KytFormFieldDef } from './kyt-fields';

/** The control of a field, by its path, so a check can move the focus to it. */
export function fieldControl(root: ParentNode, path: string): HTMLElement | null {
  return root.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`);
}

/** One field of the form, labelled, its hint or its error tied to it. */
export function KytField({
  def,
  value,
  error,
  onChange,
  trailing,
}: {
  def: KytFormFieldDef;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  trailing?: ReactNode;
}) {
  const testId = `kyt-field-${def.path}`;
  if (def.type === 'boolean')
    return <YesNoField def={def} value={value} error={error} onChange={onChange} />;
  if (def.multiline)
    return <TextAreaField def={def} value={value} error={error} onChange={onChange} />;
  return (
    <TextField
      label={def.short}
      hint={def.hint}
      error={error}
      value={value}
      inputMode={def.type === 'number' ? 'decimal' : undefined}
      autoComplete="off"
      spellCheck={def.type === 'text' ? undefined : false}
      className={def.type === 'text' ? undefined : 'mono'}
      data-testid={testId}
      data-path={def.path}
      trailing={trailing}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function describedBy(id: string, hint: ReactNode, error: string | undefined) {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

function FieldMessage({
  id,
  hint,
  error,
}: {
  id: string;
  hint: ReactNode;
  error: string | undefined;
}) {
  if (error)
    return (
      <p id={`${id}-error`} className="field-error" role="alert">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null;
}

/** 2FA, 3DS: yes, no, or not sent at all (the interface has the field optional). */
function YesNoField({
  def,
  value,
  error,
  onChange,
}: {
  def: KytFormFieldDef;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const base = useId();
  const id = `${base}-control`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {def.short}
      </label>
      <div className="field-control">
        <select
          id={id}
          className="kyt-select"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(base, def.hint, error)}
          data-testid={`kyt-field-${def.path}`}
          data-path={def.path}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Not sent</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      </div>
      <FieldMessage id={base} hint={def.hint} error={error} />
    </div>
  );
}

function TextAreaField({
  def,
  value,
  error,
  onChange,
}: {
  def: KytFormFieldDef;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const base = useId();
  const id = `${base}-control`;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="field-label">
        {def.short}
      </label>
      <div className="field-control">
        <textarea
          id={id}
          className="kyt-textarea"
          rows={3}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(base, def.hint, error)}
          data-testid={`kyt-field-${def.path}`}
          data-path={def.path}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <FieldMessage id={base} hint={def.hint} error={error} />
    </div>
  );
}
