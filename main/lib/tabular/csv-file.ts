import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { once } from 'node:events';
import { syncFile } from '../atomic-write';
import { claimFreeName } from '../claim-name';
import { safeFileName } from '../safe-file-name';

// A CSV file written for the investigator (a batch's or an import's result file, one row per line
// of the file imported): written a row at a time into a temporary file, flushed, then given its
// name: a crash leaves no half file, and a file already there is never replaced.

/**
 * RFC 4180 quoting; text a spreadsheet would run as a formula (=, +, -, @, a tab or a CR first)
 * is prefixed with a quote, as OWASP advises: the service's state labels and the file's own ids
 * come back in this file. Numbers are written as numbers.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `<file name>-results-<YYYY-MM-DD>.csv`, made safe to create in any folder. */
export function resultFileName(fileName: string, at: Date, fallbackStem: string): string {
  const stem = basename(fileName, extname(fileName)) || fallbackStem;
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-');
  return safeFileName(`${stem}-results-${day}.csv`, `${fallbackStem}-results-${day}.csv`);
}

/** Writes the header and rows (each ending in CRLF) into `folder` under a free name; answers the file's path. */
export async function writeCsvFile(
  folder: string,
  name: string,
  header: readonly string[],
  rows: Iterable<string>,
): Promise<string> {
  const temp = join(folder, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const stream = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  try {
    await once(stream, 'open');
    const write = async (text: string) => {
      if (!stream.write(text)) await once(stream, 'drain');
    };
    await write(`${header.join(',')}\r\n`);
    for (const row of rows) await write(row);
    // 'close' comes after every byte was handed to the file and its handle closed.
    stream.end();
    await once(stream, 'close');
    await syncFile(temp);
    return await claimFreeName(temp, folder, name, 'result files');
  } catch (error) {
    stream.destroy();
    await rm(temp, { force: true });
    throw error;
  }
}
