// Relations between customers. relation_type refers to the service's RelationsTypes list; the
// sandbox's list is RELATION_TYPES. The parent is the source of the relation (the director, the
// owner, the parent company), the child its target.
import type { RelationRecord } from '../../model';
import { uuidFor } from '../rng';

export const RELATION_TYPES = {
  1: 'Spouse',
  2: 'Parent of',
  3: 'Sibling',
  4: 'Director of',
  5: 'Ultimate beneficial owner of',
  6: 'Shareholder of',
  7: 'Parent company of',
  8: 'Authorised signatory of',
  9: 'Business partner',
  10: 'Legal representative of',
} as const;
export type RelationType = keyof typeof RELATION_TYPES;

/** A relation of a customer with an earlier one, decided when the later customer is drawn. */
export interface Tie {
  type: RelationType;
  /** The earlier customer. */
  otherExternalId: string;
  /** Whether the new customer is the relation's source (parent side). */
  newIsParent: boolean;
  /** Share of ownership for owners and shareholders, in percent. */
  share?: number;
}

export function relationRecord(
  seed: number,
  externalId: string,
  tie: Tie,
  index: number,
): RelationRecord {
  const parent = tie.newIsParent ? externalId : tie.otherExternalId;
  const child = tie.newIsParent ? tie.otherExternalId : externalId;
  const fields: Record<string, unknown> = { label: RELATION_TYPES[tie.type] };
  if (tie.share !== undefined) fields.ownership_percent = tie.share;
  return {
    relation_external_id: `REL-${uuidFor(`${seed}:relation:${externalId}:${index}`).slice(0, 13).toUpperCase()}`,
    parent_customer_external_id: parent,
    child_customer_external_id: child,
    relation_type: tie.type,
    disabled: false,
    fields,
  };
}
