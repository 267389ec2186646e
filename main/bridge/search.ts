import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';
import { kytSearchHits } from './kyt';
import { pressSearchHits } from './press';
import { noteSearchHits } from './workbench';

// The global search reads the cache's full-text index and the press reports and KYT submissions
// kept in the local store: it answers the same offline.

export function createSearchHandlers(workspaces: WorkspaceManager): DomainHandlers<'search'> {
  return {
    async query({ text }) {
      const space = await workspaces.require();
      return [
        ...(await space.reads.read('search', text)),
        ...pressSearchHits(space, text),
        ...kytSearchHits(space, text),
        ...noteSearchHits(space, text),
      ];
    },
  };
}
