import type { SearchHitView } from '../../preload/contract';
import { AppError } from '../lib/app-error';
import { prepared } from '../lib/sqlite/statements';
import type { AppSettingsStore } from '../settings/app-settings';
import type { Workbench } from '../workbench/workbench';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Notes and proposed decisions live in the profile's local store, never on the service: every
// call answers offline. Who is named as their author is this installation's analyst (app
// settings), asked once per call so a change of name applies from the next note on.

/** The open profile's workbench; a clear refusal while its local store cannot be opened. */
export function workbenchOf(space: Workspace): Workbench {
  if (space.workbench) return space.workbench;
  throw new AppError(
    'unavailable',
    'Notes and proposals are kept in this profile’s local store, which could not be opened; reviewing from the cache goes on.' +
      (space.localStoreNotice ? ` ${space.localStoreNotice}` : ''),
  );
}

export function createWorkbenchHandlers(deps: {
  workspaces: WorkspaceManager;
  appSettings: Pick<AppSettingsStore, 'analystName' | 'saveAnalystName'>;
}): DomainHandlers<'workbench'> {
  const { workspaces, appSettings } = deps;
  const bench = async () => workbenchOf(await workspaces.require());
  const author = () => appSettings.analystName();
  return {
    notes: async ({ target }) => (await bench()).notes(target),
    addNote: async ({ target, text }) => (await bench()).addNote(target, text, await author()),
    editNote: async ({ id, text }) => (await bench()).editNote(id, text, await author()),
    draft: async ({ key }) => (await bench()).draft(key),
    saveDraft: async ({ key, text }) => (await bench()).saveDraft(key, text),
    discardDraft: async ({ key }) => (await bench()).discardDraft(key),
    proposals: async ({ alertId }) => (await bench()).proposals(alertId),
    propose: async (input) => (await bench()).propose(input, await author()),
    withdraw: async ({ id, reason }) => (await bench()).withdraw(id, reason, await author()),
    counts: async () => (await bench()).counts(),
    analyst: async () => ({ name: await appSettings.analystName() }),
    setAnalyst: async ({ name }) => ({ name: await appSettings.saveAnalystName(name) }),
  };
}

const SEARCHED = 20;

const TARGET_NAMES = {
  alert: 'alert',
  customer: 'customer',
  thread: 'thread',
  document: 'document',
} as const;

/** Notes matching the global search, as hits; none while the local store is unavailable. */
export function noteSearchHits(space: Workspace, text: string): SearchHitView[] {
  if (!space.workbench) return [];
  return space.workbench.search(text, SEARCHED).map((hit) => ({
    kind: 'note',
    id: hit.id,
    title: hit.excerpt,
    detail: `Note on ${TARGET_NAMES[hit.target.kind]} ${hit.target.id} · kept in CaseDesk`,
    threadId: hit.target.kind === 'thread' ? hit.target.id : null,
    customerExternalId:
      hit.target.kind === 'customer'
        ? hit.target.id
        : hit.target.kind === 'document'
          ? documentCustomer(space, hit.target.id)
          : null,
    noteOn: hit.target,
  }));
}

const documentCustomer = (space: Workspace, documentId: string): string | null =>
  (prepared(space.db, 'SELECT customer_external_id FROM documents WHERE id = ?', 'pluck').get(
    documentId,
  ) as string | undefined) ?? null;
