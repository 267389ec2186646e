import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, link, rename, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { once } from 'node:events';
import { syncFile, syncFolder } from '../../lib/atomic-write';
import { safeFileName } from '../../lib/safe-file-name';
import type { AnswerBrief } from '../kyt-answer';
import type { MergedLine } from './batch-lines';

// A batch's result file: one row per line of the imported file, invalid ones too, in line order
// (line, external_id, status, score, state, converted_amount, converted_currency, error). Written
// a row at a time into a temporary file, flushed, then given its name: a crash leaves no half file,
// and a file already there is never replaced.

export const RESULT_COLUMNS = [
  'line',
  'external_id',
  'status',
  'score',
  'state',
  'converted_amount',
  'converted_currency',
  'error',
] as const;

/**
 * RFC 4180 quoting; text a spreadsheet would run as a formula (=, +, -, @, a tab or a CR first)
 * is prefixed with a quote, as OWASP advises: the service's state labels and the file's own ids
 * come back in this file. Numbers are written as numbers.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function resultRow(merged: MergedLine, brief: (answer: unknown) => AnswerBrief): string {
  let cells: Array<string | number | null>;
  if (merged.kind === 'invalid')
    cells = [
      merged.line,
      merged.invalid.externalId,
      'invalid',
      null,
      null,
      null,
      null,
      merged.invalid.message,
    ];
  else {
    const { record } = merged;
    const answer = record.status === 'scored' ? brief(record.answer) : null;
    cells = [
      merged.line,
      record.transaction.external_id,
      record.status,
      answer?.score ?? null,
      answer?.state?.text ?? null,
      answer?.convertedAmount ?? null,
      answer?.convertedCurrency ?? null,
      record.statusReason,
    ];
  }
  return `${cells.map(cell).join(',')}\r\n`;
}

/** `<file name>-results-<YYYY-MM-DD>.csv`, made safe to create in any folder. */
export function resultFileName(fileName: string, at: Date): string {
  const stem = basename(fileName, extname(fileName)) || 'transactions';
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return safeFileName(`${stem}-results-${day}.csv`, `transactions-results-${day}.csv`);
}

/** The name with ` (2)`, ` (3)`… before its extension. */
function numbered(name: string, count: number): string {
  const extension = extname(name);
  return safeFileName(`${basename(name, extension)} (${count})${extension}`, name);
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Gives the written temporary file its name without ever replacing a file: a hard link fails when
 * the name is taken. Where links are not allowed (some shared or FAT drives), a rename after a check.
 */
async function claim(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    await rm(temp, { force: true });
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV')
      throw error;
  }
  if (await exists(target)) return false;
  await rename(temp, target);
  return true;
}

/** Writes the rows into `folder` under a free name; answers the file's path. */
export async function writeResultFile(
  folder: string,
  name: string,
  rows: Iterable<string>,
): Promise<string> {
  const temp = join(folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const stream = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  try {
    await once(stream, 'open');
    const write = async (text: string) => {
      if (!stream.write(text)) await once(stream, 'drain');
    };
    await write(`${RESULT_COLUMNS.join(',')}\r\n`);
    for (const row of rows) await write(row);
    // 'close' comes after every byte was handed to the file and its handle closed.
    stream.end();
    await once(stream, 'close');
    await syncFile(temp);
    for (let count = 1; count < 10_000; count += 1) {
      const target = join(folder, count === 1 ? name : numbered(name, count));
      if (await claim(temp, target)) {
        await syncFolder(folder);
        return target;
      }
    }
    throw new Error(`Too many result files named like ${name} in this folder.`);
  } catch (error) {
    stream.destroy();
    await rm(temp, { force: true });
    throw error;
  }
}
