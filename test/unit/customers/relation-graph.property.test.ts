import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { relationGraph, type GraphLink } from '../../../main/customers/relation-graph';
import { link, readersOf } from '../../support/relations-fixture';

// Ids as investigators and other systems make them, bidirectional and invisible characters among them.
const idChar = fc.constantFrom('A', 'b', '7', '-', '\u202E', '\u2067', '\u200F', 'ع', '😀', ' ');
const customerId = fc.string({ unit: idChar, minLength: 1, maxLength: 4 });

const links = fc
  .array(fc.tuple(customerId, customerId, fc.boolean()), { maxLength: 60 })
  .map((pairs) => {
    // A read shape names one parent per customer: one such link per child, as in the cache.
    const named = new Set<string>();
    return pairs.flatMap(([parent, child, readShape], i) => {
      if (!readShape) return [link(`R${i}`, parent, child)];
      if (named.has(child)) return [];
      named.add(child);
      return [link(`parent_external_id:${child}`, parent, child, { fromReadShape: true })];
    });
  });

/** Shortest number of steps from `from` to each customer, over links either way. */
function distances(from: string, all: GraphLink[]): Map<string, number> {
  const seen = new Map([[from, 0]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i += 1) {
    const at = queue[i] as string;
    for (const l of all) {
      const ends = [l.parentExternalId, l.childExternalId];
      if (!ends.includes(at)) continue;
      const other = l.parentExternalId === at ? l.childExternalId : l.parentExternalId;
      if (!seen.has(other)) {
        seen.set(other, (seen.get(at) ?? 0) + 1);
        queue.push(other);
      }
    }
  }
  return seen;
}

describe('the relation graph, for any links', () => {
  it('shows each customer once, edges between shown customers only, within depth and limit', () => {
    fc.assert(
      fc.property(
        links,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 30 }),
        (all, depth, limit) => {
          const kept = all.filter((l) => !l.fromReadShape);
          const cached = all.filter((l) => l.fromReadShape);
          const center = all[0]?.parentExternalId ?? 'A';
          const graph = relationGraph(center, { depth, limit }, readersOf(kept, cached));
          const ids = graph.nodes.map((n) => n.externalId);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids.length).toBeLessThanOrEqual(limit);
          expect(graph.nodes[0]).toMatchObject({ externalId: center, distance: 0 });
          const shown = new Set(ids);
          for (const edge of graph.edges) {
            expect(shown.has(edge.parentExternalId)).toBe(true);
            expect(shown.has(edge.childExternalId)).toBe(true);
          }
          expect(new Set(graph.edges.map((e) => e.id)).size).toBe(graph.edges.length);
          const shortest = distances(center, all);
          for (const node of graph.nodes) {
            expect(node.distance).toBeLessThanOrEqual(depth);
            expect(node.distance).toBe(shortest.get(node.externalId));
          }
          // Not cut: every customer within `depth` is shown.
          const within = [...shortest.values()].filter((d) => d <= depth).length;
          if (!graph.cut) expect(ids.length).toBe(within);
          else expect(within).toBeGreaterThan(ids.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
