import type { RelationsService } from '../customers/relations-service';
import { AppError } from '../lib/app-error';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import type { Workspace } from '../workspace/workspace';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

// Relations CaseDesk saved live in the profile's local store (the interface cannot read them
// back): listing and the graph answer offline; a save verifies with the service first and waits
// in the outbox when the service cannot be reached. The type labels are the profile's settings.

/** The open profile's relations; a clear refusal while its local store cannot be opened. */
export function relationsOf(space: Workspace): RelationsService {
  if (space.relations) return space.relations;
  throw new AppError(
    'unavailable',
    'Relations are kept in this profile’s local store, which could not be opened; reviewing from the cache goes on.' +
      (space.localStoreNotice ? ` ${space.localStoreNotice}` : ''),
  );
}

export function createRelationsHandlers(deps: {
  workspaces: WorkspaceManager;
  settings: Pick<ProfileSettingsStore, 'relationTypes' | 'setRelationTypes'>;
}): DomainHandlers<'relations'> {
  const { workspaces } = deps;
  const relations = async () => relationsOf(await workspaces.require());
  return {
    list: async ({ externalId }) => (await relations()).list(externalId),
    graph: async ({ externalId, depth, limit }) =>
      (await relations()).graph(externalId, depth, limit),
    async save({ relation, verifyOnly }) {
      const space = await workspaces.require();
      const report = await relationsOf(space).save(relation, verifyOnly);
      if (report.outcome === 'queued') workspaces.replaySoon(space);
      return report;
    },
    types: async () => deps.settings.relationTypes((await workspaces.require()).folder),
    setTypes: async ({ types }) =>
      deps.settings.setRelationTypes((await workspaces.require()).folder, types),
  };
}
