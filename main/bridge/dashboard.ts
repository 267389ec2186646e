import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createDashboardHandlers(workspaces: WorkspaceManager): DomainHandlers<'dashboard'> {
  return {
    summary: async () => (await workspaces.require()).reads.read('dashboardSummary', Date.now()),
  };
}
