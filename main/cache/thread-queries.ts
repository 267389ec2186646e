import type { z } from 'zod';
import type {
  ThreadFacets,
  ThreadFilterInput,
  ThreadListInput,
  ThreadPage,
  ThreadRow,
} from '../../preload/contract';
import { ftsQuery } from './cache-queries';
import { isoOrNull, listValues } from './json-fields';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import { containsFolded } from './text-fold';

type ListQuery = z.output<typeof ThreadListInput>;

const DAY_MS = 86_400_000;

/** The first millisecond of a YYYY-MM-DD day in UTC. */
const dayStart = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

interface Condition {
  where: string[];
  params: Array<string | number>;
  /** A filter that matches nothing (no such customer, content without a word): no query needed. */
  impossible: boolean;
}

/** Threads linked to the customer with this external id, or to one whose name holds the text. */
function customerThreads(db: CacheDb, customer: string): string[] {
  const named = containsFolded(db, 'c.name', customer);
  return (
    prepared(
      db,
      `SELECT DISTINCT tc.thread_id AS id FROM thread_customers tc WHERE tc.customer_external_id IN (
           SELECT ? UNION ALL SELECT c.external_id FROM customers c INDEXED BY customers_by_name WHERE ${named.sql})`,
    ).all(customer, named.param) as Array<{ id: string }>
  ).map((row) => row.id);
}

/**
 * The filter as conditions on `thread_list l`, each answered from its covering index. The customer
 * filter is resolved to thread ids first, once: matching names means scanning every customer's,
 * which the count and the page would otherwise both do.
 */
function conditions(db: CacheDb, filter: ThreadFilterInput): Condition {
  const where: string[] = [];
  const params: Array<string | number> = [];
  let impossible = false;
  const anyOf = (column: string, values: readonly string[] | undefined) => {
    if (!values?.length) return;
    where.push(`(${values.map(() => `instr(${column}, '|' || ? || '|') > 0`).join(' OR ')})`);
    params.push(...values);
  };
  const among = (ids: string[]) => {
    if (ids.length === 0) impossible = true;
    where.push('l.thread_id IN (SELECT value FROM json_each(?))');
    params.push(JSON.stringify(ids));
  };
  if (filter.status !== undefined) {
    where.push('l.status = ?');
    params.push(filter.status);
  }
  anyOf('l.tags', filter.tags);
  anyOf('l.review_groups', filter.reviewGroups);
  if (filter.contact) {
    const contains = containsFolded(db, 'l.contacts', filter.contact);
    where.push(contains.sql);
    params.push(contains.param);
  }
  if (filter.customer) among(customerThreads(db, filter.customer));
  if (filter.content) {
    const query = ftsQuery(filter.content);
    if (query === null) impossible = true;
    where.push(`l.thread_id IN (SELECT m.thread_id FROM messages_fts f JOIN messages m ON m.rowid = f.rowid
      WHERE messages_fts MATCH ?)`);
    params.push(query ?? '');
  }
  const range = (column: string, from: string | undefined, to: string | undefined) => {
    if (from) {
      where.push(`${column} >= ?`);
      params.push(dayStart(from));
    }
    if (to) {
      where.push(`${column} < ?`);
      params.push(dayStart(to) + DAY_MS);
    }
  };
  range('l.created_ms', filter.createdFrom, filter.createdTo);
  range('l.updated_ms', filter.updatedFrom, filter.updatedTo);
  return { where, params, impossible };
}

/** A page of the cached threads matching the thread search's filters, most recently updated first. */
export function threadPage(db: CacheDb, query: ListQuery): ThreadPage {
  const { where, params, impossible } = conditions(db, query.filter);
  if (impossible) return { total: 0, offset: query.offset, rows: [] };
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = (
    prepared(db, `SELECT COUNT(*) AS n FROM thread_list l ${clause}`).get(...params) as {
      n: number;
    }
  ).n;
  const ids =
    query.offset >= total
      ? []
      : (
          prepared(
            db,
            `SELECT l.thread_id AS id FROM thread_list l INDEXED BY thread_list_by_updated ${clause}
               ORDER BY l.updated_ms DESC, l.thread_id DESC LIMIT ? OFFSET ?`,
          ).all(...params, query.limit, query.offset) as Array<{ id: string }>
        ).map((row) => row.id);
  return { total, offset: query.offset, rows: threadRows(db, ids) };
}

interface ThreadRowRecord {
  id: string;
  subject: string;
  status: number | null;
  status_label: string | null;
  message_count: number;
  created_ms: number;
  updated_ms: number;
  tags: string | null;
  review_groups: string | null;
  contacts: string | null;
  last_from: string | null;
  attachment_count: number;
}

/**
 * The label of a thread's status object. The interface leaves that object unexplained; where it
 * carries a text label or name, that is what a person should read instead of a bare code.
 */
const STATUS_LABEL = `(CASE WHEN json_valid(t.raw) THEN COALESCE(
    CASE WHEN json_type(t.raw, '$.status.label') = 'text' THEN json_extract(t.raw, '$.status.label') END,
    CASE WHEN json_type(t.raw, '$.status.name') = 'text' THEN json_extract(t.raw, '$.status.name') END) END)`;

/** The list rows of these threads, in the order given; ids not in the cache are left out. */
export function threadRows(db: CacheDb, ids: readonly string[]): ThreadRow[] {
  if (ids.length === 0) return [];
  const list = JSON.stringify(ids);
  const records = prepared(
    db,
    `SELECT t.id, t.subject, t.status, ${STATUS_LABEL} AS status_label, t.message_count, t.created_ms, t.updated_ms,
              l.tags, l.review_groups, l.contacts, l.last_from,
              (SELECT COUNT(*) FROM attachments a WHERE a.thread_id = t.id) AS attachment_count
       FROM threads t LEFT JOIN thread_list l ON l.thread_id = t.id
       WHERE t.id IN (SELECT value FROM json_each(?))`,
  ).all(list) as ThreadRowRecord[];
  const customers = new Map<string, Array<{ externalId: string; name: string }>>();
  for (const link of prepared(
    db,
    `SELECT tc.thread_id, tc.customer_external_id, COALESCE(c.name, '') AS name
       FROM thread_customers tc LEFT JOIN customers c ON c.external_id = tc.customer_external_id
       WHERE tc.thread_id IN (SELECT value FROM json_each(?))
       ORDER BY tc.thread_id, name, tc.customer_external_id`,
  ).all(list) as Array<{ thread_id: string; customer_external_id: string; name: string }>) {
    const linked = customers.get(link.thread_id) ?? [];
    linked.push({ externalId: link.customer_external_id, name: link.name });
    customers.set(link.thread_id, linked);
  }
  const byId = new Map(records.map((record) => [record.id, record]));
  return ids.flatMap((id) => {
    const record = byId.get(id);
    if (!record) return [];
    return [
      {
        id: record.id,
        subject: record.subject,
        status: record.status,
        statusLabel: record.status_label ?? '',
        contacts: record.contacts ? record.contacts.split('\n') : [],
        tags: listValues(record.tags),
        reviewGroups: listValues(record.review_groups),
        customers: customers.get(id) ?? [],
        messageCount: record.message_count,
        lastFrom: record.last_from ?? '',
        attachmentCount: record.attachment_count,
        createdAt: isoOrNull(record.created_ms),
        updatedAt: isoOrNull(record.updated_ms),
      },
    ];
  });
}

/** Statuses, tags and review groups of the cached threads: the thread filters' choices. */
export function threadFacets(db: CacheDb): ThreadFacets {
  const labelOf = prepared(
    db,
    `SELECT ${STATUS_LABEL} AS label FROM threads t WHERE t.status = ? AND ${STATUS_LABEL} IS NOT NULL LIMIT 1`,
  );
  const statuses = (
    prepared(
      db,
      'SELECT DISTINCT status FROM thread_list WHERE status IS NOT NULL ORDER BY status',
    ).all() as Array<{ status: number }>
  ).map((row) => ({
    code: row.status,
    label: (labelOf.get(row.status) as { label: string } | undefined)?.label ?? '',
  }));
  const distinct = (column: 'tags' | 'review_groups') => {
    const values = new Set<string>();
    for (const row of prepared(
      db,
      `SELECT DISTINCT ${column} AS list FROM thread_list`,
    ).all() as Array<{ list: string }>)
      for (const value of listValues(row.list)) values.add(value);
    return [...values].sort((a, b) => a.localeCompare(b));
  };
  return { statuses, tags: distinct('tags'), reviewGroups: distinct('review_groups') };
}
