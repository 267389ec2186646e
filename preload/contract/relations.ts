import { z } from 'zod';
import { method } from './define';
import { Id } from './common';
import { RelationDraft, type SaveReport } from './customers';

// Customer-to-customer relations CaseDesk saved. The interface saves relations (POST
// /customers/save) but has no call to read them back: the profile's local store keeps each one
// saved (kind `customer.relation`), and the customer pages and the graph read them from there,
// together with the parent named by the customers' own read shape.

export interface KeptRelation {
  relationExternalId: string;
  parentExternalId: string;
  childExternalId: string;
  /** The interface's integer (RelationsTypes); its label comes from the profile's list. */
  relationType: number | null;
  disabled: boolean;
  fields: Record<string, unknown>;
  /**
   * `saved`: the service took it; `queued`: waiting in the outbox; `refused`: the outbox delivered
   * it and the service refused it (`refusal` says why): not saved until edited and saved again.
   */
  state: 'saved' | 'queued' | 'refused';
  savedAt: string;
  /** The service's words for a `refused` relation. */
  refusal?: string;
}

/** The profile's labels for the interface's relation types (the interface names the list, not its values). */
export const RelationTypeLabel = z
  .object({
    value: z.number().int(),
    label: z.string().trim().min(1).max(100),
  })
  .strict();
export type RelationTypeLabel = z.infer<typeof RelationTypeLabel>;

export interface RelationGraphNode {
  externalId: string;
  /** The cached name, or '' when the customer is not in the cache. */
  name: string;
  /** Steps from the customer the graph is about (0 for it). */
  distance: number;
}

export interface RelationGraphEdge {
  /** The relation's external id, or `parent_external_id:<child>` for a read-shape parent link. */
  id: string;
  parentExternalId: string;
  childExternalId: string;
  relationType: number | null;
  /** From a customer's `parent_external_id` (read shape) rather than a saved relation. */
  fromReadShape: boolean;
  disabled: boolean;
  /** A kept relation the service refused when it was delivered: not a link the service holds. */
  refused?: boolean;
}

export interface RelationGraph {
  center: string;
  nodes: RelationGraphNode[];
  edges: RelationGraphEdge[];
  /** More customers were reachable than the graph shows. */
  cut: boolean;
}

export const relationsMethods = {
  /** Relations kept for a customer, as parent or child. */
  list: method<KeptRelation[]>()(z.object({ externalId: Id }).strict()),
  /** The customer's parents, children and relations, up to `depth` steps away. */
  graph: method<RelationGraph>()(
    z
      .object({
        externalId: Id,
        depth: z.number().int().min(1).max(4).default(2),
        limit: z.number().int().min(2).max(500).default(150),
      })
      .strict(),
  ),
  /** Verifies with the service first (verify_input) and answers that report when a line failed; else saves and keeps it. */
  save: method<SaveReport>()(
    z.object({ relation: RelationDraft, verifyOnly: z.boolean().default(false) }).strict(),
  ),
  types: method<RelationTypeLabel[]>()(z.undefined()),
  setTypes: method<RelationTypeLabel[]>()(
    z.object({ types: z.array(RelationTypeLabel).max(200) }).strict(),
  ),
};
