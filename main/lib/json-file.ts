import { readFile, rename } from 'node:fs/promises';
import type { z } from 'zod';
import type { Logger } from './logger';
import { writeFileAtomic } from './atomic-write';

/**
 * Reads a JSON file that CaseDesk owns, checked with its schema. A missing file gives the
 * fallback; a damaged one is moved aside (kept for inspection, never deleted) and the fallback used.
 */
export async function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  fallback: () => z.output<S>,
  logger: Logger,
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback();
    throw error;
  }
  let problem: string;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    problem = parsed.error.issues.map((issue) => issue.message).join('; ');
  } catch (error) {
    problem = (error as Error).message;
  }
  const aside = `${path}.damaged-${Date.now()}`;
  await rename(path, aside);
  logger.warn(`${path} was unreadable (${problem}); moved aside to ${aside}`);
  return fallback();
}

export async function writeJsonFile(path: string, value: unknown, mode?: number): Promise<void> {
  await writeFileAtomic(
    path,
    `${JSON.stringify(value, null, 2)}\n`,
    mode === undefined ? {} : { mode },
  );
}
