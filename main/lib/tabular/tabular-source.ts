import { createReadStream } from 'node:fs';
import { extname } from 'node:path';
import { nestsDeeperThan } from '../../../preload/contract';
import { AppError } from '../app-error';
import { CsvParser, type CsvRecord, type CsvSeparator } from './csv-parser';
import { JsonItemScanner, MAX_ITEM_CHARS } from './json-items';
import { MAX_LINE_CHARS, TextLineSplitter } from './text-lines';

// A tabular file (a batch of transactions, an import of customers) opened for reading, streamed:
// its format (CSV, NDJSON, or where the reader takes it, JSON), for CSV its separator and header,
// then its lines one at a time. A line that cannot be read is an error for that line; a file that
// cannot be read at all (missing, not UTF-8, a JSON array where NDJSON is read…) is refused whole.

export type TabularFormat = 'csv' | 'ndjson' | 'json';

/** One line of the file, as read: a CSV row as cells, an object (with its JSON member), or why it is bad. */
export type SourceLine =
  | { line: number; kind: 'cells'; cells: string[] }
  | { line: number; kind: 'object'; value: Record<string, unknown>; section?: string }
  | { line: number; kind: 'error'; error: string; section?: string };

export interface TabularSource<F extends TabularFormat = TabularFormat> {
  format: F;
  separator: CsvSeparator | null;
  /** The CSV header's column names (trimmed); none for NDJSON and JSON. */
  columns: string[];
  /** The lines after the header, in file order; read once. */
  lines(): AsyncGenerator<SourceLine>;
  /** Stops reading (a preview reads only the first lines). */
  close(): Promise<void>;
}

export interface SourceOptions {
  /** What one line is, in the messages: `transaction`, `customer`. */
  noun: string;
  /** The deepest nesting a line's object may have. */
  maxNesting: number;
  /**
   * Whether a JSON file (an array, or an object of arrays) is read; without, `.json` is NDJSON and
   * a JSON array is refused saying so.
   */
  json: boolean;
}

const CHUNK_BYTES = 64 * 1024;

const CSV_EXTENSIONS = new Set(['.csv', '.tsv', '.psv', '.txt']);
const NDJSON_EXTENSIONS = new Set(['.ndjson', '.jsonl']);

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

/**
 * The format its name says; else what its first character says (`{` is NDJSON, `[` JSON). Where
 * JSON is read, a file starting with `{` is NDJSON when its first line is a whole object that is
 * not a holder of lists (`{"customers": […]}`, every member a list), else one JSON object.
 */
function formatOf(fileName: string, firstText: string, json: boolean): TabularFormat {
  const extension = extname(fileName).toLowerCase();
  if (CSV_EXTENSIONS.has(extension)) return 'csv';
  if (NDJSON_EXTENSIONS.has(extension) || (!json && extension === '.json')) return 'ndjson';
  const text = firstText.replace(/^\uFEFF/, '').trimStart();
  if (json && text.startsWith('[')) return 'json';
  if (!text.startsWith('{')) return extension === '.json' ? 'json' : 'csv';
  if (!json) return 'ndjson';
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  try {
    const value = JSON.parse(firstLine) as unknown;
    // A line of its own with list fields (a customer's nationality_codes) is a line, not a holder:
    // a holder's members are all lists, and it has no id of its own.
    const members = typeof value === 'object' && value !== null ? Object.entries(value) : [];
    const holder =
      members.length > 0 &&
      members.every(([name, member]) => Array.isArray(member) && !name.endsWith('external_id'));
    return holder ? 'json' : 'ndjson';
  } catch {
    return 'json';
  }
}

export function openTabularSource(
  path: string,
  fileName: string,
  options: SourceOptions & { json: false },
): Promise<TabularSource<'csv' | 'ndjson'>>;
export function openTabularSource(
  path: string,
  fileName: string,
  options: SourceOptions,
): Promise<TabularSource>;
export async function openTabularSource(
  path: string,
  fileName: string,
  options: SourceOptions,
): Promise<TabularSource> {
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
      `The file “${fileName}” is empty: it has no ${options.noun}s to import.`,
    );
  }
  const format = formatOf(fileName, firstText, options.json);
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
        `The file “${fileName}” is a JSON array: CaseDesk reads NDJSON, one ${options.noun} object per line.`,
      );
    }
    return {
      format,
      separator: null,
      columns: [],
      lines: () => ndjsonLines(allChunks(), options),
      close,
    };
  }
  if (format === 'json')
    return {
      format,
      separator: null,
      columns: [],
      lines: () => jsonLines(allChunks(), fileName, options),
      close,
    };
  return openCsv(allChunks(), fileName, close);
}

async function openCsv(
  chunks: AsyncGenerator<string>,
  fileName: string,
  close: () => Promise<void>,
): Promise<TabularSource<'csv'>> {
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

/** An object read from JSON text, or why it is not one. */
function objectOf(
  text: string,
  line: number,
  section: string | null,
  options: SourceOptions,
  where: string,
): SourceLine {
  const { noun } = options;
  // A JSON file's member (`customers`, `relations`); NDJSON lines and a top-level array have none.
  const tag = section === null ? {} : { section };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      line,
      kind: 'error',
      ...tag,
      error: `This ${where} is not JSON text (${error instanceof Error ? error.message : String(error)}): each ${where} is one ${noun} object.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return {
      line,
      kind: 'error',
      ...tag,
      error: `This ${where} is not a JSON object: each ${where} is one ${noun} object, {…}.`,
    };
  if (nestsDeeperThan(value, options.maxNesting))
    return {
      line,
      kind: 'error',
      ...tag,
      error: `This ${where} nests objects or lists deeper than ${options.maxNesting} levels: a ${noun} is a few levels deep.`,
    };
  return { line, kind: 'object', value: value as Record<string, unknown>, ...tag };
}

async function* jsonLines(
  chunks: AsyncGenerator<string>,
  fileName: string,
  options: SourceOptions,
): AsyncGenerator<SourceLine> {
  const scanner = new JsonItemScanner();
  const read = (item: { line: number; text: string; tooLong: boolean; section: string | null }) =>
    item.tooLong
      ? ({
          line: item.line,
          kind: 'error',
          ...(item.section === null ? {} : { section: item.section }),
          error: `The item is longer than ${MAX_ITEM_CHARS.toLocaleString('en')} characters.`,
        } satisfies SourceLine)
      : objectOf(item.text, item.line, item.section, options, 'item');
  for await (const chunk of chunks) {
    for (const item of scanner.push(chunk)) yield read(item);
    if (scanner.error !== null) break;
  }
  if (scanner.error === null) for (const item of scanner.end()) yield read(item);
  if (scanner.error !== null)
    throw new AppError(
      'invalid_input',
      `The file “${fileName}” cannot be read as JSON: ${scanner.error}. CaseDesk reads a JSON array of ${options.noun}s, an object of such arrays, or NDJSON (one object per line).`,
    );
}

async function* ndjsonLines(
  chunks: AsyncGenerator<string>,
  options: SourceOptions,
): AsyncGenerator<SourceLine> {
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
    return objectOf(trimmed, line, null, options, 'line');
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
