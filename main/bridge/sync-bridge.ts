import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createSyncHandlers(workspaces: WorkspaceManager): DomainHandlers<'sync'> {
  return {
    status: () => workspaces.status(),
    start: (input) => workspaces.start(input?.full ?? false),
    cancel: () => workspaces.cancel(),
  };
}

export function createOutboxHandlers(workspaces: WorkspaceManager): DomainHandlers<'outbox'> {
  return {
    list: () => workspaces.outboxList(),
    retry: ({ id }) => workspaces.outboxRetry(id),
    discard: ({ id }) => workspaces.outboxDiscard(id),
  };
}

export function createCacheHandlers(workspaces: WorkspaceManager): DomainHandlers<'cache'> {
  return {
    counts: () => workspaces.counts(),
    alerts: (query) => workspaces.alerts(query),
    search: ({ text }) => workspaces.search(text),
  };
}
