import { access, link, rename, rm } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { syncFolder } from './atomic-write';
import { safeFileName } from './safe-file-name';

// A written temporary file given its name without ever replacing a file: a hard link fails when
// the name is taken. Where links are not allowed (some shared or FAT drives), a rename after a
// check.

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Gives `temp` the name `target` unless it is taken; true when it was given. */
export async function claimName(temp: string, target: string): Promise<boolean> {
  try {
    await link(temp, target);
    await rm(temp, { force: true });
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV')
      throw error;
  }
  if (await exists(target)) return false;
  await rename(temp, target);
  return true;
}

/** The name with ` (2)`, ` (3)`… before its `ending` (its extension unless said). */
export function numberedName(name: string, count: number, ending = extname(name)): string {
  return safeFileName(`${name.slice(0, name.length - ending.length)} (${count})${ending}`, name);
}

/**
 * Gives `temp` the name `name` in `folder`, or `name (2)`… when it is taken, and flushes the
 * folder; answers the path given. `what` names such files in the error of a folder full of them.
 */
export async function claimFreeName(
  temp: string,
  folder: string,
  name: string,
  what: string,
  ending = extname(name),
): Promise<string> {
  for (let count = 1; count < 10_000; count += 1) {
    const target = join(folder, count === 1 ? name : numberedName(name, count, ending));
    if (await claimName(temp, target)) {
      await syncFolder(folder);
      return target;
    }
  }
  throw new Error(`Too many ${what} named like ${name} in this folder.`);
}
