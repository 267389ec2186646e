import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { syncFolder } from '../lib/atomic-write';
import { claimName } from '../lib/claim-name';
import { safeFileName } from '../lib/safe-file-name';
import type { CaseSubject } from './case-record';

// Where a case file's two files go: written under hidden temporary names beside their place,
// flushed, then given their names without ever replacing a file (a name taken gets ` (2)`, ` (3)`…
// for both files alike). A failure part-way leaves nothing behind.

/** `casefile-alert-42`, `casefile-customer-C-1`: safe to create in any folder. */
export function caseFileName(subject: CaseSubject): string {
  return safeFileName(`casefile-${subject.kind}-${subject.id}`, `casefile-${subject.kind}`);
}

/** A temporary file being written in `folder`, private to the user. */
export interface TempFile {
  path: string;
  handle: FileHandle;
}

export async function openTemp(folder: string, extension: string): Promise<TempFile> {
  const path = join(folder, `.casefile-${randomBytes(8).toString('hex')}.${extension}.part`);
  return { path, handle: await open(path, 'wx', 0o600) };
}

/** Flushes and closes a temporary file; removes it when asked to (a failed export). */
export async function finishTemp(temp: TempFile, keep: boolean): Promise<void> {
  try {
    if (keep) await temp.handle.sync();
  } finally {
    await temp.handle.close().catch(() => undefined);
    if (!keep) await rm(temp.path, { force: true });
  }
}

const numbered = (stem: string, count: number) => (count === 1 ? stem : `${stem} (${count})`);

/**
 * Gives the written temporary files their names, `<stem>.<extension>` each (numbered alike when
 * one of them is taken); answers the names given, in the order of `files`.
 */
export async function nameFiles(
  folder: string,
  stem: string,
  files: ReadonlyArray<{ temp: string; extension: string }>,
): Promise<string[]> {
  for (let count = 1; count < 10_000; count += 1) {
    const names = files.map((file) => `${numbered(stem, count)}.${file.extension}`);
    const given: string[] = [];
    for (const [index, file] of files.entries()) {
      if (await claimName(file.temp, join(folder, names[index]!))) {
        given.push(names[index]!);
        continue;
      }
      // Taken: what was named already goes back to a temporary name, and the next number is tried.
      for (const [back, name] of given.entries())
        await rename(join(folder, name), files[back]!.temp);
      given.length = 0;
      break;
    }
    if (given.length === files.length) {
      await syncFolder(folder);
      return given;
    }
  }
  throw new Error(`Too many case files named like ${stem} in this folder.`);
}

/** A new folder for one export inside `parent`, `<stem>` or `<stem> (2)`…; answers its name. */
export async function claimFolder(parent: string, stem: string): Promise<string> {
  for (let count = 1; count < 10_000; count += 1) {
    const name = numbered(stem, count);
    try {
      await mkdir(join(parent, name), { mode: 0o700 });
      return name;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Too many case file folders named like ${stem}.`);
}
