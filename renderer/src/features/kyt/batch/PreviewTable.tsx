import type { KytColumnMapping, KytImportPreview } from '../../../../../preload/contract';
import { ServiceText } from '../../../components/ServiceText';
import { formatCount } from '../../../lib/format';
import { KYT_FIELDS } from './kyt-fields';

const labelOf = (path: string) => KYT_FIELDS.find((field) => field.path === path)?.label ?? path;

/** Headers for every cell of the widest row: a row longer than the header line has extra cells. */
export function previewHeaders(preview: KytImportPreview): string[] {
  const width = Math.max(preview.columns.length, ...preview.sample.map((row) => row.length));
  return Array.from({ length: width }, (_, index) => {
    const name = preview.columns[index];
    return name !== undefined && name.trim() !== '' ? name : `Column ${index + 1}`;
  });
}

/** The fields each column fills, so the table reads as what is imported. */
export function fieldsByColumn(mapping: KytColumnMapping): Map<string, string[]> {
  const byColumn = new Map<string, string[]>();
  for (const [path, column] of Object.entries(mapping))
    byColumn.set(column, [...(byColumn.get(column) ?? []), labelOf(path)]);
  return byColumn;
}

/** The file's first rows as read, each cell as text; under each header, the fields it fills. */
export function PreviewTable({
  preview,
  mapping,
}: {
  preview: KytImportPreview;
  mapping: KytColumnMapping;
}) {
  const headers = previewHeaders(preview);
  const filled = preview.format === 'csv' ? fieldsByColumn(mapping) : new Map<string, string[]>();
  if (preview.sample.length === 0)
    return (
      <p className="kyt-preview-empty" data-testid="kyt-preview-empty">
        The file has no line to import after its header.
      </p>
    );
  return (
    // Scrolls on its own, so a wide file keeps the dialog's width; reachable by keyboard.
    <div
      className="table-frame kyt-preview-frame"
      tabIndex={0}
      role="region"
      aria-label="The first rows of the file"
    >
      <table className="data-table kyt-preview" data-testid="kyt-preview">
        <caption className="visually-hidden">
          The first {formatCount(preview.sample.length)} rows of the file, as read
        </caption>
        <thead>
          <tr>
            {headers.map((header, index) => {
              const fields = filled.get(preview.columns[index] ?? '') ?? [];
              return (
                <th key={index} scope="col">
                  <ServiceText text={header} className="kyt-preview-column" />
                  {fields.length > 0 && (
                    <span className="kyt-preview-fields">→ {fields.join(', ')}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {preview.sample.map((row, rowIndex) => (
            <tr key={rowIndex} data-testid="kyt-preview-row">
              {headers.map((_, index) => (
                <td key={index}>
                  <ServiceText text={row[index] ?? ''} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
