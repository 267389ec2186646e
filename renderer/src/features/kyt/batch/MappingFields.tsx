import { useId, useState } from 'react';
import type { KytColumnMapping, KytFieldDef } from '../../../../../preload/contract';
import { ServiceText } from '../../../components/ServiceText';
import {
  columnChoices,
  mappedIn,
  mappingGroups,
  typeHint,
  type MappingGroup,
  type MappingGroupId,
} from './column-mapping';

/** One field: which of the file's columns holds it, or none. */
function FieldSelect({
  field,
  columns,
  column,
  error,
  onChange,
}: {
  field: KytFieldDef;
  columns: string[];
  column: string | undefined;
  error: string | undefined;
  onChange: (column: string) => void;
}) {
  const id = useId();
  const hint = typeHint(field.type);
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={`kyt-map-field${error ? ' is-invalid' : ''}`}
      data-testid="kyt-mapping-field"
      data-path={field.path}
    >
      <label htmlFor={id} className="kyt-map-label">
        {field.label}
        <code className="kyt-map-path">{field.path}</code>
      </label>
      <select
        id={id}
        value={column ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        data-testid={`kyt-mapping-${field.path}`}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Not in the file</option>
        {columns.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {hint && (
        <span id={`${id}-hint`} className="kyt-map-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="kyt-map-error" role="alert">
          <ServiceText text={error} lines={0} />
        </span>
      )}
    </div>
  );
}

function GroupFields({
  group,
  columns,
  mapping,
  errors,
  onChange,
}: {
  group: MappingGroup;
  columns: string[];
  mapping: KytColumnMapping;
  errors: Record<string, string>;
  onChange: (path: string, column: string) => void;
}) {
  return (
    <div className="kyt-map-grid">
      {group.fields.map((field) => (
        <FieldSelect
          key={field.path}
          field={field}
          columns={columns}
          column={mapping[field.path]}
          error={errors[field.path]}
          onChange={(column) => onChange(field.path, column)}
        />
      ))}
    </div>
  );
}

/**
 * The column mapping of a CSV: the required fields always shown, the others in groups that open
 * (open at first when the file fills one of their fields, or one of them is refused).
 */
export function MappingFields({
  columns,
  mapping,
  errors,
  onChange,
}: {
  columns: readonly string[];
  mapping: KytColumnMapping;
  /** Messages by field path. */
  errors: Record<string, string>;
  onChange: (path: string, column: string) => void;
}) {
  const choices = columnChoices(columns);
  const groups = mappingGroups(mapping);
  const refusedGroups = groups
    .filter((group) => group.fields.some((field) => errors[field.path] !== undefined))
    .map((group) => group.id);
  // Open at first where the file fills a field; then the investigator opens and closes them.
  const [open, setOpen] = useState(
    () =>
      new Set<MappingGroupId>(
        groups
          .filter((group) => mappedIn(group, mapping) > 0 || group.id === 'other')
          .map((group) => group.id)
          .concat(refusedGroups),
      ),
  );
  // A refusal that names a field opens its group, once, as it arrives.
  const refusedKey = refusedGroups.join('|');
  const [seenRefused, setSeenRefused] = useState(refusedKey);
  if (seenRefused !== refusedKey) {
    setSeenRefused(refusedKey);
    setOpen((current) => new Set([...current, ...refusedGroups]));
  }
  return (
    <div className="kyt-mapping" data-testid="kyt-mapping">
      {groups.map((group) => {
        const mapped = mappedIn(group, mapping);
        const fields = (
          <GroupFields
            group={group}
            columns={choices}
            mapping={mapping}
            errors={errors}
            onChange={onChange}
          />
        );
        if (group.id === 'required')
          return (
            <fieldset key={group.id} className="kyt-map-group" data-testid="kyt-mapping-required">
              <legend>Required: each transaction needs these</legend>
              {fields}
            </fieldset>
          );
        return (
          <details
            key={group.id}
            className="kyt-map-group"
            open={open.has(group.id)}
            onToggle={(event) => {
              const isOpen = event.currentTarget.open;
              setOpen((current) => {
                if (current.has(group.id) === isOpen) return current;
                const next = new Set(current);
                if (isOpen) next.add(group.id);
                else next.delete(group.id);
                return next;
              });
            }}
            data-testid={`kyt-mapping-group-${group.id}`}
          >
            <summary>
              {group.title}{' '}
              <span className="kyt-map-count">
                {mapped} of {group.fields.length} from the file
              </span>
            </summary>
            {fields}
          </details>
        );
      })}
    </div>
  );
}
