import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createSyncHandlers(workspaces: WorkspaceManager): DomainHandlers<'sync'> {
  return {
    status: () => workspaces.status(),
    start: (input) => workspaces.start(input?.full ?? false),
    cancel: () => workspaces.cancel(),
  };
}
