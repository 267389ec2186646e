import type { RelationGraph } from '../../../../preload/contract';

export const NODE_WIDTH = 190;
export const NODE_HEIGHT = 56;
const GAP_X = 40;
const GAP_Y = 90;

export interface PlacedNode {
  externalId: string;
  name: string;
  /** Rows above the customer (parents) are negative, below (children) positive. */
  level: number;
  x: number;
  y: number;
}

/**
 * Places the customer in the middle, its parents above and its children below: a customer's
 * level is one less than a child's it was reached from, one more than a parent's. Customers
 * reached only through others keep the level of the first way found. Rows are centred.
 */
export function layoutGraph(graph: RelationGraph): PlacedNode[] {
  const level = new Map<string, number>([[graph.center, 0]]);
  const queue = [graph.center];
  for (let head = 0; head < queue.length; head += 1) {
    const at = queue[head] as string;
    const here = level.get(at) ?? 0;
    for (const edge of graph.edges) {
      const next =
        edge.parentExternalId === at
          ? { id: edge.childExternalId, level: here + 1 }
          : edge.childExternalId === at
            ? { id: edge.parentExternalId, level: here - 1 }
            : null;
      if (!next || level.has(next.id)) continue;
      level.set(next.id, next.level);
      queue.push(next.id);
    }
  }
  const rows = new Map<number, RelationGraph['nodes']>();
  for (const node of graph.nodes) {
    const row = level.get(node.externalId) ?? node.distance;
    rows.set(row, [...(rows.get(row) ?? []), node]);
  }
  const placed: PlacedNode[] = [];
  for (const [row, nodes] of [...rows.entries()].sort((a, b) => a[0] - b[0])) {
    const width = nodes.length * NODE_WIDTH + (nodes.length - 1) * GAP_X;
    nodes.forEach((node, index) =>
      placed.push({
        externalId: node.externalId,
        name: node.name,
        level: row,
        x: index * (NODE_WIDTH + GAP_X) - width / 2,
        y: row * (NODE_HEIGHT + GAP_Y),
      }),
    );
  }
  return placed;
}
