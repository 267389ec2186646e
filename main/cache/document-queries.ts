import type { DocumentView } from '../../preload/contract';
import { displayText, isoOrNull, listValues, numberOrNull, parseObject, text } from './json-fields';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import { containsFolded } from './text-fold';

/**
 * Every filter of the service's document search, answered from the cache. An absent, empty text
 * or empty list filter does not narrow the result.
 */
export interface DocumentFilter {
  /** Exact external id of the document's customer. */
  customerExternalId?: string;
  /**
   * Part of the display name, in any case. The service does not say how it matches names; a
   * case-insensitive substring is what an investigator typing part of a name expects.
   */
  displayName?: string;
  /** Part of the file name, in any case (as displayName). */
  fileName?: string;
  /** Any of these file types, in any case. */
  fileTypes?: readonly string[];
  /** Unix seconds, inclusive, like the service's min_created_at. */
  createdFrom?: number;
  /** Unix seconds, inclusive, like the service's max_created_at. */
  createdTo?: number;
  /** Any of these tags, exactly. */
  tags?: readonly string[];
}

export interface DocumentPageQuery {
  filter: DocumentFilter;
  offset: number;
  limit: number;
}

export interface DocumentPage {
  /** How many documents match, whatever the page. */
  total: number;
  offset: number;
  rows: DocumentView[];
}

/**
 * A document's created_at in milliseconds. The cache keeps it as the service sent it, with no unit
 * in the spec (its document search takes Unix seconds): a value too large for seconds is read as
 * milliseconds. The customer's page and the document search read it through here alike.
 */
const MILLISECONDS_FROM = 100_000_000_000;
export const CREATED_MS = `(CASE WHEN created_at > ${MILLISECONDS_FROM} THEN created_at ELSE created_at * 1000 END)`;
const createdAt = (value: number): string | null =>
  isoOrNull(value > MILLISECONDS_FROM ? value : value * 1000);

/** File types are extensions: ASCII case folding, the same as SQLite's lower(). */
const asciiLower = (value: string): string =>
  value.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

export interface DocumentRow {
  id: string;
  customer_external_id: string;
  display_name: string;
  file_name: string;
  file_type: string;
  created_at: number;
  tags: string;
  raw: string;
}

/** A cached document as the screens show it; damaged raw JSON leaves its extra fields empty. */
export function documentView(row: DocumentRow): DocumentView {
  const document = parseObject(row.raw) ?? {};
  return {
    id: row.id,
    customerExternalId: row.customer_external_id,
    displayName: row.display_name,
    fileName: row.file_name,
    fileType: row.file_type,
    fileMime: text(document.file_mime),
    fileSize: numberOrNull(document.file_size) ?? 0,
    source: displayText(document.file_source),
    fileUrl: text(document.file_url),
    createdAt: createdAt(row.created_at),
    tags: listValues(row.tags),
  };
}

function conditions(db: CacheDb, filter: DocumentFilter): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.customerExternalId) {
    clauses.push('customer_external_id = ?');
    params.push(filter.customerExternalId);
  }
  // instr, unlike LIKE, gives `%`, `_` and `\` in what the user typed no meaning.
  for (const [column, needle] of [
    ['display_name', filter.displayName],
    ['file_name', filter.fileName],
  ] as const) {
    if (!needle) continue;
    const contains = containsFolded(db, column, needle);
    clauses.push(contains.sql);
    params.push(contains.param);
  }
  if (filter.fileTypes?.length) {
    clauses.push(`lower(file_type) IN (${filter.fileTypes.map(() => '?').join(', ')})`);
    params.push(...filter.fileTypes.map(asciiLower));
  }
  // Whole seconds, inclusive at both ends, whether the cached value is seconds or milliseconds.
  if (filter.createdFrom !== undefined) {
    clauses.push(`${CREATED_MS} >= ?`);
    params.push(filter.createdFrom * 1000);
  }
  if (filter.createdTo !== undefined) {
    clauses.push(`${CREATED_MS} < ?`);
    params.push((filter.createdTo + 1) * 1000);
  }
  if (filter.tags?.length) {
    // Exact element of `|a|b|`.
    clauses.push(`(${filter.tags.map(() => "instr(tags, '|' || ? || '|') > 0").join(' OR ')})`);
    params.push(...filter.tags);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** One page of the cached documents matching `filter`, newest first. */
export function documentPage(db: CacheDb, query: DocumentPageQuery): DocumentPage {
  const { where, params } = conditions(db, query.filter);
  const offset = Math.max(0, Math.trunc(query.offset));
  const limit = Math.max(0, Math.trunc(query.limit));
  const { total } = prepared(db, `SELECT COUNT(*) AS total FROM documents ${where}`).get(
    ...params,
  ) as { total: number };
  // Ordered by the time as read, so a cache holding both units still lists newest first.
  const rows = prepared(
    db,
    `SELECT id, customer_external_id, display_name, file_name, file_type, created_at, tags, raw
       FROM documents ${where} ORDER BY ${CREATED_MS} DESC, id LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as DocumentRow[];
  return { total, offset, rows: rows.map(documentView) };
}

/** One cached document, or null when the cache does not hold it. */
export function cachedDocument(db: CacheDb, id: string): DocumentView | null {
  const row = prepared(
    db,
    `SELECT id, customer_external_id, display_name, file_name, file_type, created_at, tags, raw
       FROM documents WHERE id = ?`,
  ).get(id) as DocumentRow | undefined;
  return row ? documentView(row) : null;
}

export interface DocumentFacetCounts {
  tags: Array<{ value: string; count: number }>;
  fileTypes: Array<{ value: string; count: number }>;
}

/** Beyond this many, the rarest values are left out: suggestions, not an inventory. */
const FACET_LIMIT = 500;

const mostUsedFirst = (counts: Map<string, number>) =>
  [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, FACET_LIMIT);

/** Tags and file types seen on cached documents, with how many documents carry each, most used first. */
export function documentFacets(db: CacheDb): DocumentFacetCounts {
  const tags = new Map<string, number>();
  // One row per distinct tag set: far fewer than documents.
  for (const row of prepared(
    db,
    "SELECT tags, COUNT(*) AS n FROM documents WHERE tags != '' GROUP BY tags",
  ).all() as Array<{ tags: string; n: number }>) {
    for (const tag of new Set(listValues(row.tags))) tags.set(tag, (tags.get(tag) ?? 0) + row.n);
  }
  const fileTypes = new Map<string, number>();
  for (const row of prepared(
    db,
    "SELECT lower(file_type) AS value, COUNT(*) AS n FROM documents WHERE file_type != '' GROUP BY lower(file_type)",
  ).all() as Array<{ value: string; n: number }>) {
    fileTypes.set(row.value, row.n);
  }
  return { tags: mostUsedFirst(tags), fileTypes: mostUsedFirst(fileTypes) };
}
