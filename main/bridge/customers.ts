import { customer360 } from '../cache/customer-360';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Read from the active profile's cache only, never the service, so it answers the same offline.

export function createCustomersHandlers(workspaces: WorkspaceManager): DomainHandlers<'customers'> {
  return {
    get: async ({ externalId }) =>
      readSnapshot((await workspaces.require()).db, (db) => customer360(db, externalId)),
  };
}
