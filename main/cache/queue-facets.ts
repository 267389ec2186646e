import type { QueueFacets } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { VersionedMemo } from './queue-memo';
import { listValues } from './json-fields';

/** The review groups of the customers that have alerts: read from every customer. */
const facetMemo = new VersionedMemo<string[]>(1);

/** Natural order for people: "agent-2" before "agent-10", case set aside. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort(collator.compare);

/**
 * What the queue's filters can choose from, as the cache holds it: the alerts' categories and
 * agents, and the review groups of the customers that have alerts.
 */
export function queueFacets(db: CacheDb): QueueFacets {
  // Categories and agents from the tallies the cache keeps as it is written (migration 006).
  const tallied = (kind: string) =>
    prepared(db, 'SELECT key FROM alert_tallies WHERE kind = ? AND n > 0', 'pluck')
      .all(kind)
      .map(String);
  return {
    categories: sorted(tallied('category').filter((category) => category !== '')),
    reviewGroups: facetMemo.get(db, 'groups', () =>
      sorted(
        (
          prepared(
            db,
            `SELECT DISTINCT c.review_groups FROM customers c
             WHERE c.review_groups != '' AND EXISTS (SELECT 1 FROM alerts a WHERE a.customer_external_id = c.external_id)`,
            'pluck',
          ).all() as string[]
        ).flatMap((key) => listValues(key)),
      ),
    ),
    // Agent 0 is no agent: the filter's "Unassigned" covers it.
    agents: sorted(tallied('agent').filter((agent) => agent !== '' && agent !== '0')),
  };
}
