import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../main/lib/app-error';
import { openBatchSource } from '../../../../main/kyt/batch/kyt-source';
import type { SourceLine } from '../../../../main/lib/tabular/tabular-source';
import { makeTempDir } from '../../../support/temp-dir';

const temp = makeTempDir('casedesk-kyt-source-');
afterAll(() => temp.remove());

let files = 0;
function file(name: string, content: string | Buffer): string {
  files += 1;
  const folder = join(temp.path, String(files));
  mkdirSync(folder);
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

async function read(name: string, content: string | Buffer) {
  const source = await openBatchSource(file(name, content), name);
  const lines: SourceLine[] = [];
  for await (const line of source.lines()) lines.push(line);
  return { source, lines };
}

async function refusal(name: string, content: string | Buffer): Promise<AppError> {
  try {
    await read(name, content);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the file was read');
}

describe('opening a batch file', () => {
  it('reads a CSV header (trimmed, without its BOM) and its rows with their file lines', async () => {
    const { source, lines } = await read(
      'payments.csv',
      '\uFEFF amount ;currency\r\n12.50;EUR\r\n\r\n7;USD\r\n',
    );
    expect(source.format).toBe('csv');
    expect(source.separator).toBe(';');
    expect(source.columns).toEqual(['amount', 'currency']);
    expect(lines).toEqual([
      { line: 2, kind: 'cells', cells: ['12.50', 'EUR'] },
      { line: 4, kind: 'cells', cells: ['7', 'USD'] },
    ]);
  });

  it('makes a ragged line (too few or too many cells) an error for that line alone', async () => {
    const { lines } = await read('p.csv', 'amount,currency,label\n1,EUR\n2,EUR,x,y\n3,EUR,ok\n');
    expect(lines).toEqual([
      {
        line: 2,
        kind: 'error',
        error:
          'This line has 2 cells where the header has 3 columns: check the separator (“,”) and the quotes.',
      },
      { line: 3, kind: 'error', error: expect.stringMatching(/^This line has 4 cells/) as unknown },
      { line: 4, kind: 'cells', cells: ['3', 'EUR', 'ok'] },
    ]);
  });

  it('says which line a quote was never closed on', async () => {
    const { lines } = await read('p.csv', 'amount,label\n1,"open\n2,x\n');
    expect(lines).toEqual([
      {
        line: 2,
        kind: 'error',
        error: expect.stringMatching(/^A quoted cell opened on line 2 is never closed/) as unknown,
      },
    ]);
  });

  it('reads NDJSON objects, a bad line an error for that line', async () => {
    const { source, lines } = await read(
      'p.ndjson',
      '{"amount":1,"currency":"EUR"}\n\nnot json\n[1]\r\n{"amount":2}',
    );
    expect(source.format).toBe('ndjson');
    expect(source.columns).toEqual([]);
    expect(lines).toEqual([
      { line: 1, kind: 'object', value: { amount: 1, currency: 'EUR' } },
      {
        line: 3,
        kind: 'error',
        error: expect.stringMatching(/^This line is not JSON text/) as unknown,
      },
      {
        line: 4,
        kind: 'error',
        error: expect.stringMatching(/^This line is not a JSON object/) as unknown,
      },
      { line: 5, kind: 'object', value: { amount: 2 } },
    ]);
  });

  it('makes a line nested deeper than a transaction can be an error for that line, read without exhausting the stack', async () => {
    const deep = (levels: number) =>
      `{"amount":1,"fields":{"x":${'['.repeat(levels)}${']'.repeat(levels)}}}`;
    const { lines } = await read('deep.ndjson', `${deep(100_000)}\n${deep(30)}\n`);
    expect(lines).toEqual([
      {
        line: 1,
        kind: 'error',
        error:
          'This line nests objects or lists deeper than 36 levels: a transaction is a few levels deep.',
      },
      { line: 2, kind: 'object', value: JSON.parse(deep(30)) as unknown },
    ]);
  });

  it('tells the format by what the file starts with when its name does not say', async () => {
    expect((await read('export', '  {"amount":1}\n')).source.format).toBe('ndjson');
    expect((await read('export', 'amount,currency\n1,EUR\n')).source.format).toBe('csv');
  });

  it.each([
    ['an empty file', 'p.csv', '', /is empty/],
    ['blank lines only', 'p.csv', '\n\r\n  \n', /is empty/],
    ['a JSON array', 'p.json', '[{"amount":1}]', /JSON array.*NDJSON/],
    ['UTF-16', 'p.csv', Buffer.from('\uFEFFamount\n1\n', 'utf16le'), /UTF-16.*save it as UTF-8/],
    [
      'bytes that are not UTF-8',
      'p.csv',
      Buffer.concat([Buffer.from('amount,label\n1,caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
      /not UTF-8 text.*save it as UTF-8/,
    ],
  ])('refuses %s whole, saying what to do', async (_what, name, content, message) => {
    const error = await refusal(name, content);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toMatch(message);
  });

  it('refuses a file that is no longer there, naming it but not its folder', async () => {
    const error = await openBatchSource(join(temp.path, 'gone', 'x.csv'), 'x.csv').catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      'The file “x.csv” cannot be read: it is no longer there. Choose it again.',
    );
  });

  it('streams a 100,000-line file with bounded memory, every line counted', async () => {
    const path = join(temp.path, 'large.csv');
    const out = createWriteStream(path);
    const comment = 'x'.repeat(600);
    out.write('external_id,amount,currency,comment\n');
    for (let line = 0; line < 100_000; line += 1) {
      const text = `T${line},${line}.50,EUR,"${comment} ""${line}""\n${line}"\n`;
      if (!out.write(text)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'close');

    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const source = await openBatchSource(path, 'large.csv');
    let rows = 0;
    let lastLine = 0;
    let errors = 0;
    for await (const line of source.lines()) {
      if (line.kind === 'cells') rows += 1;
      else errors += 1;
      lastLine = line.line;
      if (rows % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    expect(rows).toBe(100_000);
    expect(errors).toBe(0);
    // Each record spans two physical lines (a quoted line break): the last starts on line 200,000.
    expect(lastLine).toBe(200_000);
    // The file is ~60 MB (120 MB as a JavaScript string): holding it whole could not stay under this.
    expect((peak - before) / 1024 / 1024).toBeLessThan(48);
  });
});
