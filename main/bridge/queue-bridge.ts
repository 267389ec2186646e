import { dashboardSummary } from '../cache/dashboard';
import { queueFacets } from '../cache/queue-facets';
import { queueWindow } from '../cache/queue-window';
import type { Logger } from '../log';
import { createSavedViews } from '../views/saved-views';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createQueueHandlers(workspaces: WorkspaceManager): DomainHandlers<'queue'> {
  return {
    window: async (query) => queueWindow((await workspaces.require()).db, query),
    facets: async () => queueFacets((await workspaces.require()).db),
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
    summary: async () => dashboardSummary((await workspaces.require()).db, Date.now()),
  };
}
