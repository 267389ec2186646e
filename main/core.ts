import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { probeConnection, probeProfile } from './api/connection-probe';
import { createAppHandlers } from './bridge/app-bridge';
import { createDispatcher, type Dispatch } from './bridge/dispatcher';
import { createEventHub, type EventHub } from './bridge/event-hub';
import { createProfilesHandlers } from './bridge/profiles-bridge';
import {
  createDashboardHandlers,
  createQueueHandlers,
  createViewsHandlers,
} from './bridge/queue-bridge';
import {
  createAlertsHandlers,
  createCustomersHandlers,
  createThreadsHandlers,
} from './bridge/records-bridge';
import { createDocumentsHandlers, createUploadsHandlers } from './bridge/documents-bridge';
import {
  createDownloadsHandlers,
  createSettingsHandlers,
  type DesktopFileActions,
} from './bridge/downloads-bridge';
import { createProfileSettings, megabytes } from './settings/profile-settings';
import { createStagingArea, type StagingArea } from './files/staging-area';
import { createUploadFiling } from './files/upload-filing';
import {
  createCacheHandlers,
  createOutboxHandlers,
  createSyncHandlers,
} from './bridge/sync-bridge';
import { createWorkspaceManager, type WorkspaceManager } from './workspace/workspace-manager';
import type { Logger } from './log';
import type { Scale } from './sandbox/generator';
import { startSandbox, type Sandbox } from './sandbox/sandbox-server';
import {
  BUILT_IN_SANDBOX_ID,
  createProfileService,
  type ProfileService,
} from './session/profile-service';
import { openProfileStore } from './session/profile-store';
import { openTokenVault, type TokenCipher } from './session/token-vault';

export interface CoreOptions {
  dataDir: string;
  version: string;
  logger: Logger;
  /** The keyring, where the runtime has one (Electron's safeStorage). */
  cipher: TokenCipher | null;
  /** Opens a validated https:/mailto: link with the operating system (Electron's shell). */
  openExternal: ((url: string) => Promise<void>) | null;
  /** The system folder picker and file manager, where the runtime has them (Electron). */
  desktop?: DesktopFileActions;
  /** Where network calls go; tests point it anywhere. */
  network?: Dispatcher;
  /** The embedded sandbox tenant offered as the built-in "Sandbox" profile; null for none. */
  sandbox: { scale: Scale; seed: number } | null;
  /** Background sync period in ms (0: only on demand). */
  syncIntervalMs?: number;
  /** The built sync worker script; absent, sync runs on the main thread. */
  syncWorkerPath?: string | null;
  /** Waits between the outbox's own retries while the service is unreachable (tests shorten them). */
  outboxRetryMs?: readonly number[];
}

/** Everything under the bridge, the same for the Electron window and the browser host. */
export interface Core {
  dispatch: Dispatch;
  events: EventHub;
  profiles: ProfileService;
  workspaces: WorkspaceManager;
  /** Files the browser host received for filing (POST /files), until uploads.file takes them. */
  staging: StagingArea;
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { logger } = options;
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const vault = await openTokenVault({ dataDir: options.dataDir, cipher: options.cipher, logger });
  const sandbox: Sandbox | null = options.sandbox
    ? await startSandbox({ dataDir: join(options.dataDir, 'sandbox'), logger, ...options.sandbox })
    : null;
  const secrets = () => [...vault.knownTokens(), ...(sandbox ? [sandbox.token] : [])];
  const events = createEventHub(secrets);
  const store = await openProfileStore({ dataDir: options.dataDir, logger });
  const profiles = createProfileService({
    store,
    vault,
    events,
    builtIn: sandbox && {
      id: BUILT_IN_SANDBOX_ID,
      name: 'Sandbox',
      baseUrl: sandbox.baseUrl,
      token: sandbox.token,
    },
    probe: ({ baseUrl, token, caFile }) =>
      options.network
        ? probeConnection({ baseUrl, token, dispatcher: options.network })
        : probeProfile({ baseUrl, token, caFile }),
  });
  const workspaces = createWorkspaceManager({
    dataDir: options.dataDir,
    profiles,
    events,
    logger,
    intervalMs: options.syncIntervalMs ?? 5 * 60_000,
    syncWorkerPath: options.syncWorkerPath ?? null,
    ...(options.outboxRetryMs ? { outboxRetryMs: options.outboxRetryMs } : {}),
  });
  const settings = createProfileSettings({ logger });
  const staging = createStagingArea({
    folder: join(options.dataDir, 'staging'),
    limitBytes: async () =>
      megabytes((await settings.get((await workspaces.require()).folder)).maxUploadMb),
    logger,
  });
  const dispatch = createDispatcher({
    secrets,
    logger,
    handlers: {
      app: createAppHandlers({
        info: {
          name: 'CaseDesk',
          version: options.version,
          platform: process.platform,
          dataDir: options.dataDir,
        },
        openExternal: options.openExternal,
      }),
      profiles: createProfilesHandlers(profiles),
      sync: createSyncHandlers(workspaces),
      outbox: createOutboxHandlers(workspaces),
      cache: createCacheHandlers(workspaces),
      queue: createQueueHandlers(workspaces),
      views: createViewsHandlers(workspaces, logger),
      dashboard: createDashboardHandlers(workspaces),
      alerts: createAlertsHandlers(workspaces),
      customers: createCustomersHandlers(workspaces),
      threads: createThreadsHandlers(workspaces),
      documents: createDocumentsHandlers(workspaces),
      uploads: createUploadsHandlers(
        createUploadFiling({ workspaces, settings, staging, logger }),
        options.dataDir,
      ),
      downloads: createDownloadsHandlers(
        workspaces,
        settings,
        options.desktop ?? { chooseFolder: null, showInFolder: null },
        events,
      ),
      settings: createSettingsHandlers(workspaces, settings),
    },
  });
  return {
    dispatch,
    events,
    profiles,
    workspaces,
    staging,
    dispose: async () => {
      await workspaces.dispose();
      await sandbox?.close();
    },
  };
}
