import { useMemo } from 'react';
import {
  Controls,
  Handle,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeHandle,
  type NodeProps,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { RelationGraph, RelationTypeLabel } from '../../../../preload/contract';
import { RecordLink } from '../../components/RecordLink';
import { ServiceText } from '../../components/ServiceText';
import { layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './graph-layout';
import { typeLabel } from './relation-labels';

type CustomerNodeData = { externalId: string; name: string; center: boolean };
type CustomerNode = Node<CustomerNodeData, 'customer'>;

/** A customer in the graph: a link to its page, reached with Tab and opened with Enter. */
function CustomerNodeView({ data }: NodeProps<CustomerNode>) {
  return (
    <div className={`relation-node${data.center ? ' is-center' : ''}`}>
      <Handle type="target" position={Position.Top} isConnectable={false} />
      {data.center ? (
        <span className="relation-node-body" data-testid="graph-center">
          <ServiceText text={data.name || data.externalId} />
          <ServiceText text={data.externalId} className="mono relation-muted" />
        </span>
      ) : (
        <RecordLink
          to={{ screen: 'customer', externalId: data.externalId, tab: 'relations' }}
          className="relation-node-body nodrag nopan"
          testId="graph-node"
        >
          <span className="visually-hidden">Open customer </span>
          <ServiceText text={data.name || data.externalId} />
          <ServiceText text={data.externalId} className="mono relation-muted" />
        </RecordLink>
      )}
      <Handle type="source" position={Position.Bottom} isConnectable={false} />
    </div>
  );
}

const nodeTypes = { customer: CustomerNodeView };

/** The library's handle is a 6px square centred on the node's edge (its default style). */
const HANDLE = 6;

/**
 * Where a node's edges meet it, in its own coordinates: the middle of its top (from its parents)
 * and of its bottom (to its children), where the handles above are drawn. Given with the node's
 * width and height, they let the library draw every edge from the data alone. Without them it
 * draws an edge only once it has measured both ends in the page, and it forgets those measurements
 * each time the nodes are built again (every reload of the graph after a save): when the page was
 * slow, edges stayed undrawn.
 */
const NODE_HANDLES: NodeHandle[] = [
  {
    type: 'target',
    position: Position.Top,
    x: NODE_WIDTH / 2 - HANDLE / 2,
    y: -HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
  {
    type: 'source',
    position: Position.Bottom,
    x: NODE_WIDTH / 2 - HANDLE / 2,
    y: NODE_HEIGHT - HANDLE / 2,
    width: HANDLE,
    height: HANDLE,
  },
];

/** What an edge says: the type's label, "parent (read shape)" for a customer's own parent field. */
function edgeLabel(edge: RelationGraph['edges'][number], types: readonly RelationTypeLabel[]) {
  const what = edge.fromReadShape ? 'parent' : typeLabel(types, edge.relationType);
  if (edge.refused) return `${what} (refused)`;
  return edge.disabled ? `${what} (disabled)` : what;
}

/**
 * The customer in the middle, its parents above and its children below, each edge labelled with
 * its type; disabled relations dashed, refused ones dotted in the danger colour. Pan and zoom
 * with the mouse or the controls.
 */
export function RelationGraphView({
  graph,
  types,
}: {
  graph: RelationGraph;
  types: readonly RelationTypeLabel[];
}) {
  const { nodes, edges } = useMemo(() => {
    const placed = layoutGraph(graph);
    const nodes: CustomerNode[] = placed.map((node) => ({
      id: node.externalId,
      type: 'customer',
      position: { x: node.x, y: node.y },
      data: {
        externalId: node.externalId,
        name: node.name,
        center: node.externalId === graph.center,
      },
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      handles: NODE_HANDLES,
      draggable: false,
      selectable: false,
      focusable: false,
    }));
    const edges: Edge[] = graph.edges.map((edge) => ({
      id: edge.id,
      source: edge.parentExternalId,
      target: edge.childExternalId,
      label: edgeLabel(edge, types),
      className: [
        'relation-edge',
        edge.disabled ? 'is-disabled' : '',
        edge.refused ? 'is-refused' : '',
        edge.fromReadShape ? 'is-read-shape' : '',
      ]
        .filter(Boolean)
        .join(' '),
      focusable: false,
      selectable: false,
    }));
    return { nodes, edges };
  }, [graph, types]);

  return (
    <div className="relation-graph" data-testid="relation-graph">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={{ padding: 0.2, maxZoom: 1 }}
        minZoom={0.2}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        preventScrolling={false}
      >
        <Controls showInteractive={false} />
      </ReactFlow>
    </div>
  );
}
