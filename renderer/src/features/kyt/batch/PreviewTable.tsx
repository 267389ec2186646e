import type { KytColumnMapping, KytImportPreview } from '../../../../../preload/contract';
import {
  FilePreviewTable,
  previewHeaders as headersOf,
} from '../../../components/FilePreviewTable';
import { KYT_FIELDS } from './kyt-fields';

const labelOf = (path: string) => KYT_FIELDS.find((field) => field.path === path)?.label ?? path;

/** Headers for every cell of the widest row: a row longer than the header line has extra cells. */
export const previewHeaders = (preview: KytImportPreview): string[] =>
  headersOf(preview.columns, preview.sample);

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
  return (
    <FilePreviewTable
      columns={preview.columns}
      sample={preview.sample}
      filledBy={preview.format === 'csv' ? fieldsByColumn(mapping) : new Map<string, string[]>()}
      testIdPrefix="kyt"
    />
  );
}
