import type { ProfileSettingsStore } from '../settings/profile-settings';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import { AppError } from './app-error';
import type { DomainHandlers } from './handlers';

// PLACEHOLDER (being built): downloads handlers.
const notYet = (): never => {
  throw new AppError('unavailable', 'Downloads are not available in this build yet.');
};

export interface DesktopFileActions {
  /** The system folder picker; null where there is none (the browser host). */
  chooseFolder: (() => Promise<string | null>) | null;
  /** Shows a saved file in the system file manager; null where CaseDesk cannot. */
  showInFolder: ((path: string) => void) | null;
}

export function createDownloadsHandlers(
  _workspaces: WorkspaceManager,
  _settings: ProfileSettingsStore,
  _desktop: DesktopFileActions,
): DomainHandlers<'downloads'> {
  return {
    start: notYet,
    list: notYet,
    cancel: notYet,
    showInFolder: notYet,
    chooseFolder: notYet,
  };
}

export function createSettingsHandlers(
  workspaces: WorkspaceManager,
  settings: ProfileSettingsStore,
): DomainHandlers<'settings'> {
  return {
    get: async () => settings.get((await workspaces.require()).folder),
    save: async (change) => settings.save((await workspaces.require()).folder, change),
  };
}
