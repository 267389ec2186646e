// Reading members of a KYT answer that the interface leaves open (spec, Gaps in resource fields:
// required or optional status not shown, the state's inside not shown). Every reader here takes
// any value and answers something usable or null; none throws.

export type LooseRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is LooseRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A decimal number written as text: `46`, ` -4.5 `, `1e3`; not `0x10`, `Infinity` or ``. */
const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A finite number, given as a number or as decimal text (some services quote their numbers);
 * null for anything else, NaN and the infinities included.
 */
export function usableNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const written = value.trim();
  if (!NUMERIC_TEXT.test(written)) return null;
  const read = Number(written);
  return Number.isFinite(read) ? read : null;
}

/**
 * A value meant as text, as received: a string untouched (nothing trimmed or stripped: the
 * renderer shows it as text), a finite number or a boolean written out; null for the rest and
 * for the empty string, which names nothing.
 */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  return null;
}

/**
 * JSON text of any value, never throwing: a value JSON cannot write (undefined, a function, a
 * bigint, a cycle) is written as JavaScript would print it.
 */
export function jsonText(value: unknown, indent?: number): string {
  try {
    const written: unknown = JSON.stringify(value, null, indent);
    if (typeof written === 'string') return written;
  } catch {
    // A bigint or a cycle: fall through to the plain form.
  }
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * JSON text with every object's members in name order, so that two values that differ only by
 * the order of their members read the same (custom fields built by two different screens).
 */
export function canonicalJsonText(value: unknown): string {
  return jsonText(sortMembers(value, 0));
}

const DEEPEST = 64;

function sortMembers(value: unknown, depth: number): unknown {
  if (depth > DEEPEST) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => sortMembers(item, depth + 1));
  if (!isRecord(value)) return value;
  // fromEntries defines each member, so a member named __proto__ stays a member.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, sortMembers(value[name], depth + 1)]),
  );
}

/**
 * Text cut to `max` characters with a note saying so, never splitting a surrogate pair: a
 * member megabytes long must not travel to the window whole for a table cell.
 */
export function bounded(text: string, max: number, note: (length: number) => string): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}${note(text.length)}`;
}

/** A figure for a sentence: at most two decimals, no trailing zeros (46.2, 40, 0.33). */
export function figure(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
