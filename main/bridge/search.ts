import { searchCache } from '../cache/cache-queries';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// The global search reads the cache's full-text index: it answers the same offline.

export function createSearchHandlers(workspaces: WorkspaceManager): DomainHandlers<'search'> {
  return {
    query: async ({ text }) => searchCache((await workspaces.require()).db, text),
  };
}
