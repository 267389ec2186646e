import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Read from the active profile's cache only, never the service, so they answer the same offline.

export function createThreadsHandlers(workspaces: WorkspaceManager): DomainHandlers<'threads'> {
  return {
    list: async (query) => (await workspaces.require()).reads.read('threadPage', query),
    get: async ({ id }) => (await workspaces.require()).reads.read('threadView', id),
    facets: async () => (await workspaces.require()).reads.read('threadFacets', undefined),
  };
}
