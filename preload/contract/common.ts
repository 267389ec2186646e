import { z } from 'zod';

// Pieces every domain's schemas share.

/** Any JSON value, as the service sent it (kept for fields whose inner shape the spec leaves open). */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A calendar day, YYYY-MM-DD, read as a whole UTC day (from: its start; to: its end). */
export const Day = z.iso.date();
export const Id = z.string().min(1).max(256);
/** Chosen by the renderer, so progress events can be matched before the call returns; reused, it is the same request. */
export const RequestId = z.string().uuid();
export const TagCode = z.string().trim().min(1).max(64);

/**
 * Whether objects and lists in `value` nest deeper than `levels`: such a value is refused where it
 * enters, since keeping or showing it (JSON.stringify, recursive readers) would exhaust the stack.
 * Walked without recursion, so any value can be asked about.
 */
export function nestsDeeperThan(value: unknown, levels: number): boolean {
  const pending: Array<{ node: unknown; depth: number }> = [{ node: value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { node, depth } = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= levels) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node))
      pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

/** How deep a value given by the investigator (a custom field, a line of a file) may nest. */
export const MAX_INPUT_NESTING = 32;
