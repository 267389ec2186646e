import type { KytImportPreview } from '../../../preload/contract';
import type { LocalRecords } from '../../local/local-records';
import { openBatchSource } from './kyt-source';
import { mappingFor } from './column-mapping';
import { leafPaths, leafText } from '../../lib/tabular/column-names';

// What an import dialog shows before anything is kept: the file's format, its columns and first
// rows, and the mapping that would be used. Only the start of the file is read.

/** The first rows a preview shows. */
export const SAMPLE_ROWS = 5;

export async function previewBatchFile(
  path: string,
  fileName: string,
  records: LocalRecords,
): Promise<KytImportPreview> {
  const source = await openBatchSource(path, fileName);
  try {
    const sample: string[][] = [];
    if (source.format === 'csv') {
      for await (const line of source.lines()) {
        if (line.kind === 'cells') sample.push(line.cells);
        if (sample.length === SAMPLE_ROWS) break;
      }
      const chosen = mappingFor(records, source.columns);
      return {
        fileName,
        format: 'csv',
        separator: source.separator,
        columns: source.columns,
        sample,
        mapping: chosen.mapping,
        mappingSaved: chosen.saved,
      };
    }
    // NDJSON lines are bodies: their fields, as dotted paths, stand for columns.
    const objects: Array<Record<string, unknown>> = [];
    for await (const line of source.lines()) {
      if (line.kind === 'object') objects.push(line.value);
      if (objects.length === SAMPLE_ROWS) break;
    }
    const columns = [...new Set(objects.flatMap((object) => leafPaths(object)))];
    for (const object of objects) sample.push(columns.map((column) => leafText(object, column)));
    return {
      fileName,
      format: 'ndjson',
      separator: null,
      columns,
      sample,
      mapping: {},
      mappingSaved: false,
    };
  } finally {
    await source.close();
  }
}
