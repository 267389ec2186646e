import type { Logger } from '../lib/logger';
import { createSavedViews } from '../views/saved-views';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

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
