import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import type { TenantStore } from '../db/tenant-store';
import type { SandboxDb } from '../db/open-sandbox-db';
import { badRequest } from '../http/api-error';

/** What every operation needs: the database, its prepared writes, the tenant's seed and a clock. */
export interface OpContext {
  db: SandboxDb;
  store: TenantStore;
  seed: number;
  now: () => Date;
  /** Where this sandbox answers, for external document URLs. */
  baseUrl: () => string;
  /** New ids for records created through the API. */
  newId: (prefix: string) => string;
}

/** ISO 8601 date-time with a UTC offset (`Z` or `±hh:mm`), as the spec's date filters take. */
export const IsoDateTime = z.iso.datetime({
  offset: true,
  message: 'an ISO 8601 date-time with a UTC offset, e.g. 2025-01-31T09:00:00+01:00',
});

/** Epoch milliseconds of an already validated ISO date-time, or undefined when absent. */
export const dateMs = (iso: string | null | undefined): number | undefined =>
  iso ? Date.parse(iso) : undefined;

export const MAX_PAGE = 1000;
export const DEFAULT_PAGE = 50;

/** Clamps a requested page size: huge limits are served as MAX_PAGE (see the sandbox README). */
export function pageSize(limit: number | null | undefined, fallback = DEFAULT_PAGE): number {
  if (limit === null || limit === undefined) return fallback;
  return Math.min(limit, MAX_PAGE);
}

/** Runs a prepared statement cache keyed by SQL text: filters combine into few distinct queries. */
export function statementCache(db: SandboxDb) {
  const cache = new Map<string, Statement<unknown[]>>();
  return (sql: string): Statement<unknown[]> => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare<unknown[]>(sql);
      cache.set(sql, statement);
    }
    return statement;
  };
}

/** Order fields and ways arrive as strings or as small objects (`{field: "score"}`); both are read. */
export function readChoice(value: unknown, keys: readonly string[]): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.toLowerCase();
  if (typeof value === 'object' && !Array.isArray(value)) {
    for (const key of keys) {
      const inner = (value as Record<string, unknown>)[key];
      if (typeof inner === 'string') return inner.toLowerCase();
    }
  }
  throw badRequest('validation.invalid_order', `Unsupported ordering ${JSON.stringify(value)}.`);
}

/** `{"data":[...],"total":n}` from rows that already hold JSON text. */
export function pageBody(
  rows: ReadonlyArray<{ json: string }>,
  total: number,
  key = 'data',
): string {
  return `{"${key}":[${rows.map((row) => row.json).join(',')}],"total":${total}}`;
}

type SqlValue = string | number;

/** WHERE clauses and their parameters, built one filter at a time. */
export function filterBuilder() {
  const where: string[] = [];
  const params: SqlValue[] = [];
  const add = (clause: string, ...values: SqlValue[]) => {
    where.push(clause);
    params.push(...values);
  };
  return {
    add,
    /** Adds the clause when the value was given (null and undefined mean "no filter"). */
    given<T extends SqlValue>(value: T | null | undefined, clause: string) {
      if (value !== null && value !== undefined) add(clause, value);
    },
    /** Rows whose `|a|b|` list column holds any of the values. */
    anyInList(column: string, values: readonly string[] | null | undefined) {
      if (values?.length)
        add(`(${values.map(() => `${column} LIKE '%|' || ? || '|%'`).join(' OR ')})`, ...values);
    },
    get sql() {
      return where.length ? `WHERE ${where.join(' AND ')}` : '';
    },
    params,
  };
}

export type FilterBuilder = ReturnType<typeof filterBuilder>;

/** One page of a table's JSON rows and the exact total, for the given filters and order. */
export function queryPage(
  prepare: ReturnType<typeof statementCache>,
  options: {
    table: string;
    filters: FilterBuilder;
    orderBy: string;
    limit: number;
    offset: number;
  },
): { rows: Array<{ json: string }>; total: number } {
  const { table, filters, orderBy, limit, offset } = options;
  const total = (
    prepare(`SELECT COUNT(*) AS n FROM ${table} ${filters.sql}`).get(...filters.params) as {
      n: number;
    }
  ).n;
  const rows =
    limit === 0 || offset >= total
      ? []
      : (prepare(
          `SELECT json FROM ${table} ${filters.sql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
        ).all(...filters.params, limit, offset) as Array<{ json: string }>);
  return { rows, total };
}
