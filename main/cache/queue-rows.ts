import type { QueueRow } from '../../preload/contract';
import { isoOrNull, listValues } from './json-fields';

/**
 * The columns of a queue row: the alert `a` and its customer `c`, which may not be cached yet. The
 * agent is migration 002's generated column, which reads a damaged raw value as unassigned.
 */
export const QUEUE_ROW_SELECT = `SELECT a.rowid AS row_id, a.id, a.customer_external_id, CASE WHEN c.external_id IS NULL THEN ''
  ELSE COALESCE(NULLIF(c.name, ''), c.external_id) END AS customer_name,
  a.category, a.score, a.state, a.created_ms, a.updated_ms, COALESCE(c.review_groups, '') AS review_groups,
  a.agent_id, a.revision_number
FROM alerts a LEFT JOIN customers c ON c.external_id = a.customer_external_id`;

export interface QueueRowRecord {
  row_id: number;
  id: string;
  customer_external_id: string;
  customer_name: string;
  category: string;
  score: number;
  state: number;
  created_ms: number;
  updated_ms: number;
  review_groups: string;
  agent_id: string;
  revision_number: number;
}

export function queueRow(record: QueueRowRecord): QueueRow {
  return {
    id: record.id,
    customerExternalId: record.customer_external_id,
    customerName: record.customer_name,
    category: record.category,
    score: record.score,
    state: record.state,
    // 0 is the writer's unknown date: empty, which the screens show as "—", never as 1970.
    createdAt: isoOrNull(record.created_ms) ?? '',
    updatedAt: isoOrNull(record.updated_ms) ?? '',
    reviewGroups: listValues(record.review_groups),
    agentId: record.agent_id,
    revisionNumber: record.revision_number,
    // The investigator's work is in the local store, not the cache: the bridge says it.
    work: null,
  };
}
