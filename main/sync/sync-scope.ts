import type { SyncScope } from '../../preload/contract';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from '../cache/open-cache';
import { readState } from '../cache/repositories';
import type { SyncOptions } from './sync-engine';

/** The service filters that sync a profile's scope (empty lists mean "all"). */
export function scopeFilters(
  scope: SyncScope,
): Pick<SyncOptions, 'alertFilters' | 'threadFilters'> {
  const assigned =
    scope.assignedToMemberId === null ? {} : { assigned_to_member_id: scope.assignedToMemberId };
  const groups = scope.reviewGroups.length ? { review_groups: scope.reviewGroups } : {};
  return {
    alertFilters: {
      ...groups,
      ...assigned,
      ...(scope.states.length ? { states: scope.states } : {}),
      ...(scope.categories.length ? { categories: scope.categories } : {}),
    },
    threadFilters: { ...groups, ...assigned },
  };
}

const SCOPE_KEY = 'sync.scope';

/** The next sync starts from the top: every incremental cursor is dropped. */
export function forgetCursors(db: CacheDb): void {
  prepared(db, "DELETE FROM sync_state WHERE key LIKE '%.cursor'").run();
}

/**
 * Cursors belong to the filters they were taken with: when the scope changes, incremental sync
 * from the old cursors would miss what the new scope adds, so the next sync starts from the top.
 * Records already cached stay (the cache only grows; a narrower scope leaves them visible).
 */
export function adoptScope(db: CacheDb, scope: SyncScope): boolean {
  const key = JSON.stringify(scope);
  if (readState<string>(db, SCOPE_KEY) === key) return false;
  db.transaction(() => {
    forgetCursors(db);
    prepared(
      db,
      'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(SCOPE_KEY, JSON.stringify(key));
  })();
  return true;
}
