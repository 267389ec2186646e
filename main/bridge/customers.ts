import { customer360 } from '../cache/customer-360';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Read from the active profile's cache (and its local store's press reports and KYT submissions)
// only, never the service, so it answers the same offline.

export function createCustomersHandlers(workspaces: WorkspaceManager): DomainHandlers<'customers'> {
  return {
    async get({ externalId }) {
      const space = await workspaces.require();
      const cached = readSnapshot(space.db, (db) => customer360(db, externalId));
      // Kept in the local store; none counted while it cannot be opened (the 360 still shows).
      return (
        cached && {
          ...cached,
          pressReportCount: space.press?.countFor(externalId) ?? 0,
          kytTransactionCount: space.kyt?.countFor(externalId) ?? 0,
        }
      );
    },
  };
}
