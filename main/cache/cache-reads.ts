import { alertView } from './alert-view';
import { searchCache } from './cache-queries';
import { customer360 } from './customer-360';
import { dashboardSummary } from './dashboard';
import type { CacheDb } from './open-cache';
import { alertColumns, type ColumnName } from './queue-columns';
import { queueFacets } from './queue-facets';
import { queueOrder, type CacheColumn } from './queue-order';
import { queueWindow, readsFromIndex, type QueueWindowQuery } from './queue-window';
import { readSnapshot } from './read-snapshot';
import { threadFacets, threadPage } from './thread-queries';
import { threadView } from './thread-view';

/**
 * The screens' reads of the cache, by name: what a read worker can be asked for (their arguments
 * and answers cross a thread, so they are plain data). Each runs on one snapshot of the cache.
 */
const READS = {
  queueWindow: (db: CacheDb, query: QueueWindowQuery) => queueWindow(db, query),
  queueFacets: (db: CacheDb) => queueFacets(db),
  /** Reads a column of the queue's filters ahead of the first filter that tests it. */
  queueColumn: (db: CacheDb, column: ColumnName) => void alertColumns(db)?.read(db, column),
  /** Computes a column's order of every alert ahead of the first sort by it. */
  queueOrder: (db: CacheDb, column: CacheColumn) => void queueOrder(db, column),
  dashboardSummary: (db: CacheDb, nowMs: number) => dashboardSummary(db, nowMs),
  alertView: (db: CacheDb, id: string) => alertView(db, id),
  search: (db: CacheDb, text: string) => searchCache(db, text),
  customer360: (db: CacheDb, externalId: string) => customer360(db, externalId),
  threadPage: (db: CacheDb, query: Parameters<typeof threadPage>[1]) => threadPage(db, query),
  threadView: (db: CacheDb, id: string) => threadView(db, id),
  threadFacets: (db: CacheDb) => threadFacets(db),
};

export type CacheReadName = keyof typeof READS;
export type CacheReadArg<N extends CacheReadName> = Parameters<(typeof READS)[N]>[1];
export type CacheReadAnswer<N extends CacheReadName> = ReturnType<(typeof READS)[N]>;

export const CACHE_READ_NAMES = Object.keys(READS) as CacheReadName[];

export const isCacheReadName = (name: unknown): name is CacheReadName =>
  typeof name === 'string' && Object.hasOwn(READS, name);

/**
 * The first screen's reads, milliseconds each on any connection (the dashboard from the tallies, a
 * queue window from an index): answered on the main thread while a read worker starts.
 */
export function isStartupRead<N extends CacheReadName>(name: N, arg: CacheReadArg<N>): boolean {
  if (name === 'dashboardSummary') return true;
  if (name !== 'queueWindow') return false;
  // The first page, filtered by states and score at most: a category is not what an index leads
  // with, and counting one walks a whole index.
  const query = arg as QueueWindowQuery;
  return query.offset === 0 && !query.filter.categories?.length && readsFromIndex(query);
}

export function runCacheRead<N extends CacheReadName>(
  db: CacheDb,
  name: N,
  arg: CacheReadArg<N>,
): CacheReadAnswer<N> {
  const read = READS[name] as (db: CacheDb, arg: CacheReadArg<N>) => CacheReadAnswer<N>;
  return readSnapshot(db, (snapshot) => read(snapshot, arg));
}
