import type { z } from 'zod';
import type { SaveCustomersInput } from '../../preload/contract';
import { readCustomerIdentity } from '../cache/customer-identity';
import { readSnapshot } from '../cache/read-snapshot';
import { checkedLines } from '../customers/customer-checks';
import { draftOfReadShape } from '../customers/customer-draft';
import type { SaveRequestLines } from '../customers/customer-ports';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Reads come from the active profile's cache (and its local store's press reports and KYT
// submissions) only, never the service, so they answer the same offline. Verify needs the
// service; save waits in the outbox when it cannot be reached.

/** Connectivity in which a save is not tried now: it waits in the outbox at once. */
const NOT_SENDING = new Set(['offline', 'token_refused', 'token_missing']);

const linesOf = (input: z.output<typeof SaveCustomersInput>): SaveRequestLines => ({
  customers: input.customers,
  relations: input.relations,
  disableRiskScan: input.disableRiskScan,
});

export function createCustomersHandlers(workspaces: WorkspaceManager): DomainHandlers<'customers'> {
  return {
    async get({ externalId }) {
      const space = await workspaces.require();
      const cached = await space.reads.read('customer360', externalId);
      // Kept in the local store; none counted while it cannot be opened (the 360 still shows).
      return (
        cached && {
          ...cached,
          pressReportCount: space.press?.countFor(externalId) ?? 0,
          kytTransactionCount: space.kyt?.countFor(externalId) ?? 0,
        }
      );
    },
    async draft({ externalId }) {
      const space = await workspaces.require();
      const identity = readSnapshot(space.db, (db) => readCustomerIdentity(db, externalId));
      return identity && draftOfReadShape(identity.externalId, identity.fields);
    },
    async verify(input) {
      const lines = linesOf(input);
      const refused = checkedLines(lines);
      if (refused) return refused;
      return (await workspaces.require()).customers.verify(lines);
    },
    async save(input) {
      const lines = linesOf(input);
      const refused = checkedLines(lines);
      if (refused) return refused;
      const space = await workspaces.require();
      const { connectivity } = await workspaces.status();
      const report = await space.customers.save(lines, {
        queueWhenOffline: true,
        offline: NOT_SENDING.has(connectivity),
      });
      if (report.outcome === 'queued') workspaces.replaySoon(space);
      return report;
    },
  };
}
