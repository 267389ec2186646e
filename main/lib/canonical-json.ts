/**
 * JSON text that depends only on the value, never on the order its members were set in: members
 * sorted by name at every level, no spaces. What is hashed (journal entries, bundle manifests) is
 * written this way, so the same record always gives the same hash and the same bytes.
 *
 * (JSON.stringify lists members whose names are array indexes first, in numeric order, whatever
 * order they were given in; the rest keep the sorted order given here. Either way the text is a
 * function of the value alone.)
 */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(sorted(value, 0));
  if (text === undefined) throw new TypeError('canonicalJson needs a JSON value');
  return text;
}

/** Deeper than any record CaseDesk writes; a value nested deeper is refused, not cut. */
const DEEPEST = 64;

function sorted(value: unknown, depth: number): unknown {
  if (depth > DEEPEST) throw new RangeError(`a value nested deeper than ${DEEPEST} levels`);
  if (Array.isArray(value)) return value.map((item: unknown) => sorted(item, depth + 1));
  if (typeof value !== 'object' || value === null) return value;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  const record = value as Record<string, unknown>;
  // fromEntries defines each member, so a member named __proto__ stays a member.
  return Object.fromEntries(
    Object.keys(record)
      .sort()
      .filter((name) => record[name] !== undefined)
      .map((name) => [name, sorted(record[name], depth + 1)]),
  );
}
