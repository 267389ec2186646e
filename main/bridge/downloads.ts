import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { createDownloadManager } from '../downloads/download-manager';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import { AppError } from '../lib/app-error';
import type { EventHub } from '../lib/event-hub';
import type { DomainHandlers } from './handlers';

export interface DesktopFileActions {
  /** The system folder picker; null where there is none (the browser host). */
  chooseFolder: (() => Promise<string | null>) | null;
  /** Shows a saved file in the system file manager; null where CaseDesk cannot. */
  showInFolder: ((path: string) => void) | null;
}

export function createDownloadsHandlers(
  workspaces: WorkspaceManager,
  settings: ProfileSettingsStore,
  desktop: DesktopFileActions,
  events: EventHub,
): DomainHandlers<'downloads'> {
  const downloads = createDownloadManager({
    workspace: () => workspaces.require(),
    settings,
    emit: (view) => events.emit('downloads.changed', view),
  });

  return {
    start: (input) => downloads.start(input),
    list: () => downloads.list(),
    cancel: ({ id }) => downloads.cancel(id),
    async showInFolder({ id }) {
      const download = downloads.find(id);
      if (!download?.path || download.state !== 'saved')
        throw new AppError('not_found', 'Only a saved download can be shown in its folder.');
      const path = download.path;
      if (!(await stat(path).catch(() => null)))
        throw new AppError(
          'not_found',
          // Named as it was saved; the folder is the investigator's, shown in settings.
          `${basename(path)} is no longer in the download folder; it was moved or deleted. Download it again if you need it.`,
        );
      if (!desktop.showInFolder) return { handled: false, path };
      desktop.showInFolder(path);
      return { handled: true, path };
    },
    async chooseFolder() {
      if (!desktop.chooseFolder) return { handled: false, folder: null };
      return { handled: true, folder: await desktop.chooseFolder() };
    },
  };
}
