import { alertView } from '../cache/alert-view';
import { customer360 } from '../cache/customer-360';
import { threadFacets, threadPage } from '../cache/thread-queries';
import { threadView } from '../cache/thread-view';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// The alert, customer and thread screens read the active profile's cache only, never the
// service, so they answer the same offline.

export function createAlertsHandlers(workspaces: WorkspaceManager): DomainHandlers<'alerts'> {
  return {
    get: async ({ id }) => alertView((await workspaces.require()).db, id),
  };
}

export function createCustomersHandlers(workspaces: WorkspaceManager): DomainHandlers<'customers'> {
  return {
    get: async ({ externalId }) => customer360((await workspaces.require()).db, externalId),
  };
}

export function createThreadsHandlers(workspaces: WorkspaceManager): DomainHandlers<'threads'> {
  return {
    list: async (query) => threadPage((await workspaces.require()).db, query),
    get: async ({ id }) => threadView((await workspaces.require()).db, id),
    facets: async () => threadFacets((await workspaces.require()).db),
  };
}
