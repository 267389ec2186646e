import type { z } from 'zod';
import type { AlertListInput, AlertPage, CachedAlertRow } from '../../preload/contract';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import { cacheVersion } from './queue-memo';

type Query = z.output<typeof AlertListInput>;

const COLUMNS = { updated: 'a.updated_ms', created: 'a.created_ms', score: 'a.score' } as const;
const SORT_INDEXES = {
  updated: 'alerts_by_updated',
  created: 'alerts_by_created',
  score: 'alerts_by_score',
} as const;

/**
 * Above this many matches, walking the sort's index and testing each row's filters finds a page
 * fastest; below it, the filters' own indexes find every match and the few are sorted.
 */
const WALK_SORT_INDEX_ABOVE = 2000;

/** Totals per filter, kept until the cache changes (by this connection or another). */
const totals = new WeakMap<CacheDb, { version: string; counts: Map<string, number> }>();

function countMatches(db: CacheDb, filter: string, params: Array<string | number>): number {
  const version = cacheVersion(db);
  let memo = totals.get(db);
  if (!memo || memo.version !== version) {
    memo = { version, counts: new Map() };
    totals.set(db, memo);
  }
  const key = `${filter}|${JSON.stringify(params)}`;
  let count = memo.counts.get(key);
  if (count === undefined) {
    count = (
      prepared(db, `SELECT COUNT(*) AS n FROM alerts a ${filter}`).get(...params) as { n: number }
    ).n;
    memo.counts.set(key, count);
  }
  return count;
}

/** Opaque keyset cursor: the sort value and id of the last row shown. */
const encode = (value: number, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url');

function decode(cursor: string): [number, string] | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && typeof parsed[0] === 'number' && typeof parsed[1] === 'string')
      return [parsed[0], parsed[1]];
  } catch {
    // An unreadable cursor starts from the top rather than failing the screen.
  }
  return null;
}

/**
 * A page of the cached alert queue at any depth in constant time: keyset paging on (sort value,
 * id) along an index that matches the sort, never OFFSET (see shared/PERFORMANCE.md).
 */
export function alertQueuePage(db: CacheDb, query: Query): AlertPage {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (query.states?.length) {
    where.push(`a.state IN (${query.states.map(() => '?').join(',')})`);
    params.push(...query.states);
  }
  if (query.categories?.length) {
    where.push(`a.category IN (${query.categories.map(() => '?').join(',')})`);
    params.push(...query.categories.map((category) => category.toLowerCase()));
  }
  if (query.customerExternalId) {
    where.push('a.customer_external_id = ?');
    params.push(query.customerExternalId);
  }
  if (query.scoreFrom !== undefined) {
    where.push('a.score >= ?');
    params.push(query.scoreFrom);
  }
  if (query.scoreTo !== undefined) {
    where.push('a.score <= ?');
    params.push(query.scoreTo);
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = countMatches(db, filter, params);

  const column = COLUMNS[query.sort];
  const comparison = query.direction === 'desc' ? '<' : '>';
  const after = query.after ? decode(query.after) : null;
  const pageWhere = [...where];
  const pageParams = [...params];
  if (after) {
    pageWhere.push(`(${column}, a.id) ${comparison} (?, ?)`);
    pageParams.push(after[0], after[1]);
  }
  const rows = prepared(
    db,
    `SELECT a.id, a.customer_external_id, a.state, a.score, a.category, a.created_ms, a.updated_ms, a.revision_number,
              ${column} AS sort_value, COALESCE(c.name, '') AS customer_name
       FROM alerts a ${total > WALK_SORT_INDEX_ABOVE ? `INDEXED BY ${SORT_INDEXES[query.sort]}` : ''}
         LEFT JOIN customers c ON c.external_id = a.customer_external_id
       ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
       ORDER BY ${column} ${query.direction}, a.id ${query.direction}
       LIMIT ?`,
  ).all(...pageParams, query.limit + 1) as Array<{
    id: string;
    customer_external_id: string;
    state: number;
    score: number;
    category: string;
    created_ms: number;
    updated_ms: number;
    revision_number: number;
    sort_value: number;
    customer_name: string;
  }>;
  const more = rows.length > query.limit;
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    rows: shown.map((row): CachedAlertRow => ({
      id: row.id,
      customerExternalId: row.customer_external_id,
      customerName: row.customer_name,
      state: row.state,
      score: row.score,
      category: row.category,
      createdAt: new Date(row.created_ms).toISOString(),
      updatedAt: new Date(row.updated_ms).toISOString(),
      revisionNumber: row.revision_number,
    })),
    total,
    next: more && last ? encode(last.sort_value, last.id) : null,
  };
}
