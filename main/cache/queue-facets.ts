import type { QueueFacets } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { VersionedMemo } from './queue-memo';
import { listValues } from './json-fields';

const facetMemo = new VersionedMemo<QueueFacets>(1);

/** Natural order for people: "agent-2" before "agent-10", case set aside. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort(collator.compare);

/**
 * What the queue's filters can choose from, as the cache holds it: the alerts' categories and
 * agents, and the review groups of the customers that have alerts.
 */
export function queueFacets(db: CacheDb): QueueFacets {
  return facetMemo.get(db, 'facets', () => {
    const column = (sql: string) => prepared(db, sql, 'pluck').all() as string[];
    const groupKeys = column(
      `SELECT DISTINCT c.review_groups FROM customers c
       WHERE c.review_groups != '' AND EXISTS (SELECT 1 FROM alerts a WHERE a.customer_external_id = c.external_id)`,
    );
    return {
      categories: sorted(column("SELECT DISTINCT category FROM alerts WHERE category != ''")),
      reviewGroups: sorted(groupKeys.flatMap((key) => listValues(key))),
      // Agent 0 is no agent: the filter's "Unassigned" covers it.
      agents: sorted(
        column("SELECT DISTINCT agent_id FROM alerts WHERE agent_id NOT IN ('', '0')"),
      ),
    };
  });
}
