import { z } from 'zod';
import { num } from './fields';
import { parseWire, summariseProblems } from './parse';

// A list the service answers is read record by record: one record its schema refuses is set
// aside with the reason, and the rest of the page is kept (issue 13, "One bad record").
//
// What is refused and what is kept: a record is refused only when it cannot be keyed or stored —
// not an object, no usable id (missing, empty, not text), a field of the wrong type that the cache
// or the screens would misread. Values the interface allows but the spec does not expect (a score
// of 55.5 or 250, a state of 99 or "open", a date in any form) are kept as received; the screens
// show them flagged.

/** A record the service sent that CaseDesk could not read. */
export interface RefusedRecord {
  /** The record exactly as decoded from the body. */
  raw: unknown;
  /** Why, field by field, as `last_revision.score: expected number, received string`. */
  reason: string;
}

export interface ReadRecords<T> {
  kept: T[];
  refused: RefusedRecord[];
}

/** Reads each item with `schema`; never fails as a whole. */
export function readRecords<S extends z.ZodType>(
  schema: S,
  items: readonly unknown[],
): ReadRecords<z.output<S>> {
  const kept: Array<z.output<S>> = [];
  const refused: RefusedRecord[] = [];
  for (const item of items) {
    const parsed = parseWire(schema, item);
    if (parsed.ok) kept.push(parsed.value);
    else refused.push({ raw: item, reason: summariseProblems(parsed.problems) });
  }
  return { kept, refused };
}

/** A page whose list is read record by record: the page itself must still be a page. */
export const looseList = z.array(z.unknown());
export const LooseDataPageSchema = z.looseObject({ data: looseList, total: num });
export const LooseDocumentPageSchema = z.looseObject({ documents: looseList, total: num });

/** What a paged read answers beside its records: the ones set aside. */
export interface WithRefused {
  refused: RefusedRecord[];
}
