import type {
  AlertRecord,
  AlertRevision,
  CustomerDetail,
  CustomerEvent,
  CustomerRecord,
  CustomerStats,
  DocumentRecord,
  MessageRecord,
  RelationRecord,
  ThreadRecord,
} from '../model';
import type { SandboxDb } from './open-sandbox-db';

/** `|a|b|`: lets a filter match one element of a list with LIKE '%|x|%'. */
export const listKey = (values: readonly string[]): string =>
  values.length ? `|${values.join('|')}|` : '';

export const customerName = (
  customer: Pick<
    CustomerRecord,
    'account_type' | 'first_name' | 'middle_name' | 'last_name' | 'company_name' | 'trading_name'
  >,
): string =>
  customer.account_type.code === 'F'
    ? customer.company_name || customer.trading_name
    : [customer.first_name, customer.middle_name, customer.last_name].filter(Boolean).join(' ');

export const toMs = (iso: string): number => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? ms : 0;
};

const MAX_SEARCH_TEXT_PER_MESSAGE = 4096;

function plainText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface AlertFilterData {
  customerName: string;
  assignedToMemberId: number | null;
  reviewGroups: string[];
  sanctionListId: number | null;
  sanctionListName: string;
}

/** Prepared writes shared by the tenant loader and the live operations. */
export function createTenantStore(db: SandboxDb) {
  const statements = {
    upsertCustomer: db.prepare(
      `INSERT INTO customers (external_id, id, name, json, detail_json, stats_json) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (external_id) DO UPDATE SET name = excluded.name, json = excluded.json,
         detail_json = excluded.detail_json, stats_json = excluded.stats_json`,
    ),
    insertEvent: db.prepare(
      'INSERT OR REPLACE INTO timeline_events (id, customer_external_id, created_ms, json) VALUES (?, ?, ?, ?)',
    ),
    upsertRelation: db.prepare(
      `INSERT INTO relations (relation_external_id, parent_external_id, child_external_id, json) VALUES (?, ?, ?, ?)
       ON CONFLICT (relation_external_id) DO UPDATE SET parent_external_id = excluded.parent_external_id,
         child_external_id = excluded.child_external_id, json = excluded.json`,
    ),
    upsertAlert: db.prepare(
      `INSERT INTO alerts (id, customer_external_id, customer_name, created_ms, updated_ms, state, score, category,
         assigned_to, review_groups, sanction_list_id, sanction_list_name, json)
       VALUES (@id, @customer, @name, @created, @updated, @state, @score, @category, @assigned, @groups, @listId, @listName, @json)
       ON CONFLICT (id) DO UPDATE SET updated_ms = excluded.updated_ms, state = excluded.state, score = excluded.score,
         category = excluded.category, assigned_to = excluded.assigned_to, review_groups = excluded.review_groups,
         customer_name = excluded.customer_name, json = excluded.json`,
    ),
    insertRevision: db.prepare(
      'INSERT OR REPLACE INTO alert_revisions (alert_id, revision_number, json) VALUES (?, ?, ?)',
    ),
    upsertThread: db.prepare(
      `INSERT INTO threads (id, created_ms, updated_ms, status, assigned_to, review_groups, tags, contacts,
         customer_keys, customer_names, search_text, json)
       VALUES (@id, @created, @updated, @status, @assigned, @groups, @tags, @contacts, @customers, @names, @text, @json)
       ON CONFLICT (id) DO UPDATE SET updated_ms = excluded.updated_ms, status = excluded.status,
         assigned_to = excluded.assigned_to, review_groups = excluded.review_groups, tags = excluded.tags,
         contacts = excluded.contacts, customer_keys = excluded.customer_keys, customer_names = excluded.customer_names,
         search_text = excluded.search_text, json = excluded.json`,
    ),
    insertMessage: db.prepare(
      'INSERT OR REPLACE INTO messages (id, thread_id, created_ms, json) VALUES (?, ?, ?, ?)',
    ),
    insertAttachment: db.prepare(
      'INSERT OR REPLACE INTO attachments (id, thread_id, file_name, file_mime, bytes) VALUES (?, ?, ?, ?, ?)',
    ),
    upsertDocument: db.prepare(
      `INSERT INTO documents (id, customer_external_id, display_name, file_name, file_type, created_at, tags, json, bytes, external_url)
       VALUES (@id, @customer, @display, @file, @type, @created, @tags, @json, @bytes, @external)
       ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, tags = excluded.tags, json = excluded.json`,
    ),
    threadText: db.prepare('SELECT search_text FROM threads WHERE id = ?'),
  };

  return {
    putCustomer(
      customer: CustomerRecord,
      detail: Omit<CustomerDetail, 'customer'>,
      stats: CustomerStats,
    ): void {
      statements.upsertCustomer.run(
        customer.external_id,
        customer.id,
        customerName(customer),
        JSON.stringify(customer),
        JSON.stringify(detail),
        JSON.stringify(stats),
      );
    },

    putEvent(event: CustomerEvent): void {
      statements.insertEvent.run(
        event.ID,
        event.CustomerExternalID,
        toMs(event.CreatedAt),
        JSON.stringify(event),
      );
    },

    putRelation(relation: RelationRecord): void {
      statements.upsertRelation.run(
        relation.relation_external_id,
        relation.parent_customer_external_id,
        relation.child_customer_external_id,
        JSON.stringify(relation),
      );
    },

    putAlert(
      alert: AlertRecord,
      revisions: readonly AlertRevision[],
      filters: AlertFilterData,
    ): void {
      const last = alert.last_revision;
      statements.upsertAlert.run({
        id: alert.id,
        customer: alert.customer_external_id,
        name: filters.customerName,
        created: toMs(alert.created_at),
        updated: toMs(last.created_at),
        state: last.state,
        score: last.score,
        category: last.top_category.toLowerCase(),
        assigned: filters.assignedToMemberId,
        groups: listKey(filters.reviewGroups),
        listId: filters.sanctionListId,
        listName: filters.sanctionListName,
        json: JSON.stringify(alert),
      });
      for (const revision of revisions) {
        statements.insertRevision.run(alert.id, revision.revision_number, JSON.stringify(revision));
      }
    },

    putThread(
      thread: ThreadRecord,
      messages: readonly MessageRecord[],
      assignedToMemberId: number | null,
      appendText = false,
    ): void {
      const text = messages
        .map((message) =>
          `${message.subject} ${plainText(message.content)}`.slice(0, MAX_SEARCH_TEXT_PER_MESSAGE),
        )
        .join('\n')
        .toLowerCase();
      const previous = appendText
        ? ((statements.threadText.get(thread.id) as { search_text: string } | undefined)
            ?.search_text ?? '')
        : '';
      statements.upsertThread.run({
        id: thread.id,
        created: toMs(thread.created_at),
        updated: toMs(thread.updated_at),
        status: thread.status.code,
        assigned: assignedToMemberId,
        groups: listKey(thread.review_groups),
        tags: listKey(thread.tags),
        contacts: thread.contacts.join(' ').toLowerCase(),
        customers: listKey(
          thread.customers.flatMap((customer) => [customer.external_id, customer.id]),
        ),
        names: thread.customers.map(customerName).join(' | ').toLowerCase(),
        text: previous ? `${previous}\n${text}` : text,
        json: JSON.stringify(thread),
      });
      for (const message of messages) {
        statements.insertMessage.run(
          message.id,
          thread.id,
          toMs(message.created_at),
          JSON.stringify(message),
        );
      }
    },

    putAttachment(
      threadId: string,
      id: string,
      fileName: string,
      mime: string,
      bytes: Uint8Array,
    ): void {
      statements.insertAttachment.run(id, threadId, fileName, mime, bytes);
    },

    putDocument(
      document: DocumentRecord,
      bytes: Uint8Array | null,
      externalUrl: string | null,
    ): void {
      statements.upsertDocument.run({
        id: document.id,
        customer: document.customer_external_id,
        display: document.display_name,
        file: document.file_name,
        type: document.file_type,
        created: document.created_at,
        tags: listKey(document.tags),
        json: JSON.stringify(document),
        bytes,
        external: externalUrl,
      });
    },
  };
}

export type TenantStore = ReturnType<typeof createTenantStore>;
