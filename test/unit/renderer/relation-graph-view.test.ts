import fc from 'fast-check';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { RelationGraph, RelationGraphEdge } from '../../../preload/contract';

// The graph draws its edges from the data it is given, before (and without) measuring anything in
// the page: rendered here on the server, where nothing can be measured. A graph that waits for
// measurements draws no edge at all here, as it drew none in a slow window after a reload.

// The navigation store behind record links reads the window's address when first imported.
vi.stubGlobal('window', {
  location: { hash: '' },
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});
const { RelationGraphView } =
  await import('../../../renderer/src/features/relations/RelationGraphView');

const { GraphSection } =
  await import('../../../renderer/src/features/relations/CustomerRelationsTab');

const edge = (id: string, parent: string, child: string, disabled = false): RelationGraphEdge => ({
  id,
  parentExternalId: parent,
  childExternalId: child,
  relationType: 7,
  fromReadShape: false,
  disabled,
});

const drawn = (graph: RelationGraph) =>
  renderToStaticMarkup(
    createElement(RelationGraphView, { graph, types: [{ value: 7, label: 'Director' }] }),
  );

const edgeElements = (markup: string) => markup.match(/class="react-flow__edge [^"]*"/g) ?? [];

describe('the relation graph', () => {
  it('draws each edge, a disabled one dashed, without measuring the page', () => {
    const markup = drawn({
      center: 'C',
      cut: false,
      nodes: [
        { externalId: 'C', name: 'Centre', distance: 0 },
        { externalId: 'P', name: 'Parent', distance: 1 },
        { externalId: 'K', name: 'Kid', distance: 1 },
      ],
      edges: [edge('r1', 'P', 'C'), edge('r2', 'C', 'K', true)],
    });
    const edges = edgeElements(markup);
    expect(edges).toHaveLength(2);
    expect(edges.filter((element) => element.includes('is-disabled'))).toHaveLength(1);
    expect(markup).toContain('Director (disabled)');
    // From the middle of the parent's bottom (P at y -146, 56 high) to the middle of the child's top.
    expect(markup).toMatch(/data-id="r1"[^>]*><path d="M0,-87 [^"]* 0,-3"/);
    expect(markup).toMatch(/data-id="r2"[^>]*><path d="M0,59 [^"]* 0,143"/);
  });

  it('marks a relation the service refused, apart from the saved ones', () => {
    const markup = drawn({
      center: 'C',
      cut: false,
      nodes: [
        { externalId: 'C', name: 'Centre', distance: 0 },
        { externalId: 'K', name: 'Kid', distance: 1 },
        { externalId: 'N', name: 'Nope', distance: 1 },
      ],
      edges: [edge('r1', 'C', 'K'), { ...edge('r2', 'C', 'N'), refused: true }],
    });
    const edges = edgeElements(markup);
    expect(edges.filter((element) => element.includes('is-refused'))).toHaveLength(1);
    expect(markup).toContain('Director (refused)');
  });

  it('draws one edge per relation for any graph of linked customers', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[A-Z]{1,4}$/), { minLength: 2, maxLength: 12 });
    fc.assert(
      fc.property(
        ids.chain((customers) =>
          fc.tuple(
            fc.constant(customers),
            fc.uniqueArray(
              fc.tuple(fc.nat(customers.length - 1), fc.nat(customers.length - 1), fc.boolean()),
              { maxLength: 20, selector: ([a, b]) => `${a}:${b}` },
            ),
          ),
        ),
        ([customers, links]) => {
          const graph: RelationGraph = {
            center: customers[0] as string,
            cut: false,
            nodes: customers.map((externalId, index) => ({
              externalId,
              name: '',
              distance: index === 0 ? 0 : 1,
            })),
            edges: links.map(([a, b, disabled], index) =>
              edge(`r${index}`, customers[a] as string, customers[b] as string, disabled),
            ),
          };
          const edges = edgeElements(drawn(graph));
          expect(edges).toHaveLength(graph.edges.length);
          expect(edges.filter((element) => element.includes('is-disabled'))).toHaveLength(
            graph.edges.filter((link) => link.disabled).length,
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  describe('its card', () => {
    const section = (graph: RelationGraph | null) =>
      renderToStaticMarkup(
        createElement(GraphSection, {
          read: graph
            ? { status: 'ready', data: graph, error: null, reload: () => undefined }
            : { status: 'loading', data: null, error: null, reload: () => undefined },
          depth: 2,
          onDepth: () => undefined,
          types: [],
        }),
      );
    const lone: RelationGraph = {
      center: 'C',
      cut: false,
      nodes: [{ externalId: 'C', name: '', distance: 0 }],
      edges: [],
    };

    it('says so when no customer is linked, and draws nothing', () => {
      const markup = section(lone);
      expect(markup).toContain('data-testid="relation-graph-empty"');
      expect(markup).not.toContain('data-testid="relation-graph"');
    });

    it('says when more customers are linked than shown, and still draws what it shows', () => {
      const markup = section({
        ...lone,
        cut: true,
        nodes: [...lone.nodes, { externalId: 'K', name: '', distance: 1 }],
        edges: [edge('r1', 'C', 'K')],
      });
      expect(markup).toContain('data-testid="relation-graph-cut"');
      expect(markup).toContain('(2 shown)');
      expect(edgeElements(markup)).toHaveLength(1);
      expect(markup).not.toContain('relation-graph-empty');
    });

    it('shows progress while the graph is read', () => {
      expect(section(null)).toContain('Drawing the relations');
    });
  });
});
