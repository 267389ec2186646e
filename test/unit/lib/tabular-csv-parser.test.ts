import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CsvParser,
  detectSeparator,
  MAX_RECORD_CHARS,
  type CsvRecord,
  type CsvSeparator,
} from '../../../main/lib/tabular/csv-parser';

/** Parses `text` pushed in the given chunk sizes (cycled), as a file read in pieces would be. */
function parse(text: string, sizes: number[] = [text.length || 1], separator?: CsvSeparator) {
  const parser = new CsvParser(separator);
  const records: CsvRecord[] = [];
  let at = 0;
  let turn = 0;
  while (at < text.length) {
    const size = Math.max(1, sizes[turn % sizes.length] ?? 1);
    records.push(...parser.push(text.slice(at, at + size)));
    at += size;
    turn += 1;
  }
  records.push(...parser.end());
  return { records, separator: parser.separator };
}

const cellsOf = (text: string, sizes?: number[]) =>
  parse(text, sizes).records.map((record) => record.cells);

describe('the CSV parser', () => {
  it('reads a header and rows, each record with the line it starts on', () => {
    const { records, separator } = parse('amount,currency\n12.5,EUR\n7,USD\n');
    expect(separator).toBe(',');
    expect(records).toEqual([
      { line: 1, cells: ['amount', 'currency'], error: null },
      { line: 2, cells: ['12.5', 'EUR'], error: null },
      { line: 3, cells: ['7', 'USD'], error: null },
    ]);
  });

  it('drops the byte order mark spreadsheets write, so the first column keeps its name', () => {
    expect(cellsOf('\uFEFFamount;currency\r\n1;EUR\r\n')).toEqual([
      ['amount', 'currency'],
      ['1', 'EUR'],
    ]);
  });

  it.each([
    [',', 'a,b,c\n1,2,3\n'],
    [';', 'a;b;c\n1;2;3\n'],
    ['\t', 'a\tb\tc\n1\t2\t3\n'],
    ['|', 'a|b|c\n1|2|3\n'],
  ] as const)('detects the separator %j from the header line', (separator, text) => {
    const { records, separator: found } = parse(text);
    expect(found).toBe(separator);
    expect(records.map((record) => record.cells)).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]);
  });

  it('counts separators outside quotes only, and settles a header with none on one column', () => {
    expect(detectSeparator('"a,b,c";d;e')).toBe(';');
    expect(detectSeparator('"x|y|z|w",b,c')).toBe(',');
    expect(detectSeparator('amount')).toBe(',');
  });

  it('detects the separator when the header arrives one character at a time', () => {
    const { records, separator } = parse('name;"full; name"\nA;B\n', [1]);
    expect(separator).toBe(';');
    expect(records.map((record) => record.cells)).toEqual([
      ['name', 'full; name'],
      ['A', 'B'],
    ]);
  });

  it('reads quoted cells with doubled quotes, separators and line breaks inside', () => {
    const text = 'label,comment\n"A ""big"" one","first line\nsecond, line"\nnext,x\n';
    const { records } = parse(text);
    expect(records).toEqual([
      { line: 1, cells: ['label', 'comment'], error: null },
      { line: 2, cells: ['A "big" one', 'first line\nsecond, line'], error: null },
      // The quoted line break counts: the next record starts on the file's line 4.
      { line: 4, cells: ['next', 'x'], error: null },
    ]);
  });

  it('takes CRLF, LF and a lone CR as line ends, across chunk boundaries too', () => {
    const text = 'a,b\r\n1,2\r3,4\n5,6\r\n';
    for (const sizes of [[text.length], [1], [2, 3], [4]])
      expect(cellsOf(text, sizes)).toEqual([
        ['a', 'b'],
        ['1', '2'],
        ['3', '4'],
        ['5', '6'],
      ]);
    expect(parse(text, [1]).records.map((record) => record.line)).toEqual([1, 2, 3, 4]);
  });

  it('counts a CRLF inside quotes as one line', () => {
    const { records } = parse('a\n"x\r\ny"\nz\n', [1]);
    expect(records.map((record) => [record.line, record.cells[0]])).toEqual([
      [1, 'a'],
      [2, 'x\r\ny'],
      [4, 'z'],
    ]);
  });

  it('skips blank lines and lines of empty cells, keeping the line numbers of the others', () => {
    const { records } = parse('a,b\n\n1,2\n   \n,\n\r\n3,4');
    expect(records.map((record) => [record.line, ...record.cells])).toEqual([
      [1, 'a', 'b'],
      [3, '1', '2'],
      [7, '3', '4'],
    ]);
  });

  it('keeps a last line without a line break, and an empty last cell', () => {
    expect(cellsOf('a,b\n1,')).toEqual([
      ['a', 'b'],
      ['1', ''],
    ]);
  });

  it('keeps a quote inside an unquoted cell as written', () => {
    expect(cellsOf('a,b\n5" screen,x\n')).toEqual([
      ['a', 'b'],
      ['5" screen', 'x'],
    ]);
  });

  it('reports text after a closing quote as an error for that line only', () => {
    const { records } = parse('a,b\n"say "hi" now",x\n1,2\n');
    expect(records[1]).toMatchObject({
      line: 2,
      error: expect.stringMatching(/closing quote/) as unknown,
    });
    expect(records[2]).toEqual({ line: 3, cells: ['1', '2'], error: null });
  });

  it('reports a quote never closed, naming the line it opened on', () => {
    const { records } = parse('a,b\n1,"open\n2,3\n');
    expect(records).toHaveLength(2);
    expect(records[1]).toMatchObject({
      line: 2,
      error: expect.stringMatching(/line 2.*never closed/) as unknown,
    });
  });

  it('reports a record longer than the limit without keeping it, and reads on after it', () => {
    const long = 'x'.repeat(MAX_RECORD_CHARS + 10);
    const { records } = parse(`a,b\n"${long}",1\n2,3\n`, [65_536]);
    expect(records[1]).toEqual({
      line: 2,
      cells: [],
      error: expect.stringMatching(/longer than 1,000,000 characters/) as unknown,
    });
    expect(records[2]).toEqual({ line: 3, cells: ['2', '3'], error: null });
  });

  it('reads back any table a correct writer wrote, whatever the chunk sizes', () => {
    const cellText = fc.string({
      unit: fc.constantFrom(
        'a',
        'Z',
        '1',
        ' ',
        '"',
        ',',
        ';',
        '\t',
        '|',
        '\n',
        '\r',
        'é',
        '€',
        '\u{1F600}',
      ),
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        fc.constantFrom<CsvSeparator>(',', ';', '\t', '|'),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.array(cellText, { minLength: 4, maxLength: 4 }), { maxLength: 6 }),
        (separator, width, sizes, bom, newline, table) => {
          const header = Array.from({ length: width }, (_, index) => `col${index}`);
          // A row of empty cells is a blank line: skipped, so not written.
          const rows = table
            .map((row) => row.slice(0, width))
            .filter((row) => row.some((cell) => cell.trim() !== ''));
          const write = (row: string[]) =>
            row
              .map((cell) =>
                /["\r\n]/.test(cell) || cell.includes(separator)
                  ? `"${cell.replace(/"/g, '""')}"`
                  : cell,
              )
              .join(separator);
          const text = `${bom ? '\uFEFF' : ''}${[header, ...rows].map(write).join(newline)}${newline}`;
          // One column has no separator to detect: the reader is told it.
          const { records, separator: found } = parse(
            text,
            sizes,
            width === 1 ? separator : undefined,
          );
          expect(found).toBe(separator);
          expect(records.map((record) => record.error)).toEqual(records.map(() => null));
          expect(records.map((record) => record.cells)).toEqual([header, ...rows]);
        },
      ),
      { numRuns: 400 },
    );
  });
});
