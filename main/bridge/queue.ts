import { categoryChoices } from '../../preload/contract';
import { queueFacets } from '../cache/queue-facets';
import { queueWindow } from '../cache/queue-window';
import { readSnapshot } from '../cache/read-snapshot';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createQueueHandlers(workspaces: WorkspaceManager): DomainHandlers<'queue'> {
  return {
    window: async (query) =>
      readSnapshot((await workspaces.require()).db, (db) => queueWindow(db, query)),
    facets: async () => {
      const facets = readSnapshot((await workspaces.require()).db, queueFacets);
      return { ...facets, categories: categoryChoices(facets.categories) };
    },
  };
}
