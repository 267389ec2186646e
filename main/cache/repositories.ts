import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import {
  displayName,
  listKey,
  storedInt,
  storedState,
  timestampMs,
  type AlertLike,
  type CustomerEventLike,
  type CustomerLike,
  type DocumentLike,
  type ThreadLike,
} from './records';

const htmlToText = (html: string): string =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/\s+/g, ' ')
    .trim();

const statusCode = (status: unknown): number | null => {
  if (typeof status === 'number') return storedInt(status);
  if (
    status &&
    typeof status === 'object' &&
    typeof (status as { code?: unknown }).code === 'number'
  ) {
    return storedInt((status as { code: number }).code);
  }
  return null;
};

const accountType = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as { code?: unknown }).code === 'string')
    return (value as { code: string }).code;
  return null;
};

/** The cache's writes, one statement per intent. */
const WRITES = {
  alert: `INSERT INTO alerts (id, customer_external_id, created_ms, updated_ms, state, score, category, revision_number, comment, raw)
       VALUES (@id, @customer, @created, @updated, @state, @score, @category, @revision, @comment, @raw)
       ON CONFLICT (id) DO UPDATE SET customer_external_id = excluded.customer_external_id, created_ms = excluded.created_ms,
         updated_ms = excluded.updated_ms, state = excluded.state, score = excluded.score, category = excluded.category,
         revision_number = excluded.revision_number, comment = excluded.comment, raw = excluded.raw`,
  customerBasic: `INSERT INTO customers (external_id, id, account_type, name, name_variations, review_groups, raw)
       VALUES (@external_id, @id, @account_type, @name, @variations, @groups, @raw)
       ON CONFLICT (external_id) DO UPDATE SET id = excluded.id, account_type = excluded.account_type, name = excluded.name,
         name_variations = excluded.name_variations, review_groups = excluded.review_groups, raw = excluded.raw`,
  customerDetail: `UPDATE customers SET detail_raw = @detail,
         stats_raw = CASE WHEN @statsRead THEN @stats ELSE stats_raw END,
         alerts_count = CASE WHEN @statsRead THEN @alerts ELSE alerts_count END,
         last_scan_date = CASE WHEN @statsRead THEN @lastScan ELSE last_scan_date END,
         detail_synced_ms = @at WHERE external_id = @external_id`,
  queueCustomer:
    'INSERT INTO customer_queue (external_id, queued_ms) VALUES (?, ?) ON CONFLICT (external_id) DO NOTHING',
  dequeueCustomer: 'DELETE FROM customer_queue WHERE external_id = ?',
  failCustomer:
    'UPDATE customer_queue SET attempts = attempts + 1, last_error = ? WHERE external_id = ?',
  thread: `INSERT INTO threads (id, created_ms, updated_ms, status, subject, message_count, raw)
       VALUES (@id, @created, @updated, @status, @subject, @count, @raw)
       ON CONFLICT (id) DO UPDATE SET created_ms = excluded.created_ms, updated_ms = excluded.updated_ms, status = excluded.status,
         subject = excluded.subject, message_count = excluded.message_count, raw = excluded.raw`,
  threadCustomer:
    'INSERT INTO thread_customers (thread_id, customer_external_id) VALUES (?, ?) ON CONFLICT DO NOTHING',
  clearThreadCustomers: 'DELETE FROM thread_customers WHERE thread_id = ?',
  message: `INSERT INTO messages (id, thread_id, created_ms, subject, content, raw) VALUES (@id, @thread, @created, @subject, @content, @raw)
       ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, created_ms = excluded.created_ms, subject = excluded.subject,
         content = excluded.content, raw = excluded.raw`,
  attachment: `INSERT INTO attachments (id, thread_id, message_id, file_name, file_mime, file_size, not_dangerous, raw)
       VALUES (@id, @thread, @message, @name, @mime, @size, @safe, @raw)
       ON CONFLICT (id) DO UPDATE SET thread_id = excluded.thread_id, message_id = COALESCE(excluded.message_id, attachments.message_id),
         file_name = excluded.file_name, file_mime = excluded.file_mime, file_size = excluded.file_size,
         not_dangerous = excluded.not_dangerous, raw = excluded.raw`,
  document: `INSERT INTO documents (id, customer_external_id, display_name, file_name, file_type, created_at, tags, raw)
       VALUES (@id, @customer, @display, @file, @type, @created, @tags, @raw)
       ON CONFLICT (id) DO UPDATE SET customer_external_id = excluded.customer_external_id, display_name = excluded.display_name,
         file_name = excluded.file_name, file_type = excluded.file_type, created_at = excluded.created_at, tags = excluded.tags, raw = excluded.raw`,
  documentsOf: 'SELECT id FROM documents WHERE customer_external_id = ?',
  deleteDocument: 'DELETE FROM documents WHERE id = ?',
  documentRaw: 'SELECT raw FROM documents WHERE id = ?',
  changeDocument: `UPDATE documents SET display_name = COALESCE(@display, display_name), tags = COALESCE(@tags, tags), raw = @raw
       WHERE id = @id`,
  event: `INSERT INTO timeline_events (id, customer_external_id, created_ms, event_type, raw) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET created_ms = excluded.created_ms, event_type = excluded.event_type, raw = excluded.raw`,
  setState:
    'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
} as const;

/**
 * Prepared writes of the cache, one function per intent. Upserts use ON CONFLICT … DO UPDATE (never
 * REPLACE), so rowids stay and the FTS triggers see real updates.
 */
export function createCacheWriter(db: CacheDb) {
  const s = (intent: keyof typeof WRITES) => prepared(db, WRITES[intent]);

  const putDocument = (document: DocumentLike, customer: string) => {
    s('document').run({
      id: document.id,
      customer: document.customer_external_id ?? customer,
      display: document.display_name ?? document.file_name ?? '',
      file: document.file_name ?? '',
      type: document.file_type ?? '',
      // A number is kept in its unit (document-queries reads both); a date as text becomes ms.
      created:
        typeof document.created_at === 'number'
          ? (storedInt(document.created_at) ?? 0)
          : timestampMs(document.created_at),
      tags: listKey(document.tags),
      raw: JSON.stringify(document),
    });
  };

  const putCustomerBasic = (customer: CustomerLike) => {
    s('customerBasic').run({
      external_id: customer.external_id,
      id: customer.id ?? null,
      account_type: accountType(customer.account_type),
      name: displayName(customer),
      variations: (customer.name_variations ?? []).map(displayName).filter(Boolean).join(' | '),
      groups: listKey(customer.review_groups),
      raw: JSON.stringify(customer),
    });
  };

  return {
    /** Alerts of one page, their last revisions kept as seen, and their customers queued for detail. */
    putAlerts(alerts: readonly AlertLike[], nowMs: number): void {
      const customers = new Set<string>();
      for (const alert of alerts) {
        const revision = alert.last_revision ?? {};
        const updated = timestampMs(revision.created_at) || timestampMs(alert.created_at);
        // Out-of-range scores and unknown states are kept (the raw JSON holds them as received) and
        // shown flagged; the columns hold what the STRICT schema can order and count.
        const number = storedInt(revision.revision_number) ?? 0;
        const state = storedState(revision.state);
        const score = storedInt(revision.score) ?? 0;
        const customer = alert.customer_external_id ?? '';
        s('alert').run({
          id: alert.id,
          customer,
          created: timestampMs(alert.created_at),
          updated,
          state,
          score,
          category: (revision.top_category ?? '').toLowerCase(),
          revision: number,
          comment: revision.comment ?? '',
          raw: JSON.stringify(alert),
        });
        if (customer) customers.add(customer);
      }
      for (const customer of customers) s('queueCustomer').run(customer, nowMs);
    },

    /** Threads of one page with their last message, attachments and linked customers. */
    putThreads(threads: readonly ThreadLike[], nowMs: number): void {
      for (const thread of threads) {
        const last = thread.last_message ?? null;
        s('thread').run({
          id: thread.id,
          created: timestampMs(thread.created_at),
          updated: timestampMs(thread.updated_at) || timestampMs(thread.created_at),
          status: statusCode(thread.status),
          subject: last?.subject ?? '',
          count: storedInt(thread.message_count) ?? 0,
          raw: JSON.stringify(thread),
        });
        s('clearThreadCustomers').run(thread.id);
        for (const customer of thread.customers ?? []) {
          putCustomerBasic(customer);
          s('threadCustomer').run(thread.id, customer.external_id);
          s('queueCustomer').run(customer.external_id, nowMs);
        }
        if (last) {
          s('message').run({
            id: last.id,
            thread: thread.id,
            created: timestampMs(last.created_at),
            subject: last.subject ?? '',
            content: htmlToText(last.content ?? '').slice(0, 20_000),
            raw: JSON.stringify(last),
          });
        }
        const fromMessage = new Set((last?.attachments ?? []).map((attachment) => attachment.id));
        for (const attachment of [...(thread.attachments ?? []), ...(last?.attachments ?? [])]) {
          s('attachment').run({
            id: attachment.id,
            thread: thread.id,
            message: fromMessage.has(attachment.id) ? (last?.id ?? null) : null,
            name: attachment.file_name ?? '',
            mime: attachment.file_mime ?? 'application/octet-stream',
            size: storedInt(attachment.file_size) ?? 0,
            safe:
              attachment.file_not_dangerous === undefined || attachment.file_not_dangerous === null
                ? null
                : attachment.file_not_dangerous
                  ? 1
                  : 0,
            raw: JSON.stringify(attachment),
          });
        }
      }
    },

    /**
     * A customer's detail, stats, timeline and the complete set of its documents, as fetched now.
     * Stats or documents that could not be read (null) leave what the cache holds of them.
     */
    putCustomerDetail(input: {
      customer: CustomerLike;
      detail: unknown;
      stats: { alerts?: number | null; last_scan_date?: string | null } | null;
      events: readonly CustomerEventLike[];
      documents: readonly DocumentLike[] | null;
      nowMs: number;
    }): void {
      putCustomerBasic(input.customer);
      s('customerDetail').run({
        external_id: input.customer.external_id,
        detail: JSON.stringify(input.detail),
        statsRead: input.stats ? 1 : 0,
        stats: input.stats ? JSON.stringify(input.stats) : null,
        alerts: storedInt(input.stats?.alerts),
        lastScan: input.stats?.last_scan_date ?? null,
        at: input.nowMs,
      });
      for (const event of input.events) {
        s('event').run(
          event.ID,
          input.customer.external_id,
          timestampMs(event.CreatedAt),
          event.EventType ?? '',
          JSON.stringify(event),
        );
      }
      if (input.documents) {
        const kept = new Set(input.documents.map((document) => document.id));
        for (const row of s('documentsOf').all(input.customer.external_id) as Array<{
          id: string;
        }>) {
          if (!kept.has(row.id)) s('deleteDocument').run(row.id);
        }
        for (const document of input.documents) putDocument(document, input.customer.external_id);
      }
      s('dequeueCustomer').run(input.customer.external_id);
    },

    /** One document as the service answered it (a delivered upload), beside its customer's others. */
    putDocument(document: DocumentLike): void {
      putDocument(document, document.customer_external_id ?? '');
    },

    /** A delivered edit: the columns and the raw record say the new values. */
    changeDocument(id: string, change: { display_name?: string; tag_codes?: string[] }): void {
      const row = s('documentRaw').get(id) as { raw: string } | undefined;
      if (!row) return;
      let raw: Record<string, unknown> = {};
      try {
        const parsed = JSON.parse(row.raw) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          raw = parsed as Record<string, unknown>;
      } catch {
        // A damaged record keeps only what is known now; the next sync brings it whole.
      }
      if (change.display_name !== undefined) raw.display_name = change.display_name;
      if (change.tag_codes !== undefined) raw.tags = change.tag_codes;
      s('changeDocument').run({
        id,
        display: change.display_name ?? null,
        tags: change.tag_codes === undefined ? null : listKey(change.tag_codes),
        raw: JSON.stringify(raw),
      });
    },

    /** A delivered delete. */
    removeDocument(id: string): void {
      s('deleteDocument').run(id);
    },

    customerFailed(externalId: string, reason: string): void {
      s('failCustomer').run(reason, externalId);
    },

    setState(key: string, value: unknown): void {
      s('setState').run(key, JSON.stringify(value));
    },
  };
}

export type CacheWriter = ReturnType<typeof createCacheWriter>;

/** Every revision of an alert seen by this cache, oldest first: the kept ones, then the last. */
export function alertRevisions(db: CacheDb, alertId: string): Array<Record<string, unknown>> {
  const kept = (
    prepared(
      db,
      'SELECT raw FROM alert_revisions WHERE alert_id = ? ORDER BY revision_number, created_ms',
    ).all(alertId) as Array<{ raw: string }>
  ).map((row) => JSON.parse(row.raw) as Record<string, unknown>);
  const current = prepared(db, 'SELECT raw FROM alerts WHERE id = ?').get(alertId) as
    { raw: string } | undefined;
  const last = current
    ? (JSON.parse(current.raw) as { last_revision?: Record<string, unknown> | null }).last_revision
    : null;
  return last ? [...kept, last] : kept;
}

export function readState<T>(db: CacheDb, key: string): T | null {
  const row = prepared(db, 'SELECT value FROM sync_state WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : null;
}
