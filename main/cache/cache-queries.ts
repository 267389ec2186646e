import type { SearchHitView, SearchKind } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { readState } from './repositories';

export const EXPORTABLE = {
  customers: 'SELECT raw, detail_raw, stats_raw FROM customers ORDER BY external_id',
  alerts: 'SELECT raw FROM alerts ORDER BY id',
  alert_revisions: 'SELECT raw FROM alert_revisions ORDER BY alert_id, revision_number',
  threads: 'SELECT raw FROM threads ORDER BY id',
  messages: 'SELECT raw FROM messages ORDER BY thread_id, created_ms, id',
  attachments: 'SELECT raw FROM attachments ORDER BY id',
  documents: 'SELECT raw FROM documents ORDER BY id',
  timeline_events: 'SELECT raw FROM timeline_events ORDER BY customer_external_id, created_ms, id',
  relations: 'SELECT raw FROM relations ORDER BY relation_external_id',
} as const;
export type ExportableEntity = keyof typeof EXPORTABLE;

export interface CacheStatus {
  counts: Record<string, number>;
  customersAwaitingDetail: number;
  cursors: Record<string, unknown>;
  lastSync: unknown;
}

export function cacheStatus(db: CacheDb): CacheStatus {
  const count = (table: string) =>
    (prepared(db, `SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const counts = Object.fromEntries(Object.keys(EXPORTABLE).map((table) => [table, count(table)]));
  const cursors = Object.fromEntries(
    (
      prepared(db, "SELECT key, value FROM sync_state WHERE key LIKE '%.cursor'").all() as Array<{
        key: string;
        value: string;
      }>
    ).map((row) => [row.key, JSON.parse(row.value) as unknown]),
  );
  return {
    counts,
    customersAwaitingDetail: count('customer_queue'),
    cursors,
    lastSync: readState(db, 'sync.last'),
  };
}

/**
 * Every cached record of one entity, one object at a time (never the whole table in memory).
 * Customers come with their detail and stats.
 */
export function* exportRecords(
  db: CacheDb,
  entity: ExportableEntity,
): Generator<Record<string, unknown>> {
  for (const row of prepared(db, EXPORTABLE[entity]).iterate() as Iterable<{
    raw: string;
    detail_raw?: string | null;
    stats_raw?: string | null;
  }>) {
    const record = JSON.parse(row.raw) as Record<string, unknown>;
    if (entity === 'customers') {
      yield {
        ...record,
        detail: row.detail_raw ? (JSON.parse(row.detail_raw) as unknown) : null,
        stats: row.stats_raw ? (JSON.parse(row.stats_raw) as unknown) : null,
      };
    } else {
      yield record;
    }
  }
}

/** How many of the first matches are ranked; enough for the best to surface, few enough to stay fast. */
const RANKED_CANDIDATES = 250;

export type SearchHit = SearchHitView;

/**
 * The text as FTS5 prefix terms, each quoted so user input can never be query syntax. Terms
 * shorter than `wholeBelow` characters match whole words only: the start of a word one to three
 * letters long names a large part of a big index's words, and reading all of their documents
 * costs 5-10 ms at a million alerts for three letters and up to a hundred for one (there is no
 * index of one-letter prefixes), where a whole word costs a fraction of one.
 */
export function ftsQuery(text: string, wholeBelow = 0): string | null {
  const terms = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return terms.length
    ? terms
        .map((term) => `"${term.replace(/"/g, '""')}"${[...term].length < wholeBelow ? '' : '*'}`)
        .join(' ')
    : null;
}

/** From this many characters a word typed in the search is the start of words in big indexes. */
const BIG_INDEX_PREFIX = 4;

/**
 * Cached search over customers, alerts, threads, messages and documents: hits grouped by kind,
 * best first within each, each titled for a person to read and carrying where it lives.
 */
export function searchCache(db: CacheDb, text: string, perKind = 10): SearchHit[] {
  const query = ftsQuery(text);
  const bigQuery = ftsQuery(text, BIG_INDEX_PREFIX);
  const prefix = idPrefix(text);
  if (!query && !prefix) return [];
  // Ranking every match is what makes search slow at scale (a short prefix matches a quarter of a
  // million rows): rank only the first matches the index yields, then keep the best of those.
  const ranked = text.trim().length >= 3;
  const candidates = ranked ? RANKED_CANDIDATES : perKind;
  const best = (fts: string) =>
    `SELECT rowid, score FROM (SELECT rowid, ${ranked ? `bm25(${fts})` : '0'} AS score FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${candidates}) ORDER BY score LIMIT ?`;
  // One group per kind, best first; the ORDER BY keeps the rank order through the joins, which
  // run for the few hits kept only. Prepared once per connection: the search runs per keystroke.
  return SEARCH_GROUPS.flatMap((group) => {
    const select = (from: string) =>
      `SELECT ${group.columns} FROM (${from}) f JOIN ${group.table} t ON t.rowid = f.rowid ${group.joins ?? ''} ORDER BY f.score`;
    // An id as shown on screen, whole or its start: found first, ahead of any text match.
    const byId =
      prefix && group.idColumn
        ? idVariants(prefix).flatMap(
            (variant) =>
              prepared(
                db,
                select(
                  `SELECT rowid, 0 AS score FROM ${group.table} WHERE ${group.idColumn} >= ? AND ${group.idColumn} < ? ORDER BY ${group.idColumn} LIMIT ?`,
                ),
              ).all(variant, `${variant}\u{10FFFF}`, perKind) as HitRecord[],
          )
        : [];
    const asked = group.big ? bigQuery : query;
    const byText = asked
      ? (prepared(db, select(best(group.fts))).all(asked, perKind) as HitRecord[])
      : [];
    const seen = new Set<string>();
    return [...byId, ...byText]
      .map((row): SearchHit => ({ kind: group.kind, ...group.hit(row) }))
      .filter((hit) => !seen.has(hit.id) && Boolean(seen.add(hit.id)))
      .slice(0, perKind);
  });
}

/** What may be the start of an id: one word of text, as typed or pasted (surrounding space aside). */
function idPrefix(text: string): string | null {
  const trimmed = text.trim();
  return trimmed.length >= 2 && trimmed.length <= 200 && !/\s/.test(trimmed) ? trimmed : null;
}

/** Ids are matched by their index, which is case-sensitive: the text as typed, upper and lower case. */
const idVariants = (prefix: string): string[] => [
  ...new Set([prefix, prefix.toUpperCase(), prefix.toLowerCase()]),
];

type HitRecord = Record<string, string | number | null>;

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
/** The parts that say something, joined. */
const line = (...parts: string[]) => parts.filter(Boolean).join(' · ');

const SEARCH_GROUPS: ReadonlyArray<{
  kind: SearchKind;
  fts: string;
  /** The record's table, read as `t`. */
  table: string;
  /** Its indexed id column, searched by prefix: the id the screens show. */
  idColumn?: string;
  /** A row per alert or message (a million and more): short words match whole words there. */
  big?: boolean;
  /** What else its hit shows, joined to `t`. */
  joins?: string;
  columns: string;
  hit: (row: HitRecord) => Omit<SearchHit, 'kind'>;
}> = [
  {
    kind: 'customer',
    fts: 'customers_fts',
    table: 'customers',
    idColumn: 'external_id',
    columns: 't.external_id, t.name, t.name_variations',
    hit: (row) => ({
      id: text(row.external_id),
      title: text(row.name) || text(row.external_id),
      detail: line(text(row.external_id), text(row.name_variations)),
      threadId: null,
      customerExternalId: text(row.external_id),
    }),
  },
  {
    // An alert is known by its customer and category ("Anna Berg · PEP"), not by its id.
    kind: 'alert',
    fts: 'alerts_fts',
    big: true,
    table: 'alerts',
    idColumn: 'id',
    joins: 'LEFT JOIN customers c ON c.external_id = t.customer_external_id',
    columns: 't.id, t.customer_external_id, t.category, t.comment, c.name',
    hit: (row) => ({
      id: text(row.id),
      title:
        line(text(row.name) || text(row.customer_external_id), text(row.category).toUpperCase()) ||
        text(row.id),
      detail: text(row.comment),
      threadId: null,
      customerExternalId: text(row.customer_external_id) || null,
    }),
  },
  {
    kind: 'thread',
    fts: 'threads_fts',
    table: 'threads',
    // The index holds the contacts, tags and first customer as text: no JSON read per hit.
    joins: 'JOIN threads_fts x ON x.rowid = t.rowid',
    columns: 't.id, t.subject, x.contacts, x.tags, x.customer',
    hit: (row) => ({
      id: text(row.id),
      title: text(row.subject) || '(no subject)',
      detail: line(text(row.contacts), text(row.tags)),
      threadId: text(row.id),
      customerExternalId: text(row.customer) || null,
    }),
  },
  {
    kind: 'message',
    fts: 'messages_fts',
    big: true,
    table: 'messages',
    // Said by its thread's contacts and its date: a message's raw JSON holds the whole mail, far
    // too much to parse per keystroke for its sender.
    joins: `LEFT JOIN threads th ON th.id = t.thread_id LEFT JOIN threads_fts x ON x.rowid = th.rowid`,
    columns: 't.id, t.thread_id, t.subject, t.created_ms, x.contacts, x.customer',
    hit: (row) => ({
      id: text(row.id),
      title: text(row.subject) || '(no subject)',
      detail: line(
        text(row.contacts),
        Number(row.created_ms) > 0
          ? new Date(Number(row.created_ms)).toISOString().slice(0, 10)
          : '',
      ),
      threadId: text(row.thread_id) || null,
      customerExternalId: text(row.customer) || null,
    }),
  },
  {
    kind: 'document',
    fts: 'documents_fts',
    table: 'documents',
    joins: 'LEFT JOIN customers c ON c.external_id = t.customer_external_id',
    columns: 't.id, t.display_name, t.file_name, t.customer_external_id, c.name',
    hit: (row) => ({
      id: text(row.id),
      title: text(row.display_name) || text(row.file_name),
      detail: line(text(row.name) || text(row.customer_external_id), text(row.file_name)),
      threadId: null,
      customerExternalId: text(row.customer_external_id) || null,
    }),
  },
];
