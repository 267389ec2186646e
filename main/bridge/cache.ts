import { cacheStatus } from '../cache/cache-queries';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createCacheHandlers(workspaces: WorkspaceManager): DomainHandlers<'cache'> {
  return {
    counts: async () => {
      const { counts, customersAwaitingDetail } = cacheStatus((await workspaces.require()).db);
      return { counts, customersAwaitingDetail };
    },
  };
}
