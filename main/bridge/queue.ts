import { categoryChoices } from '../../preload/contract';
import { queueFacets } from '../cache/queue-facets';
import { queueWindow } from '../cache/queue-window';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';
import { reviewOf } from './review';
import { workbenchOf } from './workbench';

export function createQueueHandlers(workspaces: WorkspaceManager): DomainHandlers<'queue'> {
  return {
    async window({ filter: { work, ...filter }, ...query }) {
      const space = await workspaces.require();
      // The investigator's work is in the local store: it becomes the alerts it names.
      const alertIds =
        work === undefined
          ? undefined
          : work === 'awaiting-review'
            ? reviewOf(space).awaitingAlertIds()
            : workbenchOf(space).alertIdsWith(work);
      return readSnapshot(space.db, (db) =>
        queueWindow(db, { ...query, filter: { ...filter, ...(alertIds && { alertIds }) } }),
      );
    },
    facets: async () => {
      const facets = readSnapshot((await workspaces.require()).db, queueFacets);
      return { ...facets, categories: categoryChoices(facets.categories) };
    },
  };
}
