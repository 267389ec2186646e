import { stat } from 'node:fs/promises';
import type { ImportFilePreview, ImportLine, ImportMapping } from '../../../preload/contract';
import { MAX_INPUT_NESTING } from '../../../preload/contract';
import { AppError } from '../../lib/app-error';
import { leafPaths, leafText } from '../../lib/tabular/column-names';
import { openTabularSource, type TabularSource } from '../../lib/tabular/tabular-source';
import type { LocalRecords } from '../../local/local-records';
import type { ImportFile } from './import-ports';
import { mappableFields, mappingFor, mappingProblem, type ImportOf } from './import-mapping';
import { csvLineReader, readSourceLine } from './line-reader';

// Reading an import's files: what the mapping screen previews, and every line into the write shape,
// streamed (a file is never held whole). A file larger than MAX_FILE_BYTES is refused before it is
// read, saying so; one of more than MAX_LINES lines stops at the line after.

/** Files up to this size are streamed; a larger one is refused (split it). */
export const MAX_FILE_BYTES = 512 * 1024 * 1024;
/** Lines (customers and relations) of one import. */
export const MAX_LINES = 1_000_000;
export const SAMPLE_ROWS = 5;

const LINE_NESTING = MAX_INPUT_NESTING + 4;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024)).toLocaleString('en')} MB`;

export async function openImportFile(file: ImportFile, of: ImportOf): Promise<TabularSource> {
  let size: number;
  try {
    size = (await stat(file.path)).size;
  } catch {
    throw new AppError(
      'not_found',
      `The file “${file.fileName}” cannot be read: it is no longer there. Choose it again.`,
    );
  }
  if (size > MAX_FILE_BYTES)
    throw new AppError(
      'invalid_input',
      `The file “${file.fileName}” is ${megabytes(size)}: CaseDesk imports files up to ${megabytes(MAX_FILE_BYTES)} (read a piece at a time). Split it into smaller files and import each.`,
    );
  return openTabularSource(file.path, file.fileName, {
    noun: of === 'customers' ? 'customer' : 'relation',
    maxNesting: LINE_NESTING,
    json: true,
  });
}

export async function previewImportFile(
  file: ImportFile,
  of: ImportOf,
  records: LocalRecords,
): Promise<ImportFilePreview> {
  const source = await openImportFile(file, of);
  try {
    const sample: string[][] = [];
    if (source.format === 'csv') {
      for await (const line of source.lines()) {
        if (line.kind === 'cells') sample.push(line.cells);
        if (sample.length === SAMPLE_ROWS) break;
      }
      const chosen = mappingFor(records, of, source.columns);
      return {
        fileName: file.fileName,
        format: 'csv',
        separator: source.separator,
        columns: source.columns,
        sample,
        mapping: chosen.mapping,
        mappingSaved: chosen.saved,
        fields: mappableFields(of, source.columns),
      };
    }
    // JSON items are the write shape already: their members, as dotted paths, stand for columns.
    const objects: Array<Record<string, unknown>> = [];
    for await (const line of source.lines()) {
      if (line.kind === 'object') objects.push(line.value);
      if (objects.length === SAMPLE_ROWS) break;
    }
    const columns = [...new Set(objects.flatMap((object) => leafPaths(object)))];
    for (const object of objects) sample.push(columns.map((column) => leafText(object, column)));
    return {
      fileName: file.fileName,
      format: source.format,
      separator: null,
      columns,
      sample,
      mapping: {},
      mappingSaved: false,
      fields: mappableFields(of, []),
    };
  } finally {
    await source.close();
  }
}

/** The mapping a CSV file is read with (given, saved or guessed), refused when it cannot read it. */
export function chooseMapping(
  source: TabularSource,
  of: ImportOf,
  given: ImportMapping | undefined,
  records: LocalRecords,
  fileName: string,
): ImportMapping | null {
  if (source.format !== 'csv') return null;
  const mapping = given ?? mappingFor(records, of, source.columns).mapping;
  const problem = mappingProblem(of, mapping, source.columns);
  if (problem !== null) throw new AppError('invalid_input', `${fileName}: ${problem}`);
  return mapping;
}

const DUPLICATE = (kind: 'customer' | 'relation') => ({
  code: 'duplicate_external_id',
  detail: `This ${kind === 'customer' ? 'external id' : 'relation external id'} is on more than one line of the file: the service keeps the last one saved.`,
  field: kind === 'customer' ? 'external_id' : 'relation_external_id',
});

export const duplicateWarning = DUPLICATE;

/**
 * Every line of a source as import lines, numbered from `firstLine`, handed over one at a time.
 * Answers the external ids seen more than once (per kind, `customer:<id>`).
 */
export async function readImportLines(input: {
  source: TabularSource;
  of: ImportOf;
  mapping: ImportMapping | null;
  firstLine: number;
  add: (line: ImportLine) => void | Promise<void>;
}): Promise<{ lines: number; customers: number; relations: number; duplicates: Set<string> }> {
  const { source, of } = input;
  const readCsv = input.mapping ? csvLineReader(of, input.mapping, source.columns) : null;
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  let number = input.firstLine;
  let customers = 0;
  let relations = 0;
  for await (const sourceLine of source.lines()) {
    if (number - input.firstLine >= MAX_LINES)
      throw new AppError(
        'invalid_input',
        `The file has more than ${MAX_LINES.toLocaleString('en')} lines: split it into smaller files and import each.`,
      );
    const read = readSourceLine(sourceLine, of, readCsv);
    const kind = read.kind === 'unreadable' ? read.of : read.kind;
    const line: ImportLine = {
      line: number,
      kind,
      externalId: read.externalId,
      status: read.kind === 'unreadable' ? 'unreadable' : 'read',
      customer: read.kind === 'customer' ? read.customer : null,
      relation: read.kind === 'relation' ? read.relation : null,
      source:
        read.kind === 'unreadable'
          ? sourceLine.kind === 'cells'
            ? JSON.stringify(sourceLine.cells)
            : sourceLine.kind === 'object'
              ? JSON.stringify(sourceLine.value)
              : ''
          : '',
      errors:
        read.kind === 'unreadable'
          ? [
              {
                code: 'unreadable',
                detail: `${read.reason} (file line ${sourceLine.line})`,
                field: null,
              },
            ]
          : [],
      warnings: [],
      customerId: null,
    };
    if (kind === 'customer') customers += 1;
    else relations += 1;
    if (line.externalId !== '') {
      const key = `${kind}:${line.externalId}`;
      if (seen.has(key)) duplicates.add(key);
      seen.add(key);
    }
    await input.add(line);
    number += 1;
  }
  return { lines: number - input.firstLine, customers, relations, duplicates };
}
