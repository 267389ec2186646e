import type { QueueRow } from '../../preload/contract/review';
import { listValues } from './json-fields';
import type { CacheDb } from './open-cache';

interface AlertRowRecord {
  id: string;
  customer_external_id: string;
  state: number;
  score: number;
  category: string;
  created_ms: number;
  updated_ms: number;
  revision_number: number;
  agent_id: string | number | null;
  customer_name: string;
  review_groups: string;
}

// json_valid first: json_extract on a damaged raw value is an SQL error, which would fail the
// whole list for one bad record.
const SELECT_ROWS = `
  SELECT a.id, a.customer_external_id, a.state, a.score, a.category, a.created_ms, a.updated_ms, a.revision_number,
         CASE WHEN json_valid(a.raw) THEN json_extract(a.raw, '$.last_revision.agent_id') END AS agent_id,
         COALESCE(c.name, '') AS customer_name, COALESCE(c.review_groups, '') AS review_groups
  FROM alerts a LEFT JOIN customers c ON c.external_id = a.customer_external_id
  WHERE a.customer_external_id = ? AND a.id IS NOT ?
  ORDER BY a.updated_ms DESC, a.id DESC
  LIMIT ?`;

function queueRow(row: AlertRowRecord): QueueRow {
  return {
    id: row.id,
    customerExternalId: row.customer_external_id,
    customerName: row.customer_name,
    category: row.category,
    score: row.score,
    state: row.state,
    createdAt: new Date(row.created_ms).toISOString(),
    updatedAt: new Date(row.updated_ms).toISOString(),
    reviewGroups: listValues(row.review_groups),
    agentId: row.agent_id === null ? '' : String(row.agent_id),
    revisionNumber: row.revision_number,
  };
}

/** One customer's cached alerts as queue rows, most recently updated first. */
export function customerAlertRows(
  db: CacheDb,
  customerExternalId: string,
  options: { exceptId?: string; limit: number },
): QueueRow[] {
  return (
    db
      .prepare(SELECT_ROWS)
      .all(customerExternalId, options.exceptId ?? null, options.limit) as AlertRowRecord[]
  ).map(queueRow);
}
