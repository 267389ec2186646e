import { z } from 'zod';

// Building blocks for tolerant wire schemas (DESIGN.md principle 3). The spec promises almost no
// field as always present ("Required or optional status … not shown"), so a field may be missing
// or null unless a record cannot be identified without it. Types are still checked: a string where
// a number belongs is a broken body, not a variant.

export const text = z.string().nullish();
export const num = z.number().nullish();
export const int = z.number().int().nullish();
export const flag = z.boolean().nullish();
/** Objects whose inside the spec does not show (statuses, states, origins): kept whole. */
export const openObject = z.record(z.string(), z.unknown()).nullish();
/** `any` in the spec. */
export const anything = z.unknown().optional();
/** The key a record is stored under: must be there. */
export const key = z.string().min(1);

/** A list the screens iterate: missing or null reads as empty. */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .nullish()
    .transform((value): Array<z.output<T>> => value ?? []);
}

/**
 * A date in any form the service may send (RFC 3339, a bare date, epoch seconds or milliseconds,
 * as text or number; read by lib/service-date). A number becomes its decimal text so every reader
 * sees one type; the value itself is kept as received, readable or not.
 */
export const date = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (typeof value === 'number' ? String(value) : value));

/** A date the spec gives as an epoch count; text in any date form is kept too. */
export const epoch = z.union([z.number(), z.string()]).nullish();
