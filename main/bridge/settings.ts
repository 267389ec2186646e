import type { AppSettingsStore } from '../settings/app-settings';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import type { DomainHandlers } from './handlers';

export function createSettingsHandlers(
  workspaces: WorkspaceManager,
  settings: ProfileSettingsStore,
  app: AppSettingsStore,
): DomainHandlers<'settings'> {
  return {
    get: async () => settings.get((await workspaces.require()).folder),
    save: async (change) => settings.save((await workspaces.require()).folder, change),
    appearance: () => app.appearance(),
    saveAppearance: (change) => app.saveAppearance(change),
  };
}
