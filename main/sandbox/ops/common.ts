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
