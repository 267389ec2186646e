import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Read from the active profile's cache only, never the service, so it answers the same offline.

export function createAlertsHandlers(workspaces: WorkspaceManager): DomainHandlers<'alerts'> {
  return {
    get: async ({ id }) => (await workspaces.require()).reads.read('alertView', id),
  };
}
