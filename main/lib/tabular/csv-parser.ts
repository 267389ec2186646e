// A streaming CSV parser (RFC 4180, and the files spreadsheets really write): text is pushed in
// chunks of any size, whole records come out, so a file of any length is never held as one string.
// No CSV library is among CaseDesk's dependencies, and this is the small part of one it needs.

export type CsvSeparator = ',' | ';' | '\t' | '|';

/** The separators a header line is searched for, in the order a tie is settled. */
export const CSV_SEPARATORS: readonly CsvSeparator[] = [',', ';', '\t', '|'];

/** One record of the file: where it starts (1-based physical line), its cells, or why it is bad. */
export interface CsvRecord {
  line: number;
  cells: string[];
  /** Set when the record cannot be read as written (its cells are then not to be trusted). */
  error: string | null;
}

/**
 * A record longer than this (a quote never closed swallows the rest of the file) is reported as an
 * error instead of being kept: memory stays bounded whatever the file.
 */
export const MAX_RECORD_CHARS = 1_000_000;

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** Where the parser stands. */
const State = {
  /** At the start of a cell. */
  CellStart: 0,
  /** Inside an unquoted cell. */
  Plain: 1,
  /** Inside a quoted cell. */
  Quoted: 2,
  /** Just after a quote inside a quoted cell: the cell's end, or the first of a doubled quote. */
  AfterQuote: 3,
} as const;
type State = (typeof State)[keyof typeof State];

/**
 * The separator of a header line: the candidate found most often outside quotes (a tie goes to the
 * one listed first); a header with none of them is one column, read with a comma.
 */
export function detectSeparator(header: string): CsvSeparator {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of header) {
    if (char === '"') quoted = !quoted;
    else if (!quoted) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: CsvSeparator = ',';
  let bestCount = 0;
  for (const candidate of CSV_SEPARATORS) {
    const count = counts.get(candidate) ?? 0;
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/** Where the first line ends outside quotes in `text`, or -1 when it has not ended yet. */
function firstLineEnd(text: string): number {
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === QUOTE) quoted = !quoted;
    else if (!quoted && (code === LF || code === CR)) return index;
  }
  return -1;
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

export class CsvParser {
  private separatorCode: number | null;
  private detected: CsvSeparator | null;
  /** Text held until the header line is whole, when the separator is to be detected. */
  private pending = '';
  private started = false;
  private state: State = State.CellStart;
  private cells: string[] = [];
  private cell = '';
  private size = 0;
  private tooLong = false;
  private error: string | null = null;
  private line = 1;
  private recordLine = 1;
  /** A CR ended the last line: an LF right after it belongs to the same line end. */
  private skipLf = false;
  /** Inside quotes, a CR was counted as a line end: an LF after it is the same one. */
  private quotedCr = false;
  private out: CsvRecord[] = [];

  /** Without a separator, it is detected from the header line. */
  constructor(separator?: CsvSeparator) {
    this.detected = separator ?? null;
    this.separatorCode = separator === undefined ? null : separator.charCodeAt(0);
  }

  /** The separator given or detected; null until the header line was read. */
  get separator(): CsvSeparator | null {
    return this.detected;
  }

  /** Reads a chunk; answers the records it completed (blank lines left out). */
  push(chunk: string): CsvRecord[] {
    let text = chunk;
    if (!this.started) {
      if (text === '') return [];
      this.started = true;
      // A byte order mark, as spreadsheets write it, is no part of the first column's name.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.separatorCode === null) {
      this.pending += text;
      const end = firstLineEnd(this.pending);
      if (end === -1 && this.pending.length <= MAX_RECORD_CHARS) return [];
      this.decide(end === -1 ? this.pending : this.pending.slice(0, end));
      text = this.pending;
      this.pending = '';
    }
    this.scan(text);
    return this.take();
  }

  /** The file ended: answers the last record, and any error it has. */
  end(): CsvRecord[] {
    if (this.separatorCode === null) {
      this.decide(this.pending);
      const text = this.pending;
      this.pending = '';
      this.scan(text);
    }
    if (this.state === State.Quoted)
      this.error ??= `a quoted cell opened on line ${this.recordLine} is never closed (a quote inside a quoted cell is written twice: "")`;
    if (this.state !== State.CellStart || this.cells.length > 0) {
      this.endCell();
      this.endRecord();
    }
    return this.take();
  }

  private decide(header: string): void {
    const separator = detectSeparator(header);
    this.detected = separator;
    this.separatorCode = separator.charCodeAt(0);
  }

  private take(): CsvRecord[] {
    const records = this.out;
    this.out = [];
    return records;
  }

  private append(text: string, from: number, to: number): void {
    if (to <= from || this.tooLong) return;
    this.size += to - from;
    if (this.size > MAX_RECORD_CHARS) return this.overflow();
    this.cell += text.slice(from, to);
  }

  private appendChar(char: string): void {
    if (this.tooLong) return;
    this.size += 1;
    if (this.size > MAX_RECORD_CHARS) return this.overflow();
    this.cell += char;
  }

  private overflow(): void {
    // The cells read so far are dropped: the record is reported, not kept.
    this.tooLong = true;
    this.cells = [];
    this.cell = '';
    this.error = `the line is longer than ${MAX_RECORD_CHARS.toLocaleString('en')} characters (a quote never closed?)`;
  }

  private endCell(): void {
    if (this.tooLong) return;
    this.cells.push(this.cell);
    this.cell = '';
    this.size += 1;
  }

  private endRecord(): void {
    const cells = this.cells;
    if (this.error !== null || !isBlank(cells))
      this.out.push({ line: this.recordLine, cells, error: this.error });
    this.cells = [];
    this.cell = '';
    this.size = 0;
    this.tooLong = false;
    this.error = null;
  }

  /** A line ended outside quotes: the record is whole. */
  private endLine(code: number): void {
    this.endCell();
    this.endRecord();
    this.line += 1;
    this.recordLine = this.line;
    this.skipLf = code === CR;
    this.state = State.CellStart;
  }

  private scan(text: string): void {
    const separator = this.separatorCode;
    const length = text.length;
    let index = 0;
    /** Where the text not yet copied into the cell starts. */
    let from = 0;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (this.skipLf) {
        this.skipLf = false;
        if (code === LF) {
          index += 1;
          from = index;
          continue;
        }
      }
      switch (this.state) {
        case State.CellStart:
          if (code === QUOTE) {
            this.state = State.Quoted;
            this.quotedCr = false;
            index += 1;
            from = index;
          } else {
            this.state = State.Plain;
            from = index;
          }
          break;
        case State.Plain:
          if (code === separator) {
            this.append(text, from, index);
            this.endCell();
            this.state = State.CellStart;
            index += 1;
            from = index;
          } else if (code === LF || code === CR) {
            this.append(text, from, index);
            this.endLine(code);
            index += 1;
            from = index;
          } else {
            // A quote inside an unquoted cell (5" screen) is kept as written.
            index += 1;
          }
          break;
        case State.Quoted:
          if (code === QUOTE) {
            this.append(text, from, index);
            this.state = State.AfterQuote;
            index += 1;
            from = index;
          } else {
            if (code === CR) {
              this.line += 1;
              this.quotedCr = true;
            } else {
              if (code === LF && !this.quotedCr) this.line += 1;
              this.quotedCr = false;
            }
            index += 1;
          }
          break;
        case State.AfterQuote:
          if (code === QUOTE) {
            this.appendChar('"');
            this.state = State.Quoted;
            this.quotedCr = false;
            index += 1;
            from = index;
          } else if (code === separator) {
            this.endCell();
            this.state = State.CellStart;
            index += 1;
            from = index;
          } else if (code === LF || code === CR) {
            this.endLine(code);
            index += 1;
            from = index;
          } else {
            this.error ??= `cell ${this.cells.length + 1} has text after its closing quote (a quote inside a quoted cell is written twice: "")`;
            this.state = State.Plain;
            from = index;
          }
          break;
      }
    }
    if (this.state === State.Plain || this.state === State.Quoted) this.append(text, from, length);
  }
}
