import type { QueueFacets } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import { prepared } from '../lib/sqlite/statements';
import { reviewGroupsInUse } from './review-group-facet';

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
    // Kept per customer and caught up with each commit (review-group-facet.ts).
    reviewGroups: sorted(reviewGroupsInUse(db)),
    // Agent 0 is no agent: the filter's "Unassigned" covers it.
    agents: sorted(tallied('agent').filter((agent) => agent !== '' && agent !== '0')),
  };
}
