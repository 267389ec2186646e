import type { CacheDb } from './open-cache';

/** Text compared without regard to case, in every script. */
export const fold = (text: string): string => text.toLowerCase();

const registered = new WeakSet<CacheDb>();
const ASCII = /^[\x20-\x7e]*$/;

/**
 * An SQL condition: `column` contains `needle`, whatever the case of either. SQLite's own lower()
 * folds ASCII letters only; a JavaScript function folds every script but costs about a microsecond
 * a row, so it is used only when the needle holds a letter lower() would miss.
 */
export function containsFolded(
  db: CacheDb,
  column: string,
  needle: string,
): { sql: string; param: string } {
  if (ASCII.test(needle)) return { sql: `instr(lower(${column}), ?) > 0`, param: fold(needle) };
  if (!registered.has(db)) {
    db.function('casedesk_fold', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? fold(value) : null,
    );
    registered.add(db);
  }
  return { sql: `instr(casedesk_fold(${column}), ?) > 0`, param: fold(needle) };
}
