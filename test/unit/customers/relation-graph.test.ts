import { describe, expect, it } from 'vitest';
import {
  linksOf,
  relationGraph,
  type GraphLink,
  type GraphReaders,
} from '../../../main/customers/relation-graph';
import { link, readersOf } from '../../support/relations-fixture';

describe('the relation graph of a customer', () => {
  it('holds the customer, its parents and children, with names and distances', () => {
    const graph = relationGraph(
      'C',
      { depth: 1, limit: 10 },
      readersOf([link('R1', 'P', 'C', { relationType: 4 }), link('R2', 'C', 'K')], [], {
        C: 'Centre SA',
        P: 'Parent Ltd',
      }),
    );
    expect(graph).toEqual({
      center: 'C',
      nodes: [
        { externalId: 'C', name: 'Centre SA', distance: 0 },
        { externalId: 'P', name: 'Parent Ltd', distance: 1 },
        { externalId: 'K', name: '', distance: 1 },
      ],
      edges: [link('R1', 'P', 'C', { relationType: 4 }), link('R2', 'C', 'K')],
      cut: false,
    });
  });

  it('goes `depth` steps and no further', () => {
    const chain = [link('R1', 'A', 'B'), link('R2', 'B', 'C'), link('R3', 'C', 'D')];
    const two = relationGraph('A', { depth: 2, limit: 10 }, readersOf(chain));
    expect(two.nodes.map((n) => [n.externalId, n.distance])).toEqual([
      ['A', 0],
      ['B', 1],
      ['C', 2],
    ]);
    expect(two.edges.map((e) => e.id)).toEqual(['R1', 'R2']);
    expect(two.cut).toBe(false);
  });

  it('ends on cycles and self links, each customer once', () => {
    const links = [link('R1', 'A', 'B'), link('R2', 'B', 'A'), link('R3', 'A', 'A')];
    const graph = relationGraph('A', { depth: 4, limit: 10 }, readersOf(links));
    expect(graph.nodes.map((n) => n.externalId)).toEqual(['A', 'B']);
    expect(graph.edges.map((e) => e.id).sort()).toEqual(['R1', 'R2', 'R3']);
  });

  it('stops at `limit` customers and says it was cut', () => {
    const star = Array.from({ length: 20 }, (_, i) => link(`R${i}`, 'C', `K${i}`));
    const graph = relationGraph('C', { depth: 2, limit: 5 }, readersOf(star));
    expect(graph.nodes).toHaveLength(5);
    expect(graph.cut).toBe(true);
    // Only edges between customers shown.
    const shown = new Set(graph.nodes.map((n) => n.externalId));
    for (const edge of graph.edges) {
      expect(shown.has(edge.parentExternalId) && shown.has(edge.childExternalId)).toBe(true);
    }
  });

  it('prefers a kept relation to the cache row of the same id, and a relation to a read-shape link', () => {
    const readers = readersOf(
      [link('R1', 'P', 'C', { relationType: 9, disabled: true })],
      [
        link('R1', 'P', 'C', { relationType: 2 }),
        link('parent_external_id:C', 'P', 'C', { relationType: null, fromReadShape: true }),
        link('parent_external_id:K', 'C', 'K', { relationType: null, fromReadShape: true }),
      ],
    );
    expect(linksOf('C', readers)).toEqual([
      link('R1', 'P', 'C', { relationType: 9, disabled: true }),
      link('parent_external_id:K', 'C', 'K', { relationType: null, fromReadShape: true }),
    ]);
  });

  it('reads each customer once, however many links lead to it', () => {
    const links = [link('R1', 'A', 'B'), link('R2', 'A', 'C'), link('R3', 'B', 'C')];
    const readers = readersOf(links);
    relationGraph('A', { depth: 4, limit: 10 }, readers);
    expect(readers.reads.filter((id) => id === 'C')).toHaveLength(2); // kept + cached, once each
  });

  it('handles thousands of links', () => {
    const many = Array.from({ length: 5000 }, (_, i) => link(`R${i}`, `N${i}`, `N${i + 1}`));
    const index = new Map<string, GraphLink[]>();
    for (const l of many)
      for (const end of [l.parentExternalId, l.childExternalId])
        index.set(end, [...(index.get(end) ?? []), l]);
    const readers: GraphReaders = {
      kept: (id) => index.get(id) ?? [],
      cached: () => [],
      name: () => '',
    };
    const graph = relationGraph('N2500', { depth: 4, limit: 500 }, readers);
    expect(graph.nodes.map((n) => n.externalId).sort()).toEqual(
      ['N2496', 'N2497', 'N2498', 'N2499', 'N2500', 'N2501', 'N2502', 'N2503', 'N2504'].sort(),
    );
    expect(graph.edges).toHaveLength(8);
    const wide = relationGraph('N0', { depth: 4, limit: 3 }, readers);
    expect([wide.nodes.length, wide.cut]).toEqual([3, true]);
  });
});
