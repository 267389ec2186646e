import { alertView } from '../cache/alert-view';
import { customer360 } from '../cache/customer-360';
import { threadFacets, threadPage } from '../cache/thread-queries';
import { threadView } from '../cache/thread-view';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// The alert, customer and thread screens read the active profile's cache only, never the
// service, so they answer the same offline.

export function createAlertsHandlers(workspaces: WorkspaceManager): DomainHandlers<'alerts'> {
  return {
    get: async ({ id }) => readSnapshot((await workspaces.require()).db, (db) => alertView(db, id)),
  };
}

export function createCustomersHandlers(workspaces: WorkspaceManager): DomainHandlers<'customers'> {
  return {
    get: async ({ externalId }) =>
      readSnapshot((await workspaces.require()).db, (db) => customer360(db, externalId)),
  };
}

export function createThreadsHandlers(workspaces: WorkspaceManager): DomainHandlers<'threads'> {
  return {
    list: async (query) =>
      readSnapshot((await workspaces.require()).db, (db) => threadPage(db, query)),
    get: async ({ id }) =>
      readSnapshot((await workspaces.require()).db, (db) => threadView(db, id)),
    facets: async () => readSnapshot((await workspaces.require()).db, threadFacets),
  };
}
