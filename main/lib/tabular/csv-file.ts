import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, link, rename, rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { once } from 'node:events';
import { syncFile, syncFolder } from '../atomic-write';
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
