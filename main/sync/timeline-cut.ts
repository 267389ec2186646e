import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from '../cache/open-cache';
import { timelineCutKey } from '../cache/customer-360';

/**
 * The timeline's two integer query parameters are not named by the interface, so CaseDesk sends a
 * guessed `limit`. A service that understood it (or caps on its own) stops at a round count, and
 * what is shown may be only the first part: a count that is a multiple of 50 (50, 100, 500, 1000…)
 * is taken as "may be cut". A customer with exactly 100 events is flagged too; the screen only
 * says the list may be cut, never that it is.
 */
export function timelineMayBeCut(count: number): boolean {
  return count >= 50 && count % 50 === 0;
}

const keyOf = timelineCutKey;

/** The flag kept with the customer: the count the service returned, or none. */
export function writeTimelineCut(db: CacheDb, externalId: string, count: number | null): void {
  if (count === null) prepared(db, 'DELETE FROM sync_state WHERE key = ?').run(keyOf(externalId));
  else
    prepared(
      db,
      'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(keyOf(externalId), JSON.stringify({ count }));
}
