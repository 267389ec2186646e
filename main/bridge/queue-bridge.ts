import { dashboardSummary } from '../cache/dashboard';
import { queueFacets } from '../cache/queue-facets';
import { queueWindow } from '../cache/queue-window';
import type { Logger } from '../log';
import { createSavedViews } from '../views/saved-views';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createQueueHandlers(workspaces: WorkspaceManager): DomainHandlers<'queue'> {
  return {
    window: async (query) =>
      readSnapshot((await workspaces.require()).db, (db) => queueWindow(db, query)),
    facets: async () => readSnapshot((await workspaces.require()).db, queueFacets),
  };
}

export function createViewsHandlers(
  workspaces: WorkspaceManager,
  logger: Logger,
): DomainHandlers<'views'> {
  const views = createSavedViews({ logger });
  return {
    list: async () => views.list((await workspaces.require()).folder),
    save: async (input) => views.save((await workspaces.require()).folder, input),
    remove: async ({ id }) => views.remove((await workspaces.require()).folder, id),
  };
}

export function createDashboardHandlers(workspaces: WorkspaceManager): DomainHandlers<'dashboard'> {
  return {
    summary: async () =>
      readSnapshot((await workspaces.require()).db, (db) => dashboardSummary(db, Date.now())),
  };
}
