import { readSnapshot } from '../cache/read-snapshot';
import { threadFacets, threadPage } from '../cache/thread-queries';
import { threadView } from '../cache/thread-view';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Read from the active profile's cache only, never the service, so they answer the same offline.

export function createThreadsHandlers(workspaces: WorkspaceManager): DomainHandlers<'threads'> {
  return {
    list: async (query) =>
      readSnapshot((await workspaces.require()).db, (db) => threadPage(db, query)),
    get: async ({ id }) =>
      readSnapshot((await workspaces.require()).db, (db) => threadView(db, id)),
    facets: async () => readSnapshot((await workspaces.require()).db, threadFacets),
  };
}
