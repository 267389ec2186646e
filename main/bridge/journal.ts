import { entryView } from '../local/journal';
import { verifyAgainst } from '../local/journal-head';
import { AppError } from '../lib/app-error';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// The profile's journal, read from its local store: offline, and never written from here (notes,
// proposals and exports append to it as they are made).

function journalOf(space: Workspace) {
  if (space.localStore.state === 'open') return space.localStore.store.journal;
  throw new AppError(
    'unavailable',
    `The journal is kept in this profile’s local store, which could not be opened (${space.localStore.reason}).`,
  );
}

export function createJournalHandlers(workspaces: WorkspaceManager): DomainHandlers<'journal'> {
  return {
    recent: async ({ subject, limit }) =>
      journalOf(await workspaces.require())
        .recent(limit, subject)
        .map(entryView),
    verify: async (input) =>
      verifyAgainst(journalOf(await workspaces.require()), input?.head ?? null),
  };
}
