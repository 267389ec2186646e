import type { ProfileSettingsStore } from '../settings/profile-settings';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createSettingsHandlers(
  workspaces: WorkspaceManager,
  settings: ProfileSettingsStore,
): DomainHandlers<'settings'> {
  return {
    get: async () => settings.get((await workspaces.require()).folder),
    save: async (change) => settings.save((await workspaces.require()).folder, change),
  };
}
