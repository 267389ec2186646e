import type { KeptRelation } from '../../preload/contract';
import type { GraphLink, GraphReaders } from '../../main/customers/relation-graph';

/** A kept relation, saved, of type 1, with no custom fields unless told. */
export function keptRelation(
  id: string,
  parent: string,
  child: string,
  overrides: Partial<KeptRelation> = {},
): KeptRelation {
  return {
    relationExternalId: id,
    parentExternalId: parent,
    childExternalId: child,
    relationType: 1,
    disabled: false,
    fields: {},
    state: 'saved',
    savedAt: '2026-03-10T08:00:00.000Z',
    ...overrides,
  };
}

/** A graph link, a saved relation of type 1 unless told. */
export const link = (
  id: string,
  parent: string,
  child: string,
  extra: Partial<GraphLink> = {},
): GraphLink => ({
  id,
  parentExternalId: parent,
  childExternalId: child,
  relationType: 1,
  fromReadShape: false,
  disabled: false,
  ...extra,
});

/** Readers over fixed lists of links: each customer gets those naming it at either end. */
export function readersOf(
  kept: GraphLink[],
  cached: GraphLink[] = [],
  names: Record<string, string> = {},
): GraphReaders & { reads: string[] } {
  const reads: string[] = [];
  const touching = (links: GraphLink[]) => (id: string) => {
    reads.push(id);
    return links.filter((l) => l.parentExternalId === id || l.childExternalId === id);
  };
  return { kept: touching(kept), cached: touching(cached), name: (id) => names[id] ?? '', reads };
}
