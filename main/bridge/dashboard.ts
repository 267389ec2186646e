import { dashboardSummary } from '../cache/dashboard';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createDashboardHandlers(workspaces: WorkspaceManager): DomainHandlers<'dashboard'> {
  return {
    summary: async () =>
      readSnapshot((await workspaces.require()).db, (db) => dashboardSummary(db, Date.now())),
  };
}
