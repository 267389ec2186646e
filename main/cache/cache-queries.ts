import type { CacheDb } from './open-cache';
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
  press_reports: 'SELECT raw FROM press_reports ORDER BY id',
  kyt_transactions: 'SELECT raw FROM kyt_transactions ORDER BY id',
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
    (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  const counts = Object.fromEntries(Object.keys(EXPORTABLE).map((table) => [table, count(table)]));
  const cursors = Object.fromEntries(
    (
      db.prepare("SELECT key, value FROM sync_state WHERE key LIKE '%.cursor'").all() as Array<{
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
  for (const row of db.prepare(EXPORTABLE[entity]).iterate() as Iterable<{
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

export interface SearchHit {
  kind: 'customer' | 'alert' | 'message' | 'document';
  id: string;
  title: string;
  detail: string;
}

/** The text as FTS5 prefix terms, each quoted so user input can never be query syntax. */
export function ftsQuery(text: string): string | null {
  const terms = text
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return terms.length ? terms.map((term) => `"${term.replace(/"/g, '""')}"*`).join(' ') : null;
}

/** Cached search over customers, alerts, messages and documents, best matches of each kind first. */
export function searchCache(db: CacheDb, text: string, perKind = 10): SearchHit[] {
  const query = ftsQuery(text);
  if (!query) return [];
  // Ranking every match is what makes search slow at scale (a short prefix matches a quarter of a
  // million rows): rank only the first matches the index yields, then keep the best of those.
  const ranked = text.trim().length >= 3;
  const candidates = ranked ? RANKED_CANDIDATES : perKind;
  const best = (fts: string) =>
    `SELECT rowid, score FROM (SELECT rowid, ${ranked ? `bm25(${fts})` : '0'} AS score FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${candidates}) ORDER BY score LIMIT ?`;
  // One group per kind, best first; the ORDER BY keeps the rank order through the join.
  return SEARCH_GROUPS.flatMap((group) =>
    (
      db
        .prepare(
          `SELECT t.${group.id} AS id, t.${group.title} AS title, t.${group.detail} AS detail
           FROM (SELECT rowid, score FROM (${best(group.fts)})) f JOIN ${group.table} t ON t.rowid = f.rowid ORDER BY f.score`,
        )
        .all(query, perKind) as Array<{ id: string; title: string; detail: string }>
    ).map((row) => ({
      kind: group.kind,
      id: row.id,
      title: row.title ?? '',
      detail: row.detail ?? '',
    })),
  );
}

const SEARCH_GROUPS: ReadonlyArray<{
  kind: SearchHit['kind'];
  table: string;
  fts: string;
  id: string;
  title: string;
  detail: string;
}> = [
  {
    kind: 'customer',
    table: 'customers',
    fts: 'customers_fts',
    id: 'external_id',
    title: 'name',
    detail: 'name_variations',
  },
  {
    kind: 'alert',
    table: 'alerts',
    fts: 'alerts_fts',
    id: 'id',
    title: 'customer_external_id',
    detail: 'comment',
  },
  {
    kind: 'message',
    table: 'messages',
    fts: 'messages_fts',
    id: 'id',
    title: 'subject',
    detail: 'thread_id',
  },
  {
    kind: 'document',
    table: 'documents',
    fts: 'documents_fts',
    id: 'id',
    title: 'display_name',
    detail: 'customer_external_id',
  },
];
