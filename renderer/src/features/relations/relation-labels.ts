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
