// Reading a file's column names the way people write them: folded for comparison, and matched to
// the fields they most likely mean (a file's own header, a spreadsheet's export).

/** Case, accents, spaces, underscores, dots and dashes set aside: `Sender Full_Name` → `senderfullname`. */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * Folded names per field, in tiers tried in turn (a field's own name first, then the other names
 * people give it): `[field, names][]` per tier, built once.
 */
export function nameTiers(
  tiers: ReadonlyArray<Iterable<readonly [field: string, names: readonly string[]]>>,
): ReadonlyArray<ReadonlyMap<string, string>> {
  return tiers.map((tier) => {
    const map = new Map<string, string>();
    for (const [field, names] of tier)
      for (const name of names) {
        const folded = foldName(name);
        if (folded !== '' && !map.has(folded)) map.set(folded, field);
      }
    return map;
  });
}

/** A mapping (field → column) guessed from the columns' names; each column and field used once. */
export function guessByNames(
  columns: readonly string[],
  tiers: ReadonlyArray<ReadonlyMap<string, string>>,
): Record<string, string> {
  const mapping: Record<string, string> = {};
  const usedColumns = new Set<string>();
  for (const names of tiers)
    for (const column of columns) {
      if (usedColumns.has(column)) continue;
      const field = names.get(foldName(column));
      if (field === undefined || field in mapping) continue;
      mapping[field] = column;
      usedColumns.add(column);
    }
  return mapping;
}

/** An object's leaf members as dotted paths (arrays are leaves): its "columns" in a preview. */
export function leafPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, member]) =>
    typeof member === 'object' && member !== null && !Array.isArray(member)
      ? leafPaths(member as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** A leaf's value as a cell: text as it is, anything else as JSON. */
export function leafText(value: Record<string, unknown>, path: string): string {
  let node: unknown = value;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return '';
    node = (node as Record<string, unknown>)[part];
  }
  if (node === undefined || node === null) return '';
  return typeof node === 'string' ? node : JSON.stringify(node);
}
