import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { MAX_INPUT_NESTING, nestsDeeperThan, type KytBatchFormat } from '../../../preload/contract';
import { AppError } from '../../lib/app-error';
import { CsvParser, type CsvRecord, type CsvSeparator } from './csv-parser';
import { MAX_LINE_CHARS, TextLineSplitter } from './text-lines';

// A batch file opened for reading, streamed: its format (CSV or NDJSON), for CSV its separator
// and header, then its lines one at a time. A line that cannot be read is an error for that line;
// a file that cannot be read at all (missing, not UTF-8, a JSON array…) is refused whole.

/** One line of the file, as read: a CSV row as cells, an NDJSON object, or why it is bad. */
export type SourceLine =
  | { line: number; kind: 'cells'; cells: string[] }
  | { line: number; kind: 'object'; value: Record<string, unknown> }
  | { line: number; kind: 'error'; error: string };

export interface BatchSource {
  format: KytBatchFormat;
  separator: CsvSeparator | null;
  /** The CSV header's column names (trimmed); none for NDJSON. */
  columns: string[];
  /** The lines after the header, in file order; read once. */
  lines(): AsyncGenerator<SourceLine>;
  /** Stops reading (a preview reads only the first lines). */
  close(): Promise<void>;
}

const CHUNK_BYTES = 64 * 1024;
/** A line's own levels (participants, their device) above the custom fields' own. */
const LINE_NESTING = MAX_INPUT_NESTING + 4;

const CSV_EXTENSIONS = new Set(['.csv', '.tsv', '.psv', '.txt']);
const NDJSON_EXTENSIONS = new Set(['.ndjson', '.jsonl', '.json']);

function unreadable(fileName: string, error: unknown): AppError {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOENT'
      ? 'it is no longer there'
      : code === 'EACCES' || code === 'EPERM'
        ? 'CaseDesk may not read it'
        : code === 'EISDIR'
          ? 'it is a folder'
          : 'reading it failed';
  return new AppError(
    'not_found',
    `The file “${fileName}” cannot be read: ${why}. Choose it again.`,
  );
}

/** The file as text, chunk by chunk: UTF-8 only, said plainly otherwise, never guessed. */
async function* decodedChunks(path: string, fileName: string): AsyncGenerator<string> {
  // fatal: a byte that is not UTF-8 stops the import rather than becoming a "�" in a name.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  try {
    const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    while (true) {
      let step: IteratorResult<Buffer>;
      try {
        step = await iterator.next();
      } catch (error) {
        throw unreadable(fileName, error);
      }
      if (step.done) break;
      const bytes = step.value;
      if (offset === 0 && bytes.length >= 2) {
        const bom = (bytes[0] ?? 0) * 256 + (bytes[1] ?? 0);
        if (bom === 0xfffe || bom === 0xfeff)
          throw new AppError(
            'invalid_input',
            `The file “${fileName}” is UTF-16 text: save it as UTF-8 (in a spreadsheet: “CSV UTF-8”) and import it again.`,
          );
      }
      let text: string;
      try {
        text = decoder.decode(bytes, { stream: true });
      } catch {
        throw notUtf8(fileName, offset);
      }
      offset += bytes.length;
      if (text !== '') yield text;
    }
    let rest: string;
    try {
      rest = decoder.decode();
    } catch {
      throw notUtf8(fileName, offset);
    }
    if (rest !== '') yield rest;
  } finally {
    stream.destroy();
  }
}

function notUtf8(fileName: string, offset: number): AppError {
  return new AppError(
    'invalid_input',
    `The file “${fileName}” is not UTF-8 text (near byte ${offset.toLocaleString('en')}): save it as UTF-8 (in a spreadsheet: “CSV UTF-8”) and import it again.`,
  );
}

/** The format its name says; else what its first character says (`{` is NDJSON). */
function formatOf(fileName: string, firstText: string): KytBatchFormat {
  const extension = extname(fileName).toLowerCase();
  if (CSV_EXTENSIONS.has(extension)) return 'csv';
  if (NDJSON_EXTENSIONS.has(extension)) return 'ndjson';
  return firstText
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('{')
    ? 'ndjson'
    : 'csv';
}

export async function openBatchSource(path: string, fileName: string): Promise<BatchSource> {
  const chunks = decodedChunks(path, fileName);
  const head: string[] = [];
  // Enough of the file to tell its format (a first line of blanks is passed over).
  while (head.join('').trim() === '') {
    const step = await chunks.next();
    if (step.done) break;
    head.push(step.value);
  }
  const firstText = head.join('');
  if (firstText.replace(/^\uFEFF/, '').trim() === '') {
    await chunks.return(undefined);
    throw new AppError(
      'invalid_input',
      `The file “${fileName}” is empty: it has no transactions to import.`,
    );
  }
  const format = formatOf(fileName, firstText);
  async function* allChunks(): AsyncGenerator<string> {
    yield* head.splice(0);
    yield* chunks;
  }
  const close = async () => {
    await chunks.return(undefined);
  };
  if (format === 'ndjson') {
    if (
      firstText
        .replace(/^\uFEFF/, '')
        .trimStart()
        .startsWith('[')
    ) {
      await close();
      throw new AppError(
        'invalid_input',
        `The file “${fileName}” is a JSON array: CaseDesk reads NDJSON, one transaction object per line.`,
      );
    }
    return { format, separator: null, columns: [], lines: () => ndjsonLines(allChunks()), close };
  }
  return openCsv(allChunks(), fileName, close);
}

async function openCsv(
  chunks: AsyncGenerator<string>,
  fileName: string,
  close: () => Promise<void>,
): Promise<BatchSource> {
  const parser = new CsvParser();
  const queued: CsvRecord[] = [];
  let ended = false;
  while (queued.length === 0 && !ended) {
    const step = await chunks.next();
    if (step.done) {
      queued.push(...parser.end());
      ended = true;
    } else queued.push(...parser.push(step.value));
  }
  const header = queued.shift();
  if (!header) {
    await close();
    throw new AppError('invalid_input', `The file “${fileName}” has no header line.`);
  }
  if (header.error !== null) {
    await close();
    throw new AppError(
      'invalid_input',
      `The header (line ${header.line}) of “${fileName}” cannot be read: ${header.error}.`,
    );
  }
  const columns = header.cells.map((cell) => cell.trim());
  async function* lines(): AsyncGenerator<SourceLine> {
    const rowOf = (record: CsvRecord): SourceLine => {
      if (record.error !== null)
        return { line: record.line, kind: 'error', error: asSentence(record.error) };
      if (record.cells.length !== columns.length)
        return {
          line: record.line,
          kind: 'error',
          error: `This line has ${record.cells.length} cell${record.cells.length === 1 ? '' : 's'} where the header has ${columns.length} columns: check the separator (${printable(parser.separator)}) and the quotes.`,
        };
      return { line: record.line, kind: 'cells', cells: record.cells };
    };
    for (const record of queued.splice(0)) yield rowOf(record);
    if (ended) return;
    for await (const chunk of chunks) for (const record of parser.push(chunk)) yield rowOf(record);
    for (const record of parser.end()) yield rowOf(record);
  }
  return { format: 'csv', separator: parser.separator, columns, lines, close };
}

const printable = (separator: CsvSeparator | null) =>
  separator === '\t' ? 'a tab' : `“${separator ?? ','}”`;

/** A reader's note about a line, as the sentence the investigator reads after "line 14: ". */
const asSentence = (text: string) =>
  `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;

async function* ndjsonLines(chunks: AsyncGenerator<string>): AsyncGenerator<SourceLine> {
  const splitter = new TextLineSplitter();
  const read = (line: number, text: string, tooLong: boolean): SourceLine | null => {
    if (tooLong)
      return {
        line,
        kind: 'error',
        error: `The line is longer than ${MAX_LINE_CHARS.toLocaleString('en')} characters.`,
      };
    const trimmed = text.trim();
    if (trimmed === '') return null;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (error) {
      return {
        line,
        kind: 'error',
        error: `This line is not JSON text (${error instanceof Error ? error.message : String(error)}): each line is one transaction object.`,
      };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return {
        line,
        kind: 'error',
        error: 'This line is not a JSON object: each line is one transaction object, {…}.',
      };
    if (nestsDeeperThan(value, LINE_NESTING))
      return {
        line,
        kind: 'error',
        error: `This line nests objects or lists deeper than ${LINE_NESTING} levels: a transaction is a few levels deep.`,
      };
    return { line, kind: 'object', value: value as Record<string, unknown> };
  };
  for await (const chunk of chunks)
    for (const { line, text, tooLong } of splitter.push(chunk)) {
      const parsed = read(line, text, tooLong);
      if (parsed) yield parsed;
    }
  for (const { line, text, tooLong } of splitter.end()) {
    const parsed = read(line, text, tooLong);
    if (parsed) yield parsed;
  }
}
