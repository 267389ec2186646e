import type { CacheDb } from './open-cache';
import { filterPlan, type FilterPlan, type QueueFilterValue } from './queue-filter';
import { prepared } from '../lib/sqlite/statements';
import { UpkeptMemo } from './queue-memo';
import { intersect, rowidSet, type RowidSet } from './queue-rowids';
import { customerRuns, largestRowid } from './queue-tables';

/** A few: the queue's filter, the same without its states (the state chips' counts), one more. */
const matchMemo = new UpkeptMemo<RowidSet>(4);

/** The customers that have a review group, by external id. */
export const customersWithGroups = (db: CacheDb): Set<string> =>
  new Set(
    prepared(
      db,
      "SELECT external_id FROM customers WHERE review_groups != ''",
      'pluck',
    ).all() as string[],
  );

/** Alerts whose customer has no review group, or is not cached yet (so has none that we know). */
function withoutReviewGroups(db: CacheDb): number[] {
  const grouped = customersWithGroups(db);
  const { rowids, runs } = customerRuns(db);
  const kept: number[] = [];
  let at = 0;
  for (const [externalId, count] of runs) {
    if (!grouped.has(String(externalId)))
      for (let index = at; index < at + count; index += 1) kept.push(rowids[index] ?? 0);
    at += count;
  }
  return kept;
}

/**
 * The alerts a filter keeps, by rowid; null when it keeps every one. Each condition is answered
 * by its own index and the answers intersected here, which stays fast where SQLite would probe a
 * large IN (…) set once per alert.
 */
export function matches(db: CacheDb, filter: QueueFilterValue): RowidSet | null {
  const plan = filterPlan(filter);
  if (!plan.queries.length && !plan.onlyWithoutReviewGroups) return null;
  return matchMemo.get(
    db,
    JSON.stringify(filter),
    () =>
      db.transaction(() => {
        const lists = plan.queries.map(
          (query) => prepared(db, query.sql, 'pluck').all(...query.params) as number[],
        );
        if (plan.onlyWithoutReviewGroups) lists.push(withoutReviewGroups(db));
        const largest = largestRowid(db);
        return rowidSet(intersect(lists, largest), largest);
      })(),
    (kept, changed) => kept.changed(changed, matchingAmong(db, plan, changed)),
  );
}

/**
 * Which of these alerts the filter keeps now: each of its queries asked of them alone (by rowid,
 * not along its index), so catching up after a sync's commit reads the alerts it changed only.
 */
function matchingAmong(db: CacheDb, plan: FilterPlan, alerts: readonly number[]): Set<number> {
  const among = JSON.stringify(alerts);
  const lists = plan.queries.map((query) => {
    // Every plan query is `SELECT rowid FROM alerts [INDEXED BY …] WHERE <conditions>`.
    const sql = query.sql.replace(
      /^SELECT rowid FROM alerts(?: INDEXED BY \w+)? WHERE /,
      'SELECT rowid FROM alerts WHERE rowid IN (SELECT value FROM json_each(?)) AND (',
    );
    if (sql === query.sql)
      throw new Error(`a queue filter query of an unknown shape: ${query.sql}`);
    return prepared(db, `${sql})`, 'pluck').all(among, ...query.params) as number[];
  });
  if (plan.onlyWithoutReviewGroups)
    lists.push(
      prepared(
        db,
        `SELECT a.rowid FROM alerts a LEFT JOIN customers c ON c.external_id = a.customer_external_id
         WHERE a.rowid IN (SELECT value FROM json_each(?)) AND COALESCE(c.review_groups, '') = ''`,
        'pluck',
      ).all(among) as number[],
    );
  const [first = [], ...rest] = lists;
  const sets = rest.map((list) => new Set(list));
  return new Set(first.filter((rowid) => sets.every((set) => set.has(rowid))));
}
