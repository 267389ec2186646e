import type { RelationTypeLabel } from '../../../../preload/contract';

/** The profile's label of a relation type; "Type N" when it has none (the interface names none). */
export function typeLabel(types: readonly RelationTypeLabel[], value: number | null): string {
  if (value === null) return 'No type';
  return types.find((type) => type.value === value)?.label ?? `Type ${value}`;
}

/** The relation external id proposed for a new relation: `rel-<parent>-<child>-<type>`. */
export function proposedRelationId(parent: string, child: string, type: number | null): string {
  if (!parent.trim() || !child.trim()) return '';
  return `rel-${parent.trim()}-${child.trim()}${type === null ? '' : `-${type}`}`.slice(0, 256);
}

/** One row of the labels editor, as typed. */
export interface LabelRow {
  value: string;
  label: string;
}

/** The rows as labels, or what to fix by row field (`types.<row>.value|label`). */
export function labelsOf(
  rows: readonly LabelRow[],
): { ok: true; types: RelationTypeLabel[] } | { ok: false; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const types: RelationTypeLabel[] = [];
  rows.forEach((row, index) => {
    if (!row.value.trim() && !row.label.trim()) return;
    const value = Number(row.value.trim());
    if (!row.value.trim() || !Number.isSafeInteger(value))
      problems[`types.${index}.value`] = 'A type is a whole number, as the service knows it.';
    if (!row.label.trim()) problems[`types.${index}.label`] = 'Give the type a label.';
    else if (row.label.trim().length > 100)
      problems[`types.${index}.label`] = 'Keep the label under 100 characters.';
    if (!problems[`types.${index}.value`] && !problems[`types.${index}.label`])
      types.push({ value, label: row.label.trim() });
  });
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, types };
}
