import type { RelationGraph, RelationGraphEdge, RelationGraphNode } from '../../preload/contract';

// A customer's graph: its parents, children and their relations, breadth-first. Pure over two
// readers (the relations kept in the local store, and the links the cache knows: its relations
// table and the customers' own `parent_external_id`), so it is tested without a database.

/** One link touching a customer, as a reader answers it. */
export type GraphLink = RelationGraphEdge;

/** Every link naming the customer as parent or as child. */
export type LinkReader = (externalId: string) => readonly GraphLink[];

export interface GraphReaders {
  kept: LinkReader;
  cached: LinkReader;
  /** The cached name, or '' when the customer is not in the cache. */
  name: (externalId: string) => string;
}

export interface GraphBounds {
  /** Steps from the customer (1 = its own parents and children). */
  depth: number;
  /** Most customers shown, the customer itself included (at least 1). */
  limit: number;
}

const pairOf = (link: GraphLink) => JSON.stringify([link.parentExternalId, link.childExternalId]);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The links of one customer, each once: a kept relation wins over the cache's row of the same id
 * (it is what CaseDesk saved last), and a read-shape parent link is left out where a relation
 * already joins the same parent and child. Ordered by id so the graph is the same at every read.
 */
export function linksOf(externalId: string, readers: GraphReaders): GraphLink[] {
  const cached = readers.cached(externalId);
  const byId = new Map<string, GraphLink>();
  for (const link of cached) if (!link.fromReadShape) byId.set(link.id, link);
  for (const link of readers.kept(externalId)) byId.set(link.id, link);
  const joined = new Set([...byId.values()].map(pairOf));
  for (const link of cached)
    if (link.fromReadShape && !joined.has(pairOf(link)) && !byId.has(link.id))
      byId.set(link.id, link);
  return [...byId.values()].sort((a, b) => compare(a.id, b.id));
}

/**
 * Breadth-first from `center` to `depth` steps, at most `limit` customers. An edge is shown when
 * both its customers are; a customer that would pass the limit is left out and the graph says
 * `cut`. Cycles and self links end: a customer is visited once.
 */
export function relationGraph(
  center: string,
  bounds: GraphBounds,
  readers: GraphReaders,
): RelationGraph {
  const limit = Math.max(1, Math.floor(bounds.limit));
  const distance = new Map<string, number>([[center, 0]]);
  const edges = new Map<string, RelationGraphEdge>();
  let cut = false;
  const queue: string[] = [center];
  for (let head = 0; head < queue.length; head += 1) {
    const at = queue[head] as string;
    const steps = distance.get(at) ?? 0;
    if (steps >= bounds.depth) continue;
    for (const link of linksOf(at, readers)) {
      const other = link.parentExternalId === at ? link.childExternalId : link.parentExternalId;
      if (!distance.has(other)) {
        if (distance.size >= limit) {
          cut = true;
          continue;
        }
        distance.set(other, steps + 1);
        queue.push(other);
      }
      if (!edges.has(link.id)) edges.set(link.id, link);
    }
  }
  const nodes: RelationGraphNode[] = queue.map((externalId) => ({
    externalId,
    name: readers.name(externalId),
    distance: distance.get(externalId) ?? 0,
  }));
  return { center, nodes, edges: [...edges.values()], cut };
}
