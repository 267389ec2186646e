import { formatCount } from '../lib/format';
import { ServiceText } from './ServiceText';

/** Headers for every cell of the widest row: a row longer than the header line has extra cells. */
export function previewHeaders(columns: readonly string[], sample: readonly string[][]): string[] {
  const width = Math.max(columns.length, ...sample.map((row) => row.length));
  return Array.from({ length: width }, (_, index) => {
    const name = columns[index];
    return name !== undefined && name.trim() !== '' ? name : `Column ${index + 1}`;
  });
}

/**
 * A file's first rows as read, each cell as text (the file is the investigator's, but it may
 * hold anything); under each header, what the import fills from that column.
 */
export function FilePreviewTable({
  columns,
  sample,
  filledBy,
  testIdPrefix,
}: {
  columns: readonly string[];
  sample: readonly string[][];
  /** Labels of what each column fills, by column name. */
  filledBy: ReadonlyMap<string, string[]>;
  /** `kyt` gives `kyt-preview`, `kyt-preview-row`, `kyt-preview-empty`. */
  testIdPrefix: string;
}) {
  const headers = previewHeaders(columns, sample);
  if (sample.length === 0)
    return (
      <p className="file-preview-empty" data-testid={`${testIdPrefix}-preview-empty`}>
        The file has no line to import after its header.
      </p>
    );
  return (
    // Scrolls on its own, so a wide file keeps the page's width; reachable by keyboard.
    <div
      className="table-frame file-preview-frame"
      tabIndex={0}
      role="region"
      aria-label="The first rows of the file"
    >
      <table className="data-table file-preview" data-testid={`${testIdPrefix}-preview`}>
        <caption className="visually-hidden">
          The first {formatCount(sample.length)} rows of the file, as read
        </caption>
        <thead>
          <tr>
            {headers.map((header, index) => {
              const fields = filledBy.get(columns[index] ?? '') ?? [];
              return (
                <th key={index} scope="col">
                  <ServiceText text={header} className="file-preview-column" />
                  {fields.length > 0 && (
                    <span className="file-preview-fields">→ {fields.join(', ')}</span>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sample.map((row, rowIndex) => (
            <tr key={rowIndex} data-testid={`${testIdPrefix}-preview-row`}>
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
