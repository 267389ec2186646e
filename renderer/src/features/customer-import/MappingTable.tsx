import { useId } from 'react';
import type { ImportMapping } from '../../../../preload/contract';
import { FilePreviewTable } from '../../components/FilePreviewTable';
import { ServiceText } from '../../components/ServiceText';
import { formatCount } from '../../lib/format';
import { separatorName } from '../../lib/separator-name';
import { useAfterFirstFrame } from './after-first-frame';
import { REQUIRED_FIELDS, type Slot, type StagedSource } from './start-flow';

/** The file's columns, each named once and in the file's order (an unnamed one cannot be mapped). */
export function columnChoices(columns: readonly string[]): string[] {
  return [...new Set(columns.filter((column) => column.trim() !== ''))];
}

/** The fields each column fills, by column: the preview's headers say what is imported. */
export function fieldsByColumn(mapping: ImportMapping): Map<string, string[]> {
  const byColumn = new Map<string, string[]>();
  for (const [field, column] of Object.entries(mapping))
    byColumn.set(column, [...(byColumn.get(column) ?? []), field]);
  return byColumn;
}

function FieldRow({
  field,
  columns,
  column,
  required,
  example,
  error,
  onChange,
}: {
  field: string;
  columns: string[];
  column: string | undefined;
  required: boolean;
  example: string | null;
  error: string | undefined;
  onChange: (column: string) => void;
}) {
  const id = useId();
  return (
    <tr
      className={error ? 'ci-map-row is-invalid' : 'ci-map-row'}
      data-testid="ci-mapping-row"
      data-field={field}
    >
      <th scope="row">
        <label htmlFor={id}>
          <code>{field}</code>
          {required && <span className="ci-required"> (required)</span>}
        </label>
      </th>
      <td>
        <select
          id={id}
          value={column ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`ci-mapping-${field}`}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Not in the file</option>
          {columns.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {error && (
          <span id={`${id}-error`} className="ci-field-error" role="alert">
            <ServiceText text={error} lines={0} />
          </span>
        )}
      </td>
      <td className="ci-map-example">
        {example === null ? <span className="ci-muted">—</span> : <ServiceText text={example} />}
      </td>
    </tr>
  );
}

/**
 * A staged file: its facts, its first rows and, for a CSV, which column fills each field of the
 * write shape (with the first row's value beside it, so a wrong choice shows at once).
 */
export function MappingTable({
  slot,
  source,
  errors,
  onChange,
}: {
  slot: Slot;
  source: StagedSource;
  /** Messages by field. */
  errors: Record<string, string>;
  onChange: (field: string, column: string) => void;
}) {
  const { preview, mapping } = source;
  const csv = preview.format === 'csv';
  const choices = columnChoices(preview.columns);
  const firstRow = preview.sample[0] ?? null;
  const exampleOf = (column: string | undefined): string | null => {
    if (!column || !firstRow) return null;
    const index = preview.columns.indexOf(column);
    return index >= 0 ? (firstRow[index] ?? '') : null;
  };
  const title = slot === 'customers' ? 'Customers' : 'Relations';
  // The field rows (a list of every column in each) come a frame after the file's facts and first
  // rows: built with them, choosing a file blocked the window for over 50 ms.
  const rowsNow = useAfterFirstFrame();
  return (
    <div className="ci-mapping" data-testid={`ci-source-${slot}`}>
      <dl className="ci-facts">
        <div>
          <dt>Format</dt>
          <dd data-testid={`ci-format-${slot}`}>
            {csv ? 'CSV' : preview.format === 'json' ? 'JSON' : 'NDJSON (one object per line)'}
          </dd>
        </div>
        {csv && (
          <>
            <div>
              <dt>Separator</dt>
              <dd>{separatorName(preview.separator)}</dd>
            </div>
            <div>
              <dt>Columns</dt>
              <dd>{formatCount(preview.columns.length)}</dd>
            </div>
          </>
        )}
      </dl>
      <FilePreviewTable
        columns={preview.columns}
        sample={preview.sample}
        filledBy={csv ? fieldsByColumn(mapping) : new Map<string, string[]>()}
        testIdPrefix={`ci-${slot}`}
      />
      {csv ? (
        <table className="data-table ci-map-table" data-testid={`ci-mapping-${slot}`}>
          <caption>
            {title}: the column each field is read from
            {source.preview.mappingSaved && (
              <span className="ci-muted"> (the mapping saved for this profile)</span>
            )}
          </caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Column of the file</th>
              <th scope="col">First row</th>
            </tr>
          </thead>
          <tbody aria-busy={rowsNow ? undefined : true}>
            {(rowsNow ? preview.fields : []).map((field) => (
              <FieldRow
                key={field}
                field={field}
                columns={choices}
                column={mapping[field]}
                required={REQUIRED_FIELDS[slot].includes(field)}
                example={exampleOf(mapping[field])}
                error={errors[field]}
                onChange={(column) => onChange(field, column)}
              />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="ci-muted">
          A {preview.format === 'json' ? 'JSON' : 'NDJSON'} file is read as the write shape itself:
          each object’s keys are the fields, so there is no column to map.
        </p>
      )}
    </div>
  );
}
