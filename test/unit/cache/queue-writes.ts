import type { CacheDb } from '../../../main/cache/open-cache';

// The writes the queue's property tests make to a cache, as SQL straight into its tables: an
// alert put (upserted) or deleted, a customer's name and review groups set.

export type QueueWrite =
  | {
      op: 'put';
      row: {
        id: string;
        customer: string;
        state: number;
        score: number;
        category: string;
        created: number;
        updated: number;
        agent: string;
      };
    }
  | { op: 'delete'; id: string }
  | { op: 'customer'; id: string; name: string; groups: string };

export function applyQueueWrite(db: CacheDb, step: QueueWrite): void {
  if (step.op === 'put') {
    const { row } = step;
    db.prepare(
      `INSERT INTO alerts (id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, raw)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT (id) DO UPDATE SET customer_external_id = excluded.customer_external_id,
         created_ms = excluded.created_ms, updated_ms = excluded.updated_ms, state = excluded.state,
         score = excluded.score, category = excluded.category, raw = excluded.raw`,
    ).run(
      row.id,
      row.customer,
      row.created,
      row.updated,
      row.state,
      row.score,
      row.category,
      JSON.stringify({ last_revision: { agent_id: row.agent } }),
    );
  } else if (step.op === 'delete') {
    db.prepare('DELETE FROM alerts WHERE id = ?').run(step.id);
  } else {
    db.prepare(
      `INSERT INTO customers (external_id, name, review_groups, raw) VALUES (?, ?, ?, '{}')
       ON CONFLICT (external_id) DO UPDATE SET name = excluded.name, review_groups = excluded.review_groups`,
    ).run(step.id, step.name, step.groups);
  }
}
