import { z } from 'zod';
import { nextMessage, nextRevision } from './generator';
import type { AlertRecord, AlertRevision, MessageRecord, ThreadRecord } from './model';
import type { OpContext } from './ops/common';

export const AdvanceRequest = z.object({
  /** New alerts, as a watchlist update would raise on existing customers. */
  alerts: z.number().int().min(0).max(10_000).default(0),
  /** New revisions of open alerts. */
  revisions: z.number().int().min(0).max(10_000).default(0),
  /** New messages on existing threads. */
  messages: z.number().int().min(0).max(10_000).default(0),
});
export type AdvanceRequest = z.input<typeof AdvanceRequest>;

export interface AdvanceResult {
  alerts: string[];
  revisions: string[];
  messages: string[];
  at: string;
}

/**
 * Moves the tenant forward so incremental sync has something to find: every change is stamped
 * later than anything already stored, and the changed ids are returned for tests to check.
 */
export function createAdvancer(context: OpContext) {
  let counter = 0;
  const latest = context.db.prepare(
    'SELECT MAX(m) AS m FROM (SELECT MAX(updated_ms) AS m FROM alerts UNION ALL SELECT MAX(updated_ms) FROM threads)',
  );
  const openAlerts = context.db.prepare(
    'SELECT json, customer_name, assigned_to, review_groups, sanction_list_id, sanction_list_name FROM alerts WHERE state IN (1, 2, 3) ORDER BY updated_ms, id LIMIT ?',
  );
  const someCustomers = context.db.prepare(
    'SELECT json, name FROM customers ORDER BY id LIMIT ? OFFSET ?',
  );
  const customerCount = context.db.prepare('SELECT COUNT(*) AS n FROM customers');
  const oldestThreads = context.db.prepare(
    'SELECT json, assigned_to FROM threads ORDER BY updated_ms, id LIMIT ?',
  );
  const revisionCount = context.db.prepare(
    'SELECT MAX(revision_number) AS n FROM alert_revisions WHERE alert_id = ?',
  );

  return function advance(request: AdvanceRequest): AdvanceResult {
    const spec = AdvanceRequest.parse(request);
    const floor = ((latest.get() as { m: number | null }).m ?? 0) + 1;
    const at = new Date(Math.max(context.now().getTime(), floor));
    const result: AdvanceResult = { alerts: [], revisions: [], messages: [], at: at.toISOString() };
    const splitGroups = (key: string) => key.split('|').filter(Boolean);

    context.db.transaction(() => {
      for (const row of openAlerts.all(spec.revisions) as Array<{
        json: string;
        customer_name: string;
        assigned_to: number | null;
        review_groups: string;
        sanction_list_id: number | null;
        sanction_list_name: string;
      }>) {
        const alert = JSON.parse(row.json) as AlertRecord;
        const revision: AlertRevision = {
          ...nextRevision(context.seed, alert, at),
          revision_number:
            ((revisionCount.get(alert.id) as { n: number | null }).n ??
              alert.last_revision.revision_number) + 1,
          created_at: at.toISOString(),
        };
        context.store.putAlert({ ...alert, last_revision: revision }, [revision], {
          customerName: row.customer_name,
          assignedToMemberId: row.assigned_to,
          reviewGroups: splitGroups(row.review_groups),
          sanctionListId: row.sanction_list_id,
          sanctionListName: row.sanction_list_name,
        });
        result.revisions.push(alert.id);
      }

      const customers = (customerCount.get() as { n: number }).n;
      for (let index = 0; index < spec.alerts && customers > 0; index += 1) {
        counter += 1;
        const row = someCustomers.get(1, (counter * 7919) % customers) as {
          json: string;
          name: string;
        };
        const customer = JSON.parse(row.json) as {
          external_id: string;
          revision_number: string;
          review_groups: string[];
        };
        const score = 40 + ((counter * 37) % 55);
        const iso = at.toISOString();
        const revision: AlertRevision = {
          id: context.newId('rev'),
          agent_id: '',
          comment: 'Watchlist update: new potential match',
          created_at: iso,
          customer_revision_id: customer.revision_number,
          profile_date: Math.floor(at.getTime() / 1000),
          revision_number: 1,
          score,
          state: 2,
          top_category: ['PEP', 'SAN', 'SIP', 'RCA_PEP'][counter % 4] ?? 'PEP',
        };
        const alert: AlertRecord = {
          id: context.newId('alert'),
          created_at: iso,
          customer_external_id: customer.external_id,
          profile_number: `WL-UPD-${context.seed}-${counter}`,
          last_revision: revision,
        };
        context.store.putAlert(alert, [revision], {
          customerName: row.name,
          assignedToMemberId: null,
          reviewGroups: customer.review_groups,
          sanctionListId: null,
          sanctionListName: '',
        });
        result.alerts.push(alert.id);
      }

      for (const [index, row] of (
        oldestThreads.all(spec.messages) as Array<{ json: string; assigned_to: number | null }>
      ).entries()) {
        const thread = JSON.parse(row.json) as ThreadRecord;
        const { message, attachmentBytes } = nextMessage(
          context.seed,
          thread,
          at,
          thread.message_count + index,
        );
        const stamped: MessageRecord = { ...message, created_at: at.toISOString() };
        const updated: ThreadRecord = {
          ...thread,
          updated_at: at.toISOString(),
          message_count: thread.message_count + 1,
          last_message: stamped,
          external_message_ids: [...thread.external_message_ids, stamped.external_message_id],
          attachments: [...thread.attachments, ...stamped.attachments],
        };
        context.store.putThread(updated, [stamped], row.assigned_to, true);
        for (const attachment of stamped.attachments) {
          const bytes = attachmentBytes.get(attachment.id);
          if (bytes)
            context.store.putAttachment(
              thread.id,
              attachment.id,
              attachment.file_name,
              attachment.file_mime,
              bytes,
            );
        }
        result.messages.push(thread.id);
      }
    })();
    return result;
  };
}
