import type { AppInfo } from '../../preload/contract';
import type { PrintToPdf } from '../casefile/pdf-printer';
import type { EventHub } from '../lib/event-hub';
import type { Logger } from '../lib/logger';
import type { ProfileService } from '../session/profile-service';
import type { ProfileSettingsStore } from '../settings/profile-settings';
import type { AppSettingsStore } from '../settings/app-settings';
import type { UploadFiling } from '../uploads/upload-filing';
import type { WorkspaceManager } from '../workspace/workspace-manager';
import { createAlertsHandlers } from './alerts';
import { createAppHandlers } from './app';
import { createCacheHandlers } from './cache';
import { createCustomersHandlers } from './customers';
import { createCustomerImportHandlers } from './customer-import';
import { createDashboardHandlers } from './dashboard';
import { createDocumentsHandlers } from './documents';
import { createDownloadsHandlers, type DesktopFileActions } from './downloads';
import type { Handlers } from './handlers';
import { createKytHandlers } from './kyt';
import { createOutboxHandlers } from './outbox';
import { createPressHandlers } from './press';
import { createProfilesHandlers } from './profiles';
import { createQueueHandlers } from './queue';
import { createRelationsHandlers } from './relations';
import { createSearchHandlers } from './search';
import { createSettingsHandlers } from './settings';
import { createSyncHandlers } from './sync';
import { createThreadsHandlers } from './threads';
import { createUnreadableHandlers } from './unreadable';
import { createUploadsHandlers } from './uploads';
import { createViewsHandlers } from './views';
import { createWorkbenchHandlers } from './workbench';
import { createJournalHandlers } from './journal';
import { createReviewHandlers } from './review';

export type { DesktopFileActions } from './downloads';

/** What the handlers stand on; the core builds it once. */
export interface BridgeDeps {
  info: Omit<AppInfo, 'transport'>;
  /** Hands a validated link to the operating system; absent where the renderer opens it itself. */
  openExternal: ((url: string) => Promise<void>) | null;
  desktop: DesktopFileActions;
  /** Prints a case file's dossier: Electron's printing in the desktop app, Chromium's elsewhere. */
  printToPdf: PrintToPdf;
  events: EventHub;
  logger: Logger;
  profiles: ProfileService;
  workspaces: WorkspaceManager;
  settings: ProfileSettingsStore;
  appSettings: AppSettingsStore;
  filing: UploadFiling;
}

/** Every domain's handlers, one file each (main/bridge/<domain>.ts, as preload/contract/<domain>.ts). */
export function createHandlers(deps: BridgeDeps): Handlers {
  const { workspaces } = deps;
  return {
    app: createAppHandlers({ info: deps.info, openExternal: deps.openExternal }),
    profiles: createProfilesHandlers(deps.profiles),
    sync: createSyncHandlers(workspaces),
    outbox: createOutboxHandlers(workspaces),
    cache: createCacheHandlers(workspaces),
    search: createSearchHandlers(workspaces),
    queue: createQueueHandlers(workspaces),
    views: createViewsHandlers(workspaces, deps.logger),
    dashboard: createDashboardHandlers(workspaces),
    alerts: createAlertsHandlers(workspaces),
    customers: createCustomersHandlers(workspaces),
    threads: createThreadsHandlers(workspaces),
    documents: createDocumentsHandlers(workspaces),
    press: createPressHandlers(workspaces),
    kyt: createKytHandlers({ workspaces, filing: deps.filing, settings: deps.settings }),
    relations: createRelationsHandlers({ workspaces, settings: deps.settings }),
    customerImport: createCustomerImportHandlers({
      workspaces,
      filing: deps.filing,
      settings: deps.settings,
    }),
    uploads: createUploadsHandlers(deps.filing),
    downloads: createDownloadsHandlers(workspaces, deps.settings, deps.desktop, deps.events),
    settings: createSettingsHandlers(workspaces, deps.settings, deps.appSettings),
    unreadable: createUnreadableHandlers(workspaces),
    workbench: createWorkbenchHandlers({
      workspaces,
      appSettings: deps.appSettings,
      settings: deps.settings,
      printToPdf: deps.printToPdf,
      logger: deps.logger,
    }),
    journal: createJournalHandlers(workspaces),
    review: createReviewHandlers({
      workspaces,
      appSettings: deps.appSettings,
      filing: deps.filing,
      settings: deps.settings,
      events: deps.events,
      logger: deps.logger,
      dataDir: deps.info.dataDir,
    }),
  };
}
