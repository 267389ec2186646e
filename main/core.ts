import { mkdir, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import { probeConnection, probeProfile } from './api/connection-probe';
import { createHandlers, type DesktopFileActions } from './bridge';
import { chromiumPrinter, type PrintToPdf } from './casefile/pdf-printer';
import { createDispatcher, type Dispatch } from './bridge/dispatcher';
import { createEventHub, type EventHub } from './lib/event-hub';
import { createAppSettings } from './settings/app-settings';
import { createProfileSettings, megabytes } from './settings/profile-settings';
import { createStagingArea, type StagingArea } from './uploads/staging-area';
import { createUploadFiling } from './uploads/upload-filing';
import { createWorkspaceManager, type WorkspaceManager } from './workspace/workspace-manager';
import type { Logger } from './lib/logger';
import { traceSlowStatements } from './lib/sqlite/statements';
import type { Scale } from './sandbox/generator';
import type { Sandbox } from './sandbox/sandbox-server';
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
  /**
   * Prints a case file's dossier to PDF: Electron's own printing in the desktop app; absent (the
   * browser host, tests), the system's Chromium headless.
   */
  printToPdf?: PrintToPdf;
  /** Where network calls go; tests point it anywhere. */
  network?: Dispatcher;
  /** The embedded sandbox tenant offered as the built-in "Sandbox" profile; null for none. */
  sandbox: { scale: Scale; seed: number } | null;
  /** Background sync period in ms (0: only on demand). */
  syncIntervalMs?: number;
  /** The built sync worker script; absent, sync runs on the main thread. */
  syncWorkerPath?: string | null;
  /** The built read worker script; absent, the screens' reads run on the main thread. */
  readWorkerPath?: string | null;
  /** Waits between the outbox's own retries while the service is unreachable (tests shorten them). */
  outboxRetryMs?: readonly number[];
}

/** Everything under the bridge, the same for the Electron window and the browser host. */
export interface Core {
  dispatch: Dispatch;
  events: EventHub;
  profiles: ProfileService;
  workspaces: WorkspaceManager;
  /**
   * Files for uploads.inspect/uploads.file, by handle: those the browser host received (POST
   * /files), and those the desktop app's preload registered (left where they are).
   */
  staging: StagingArea;
  dispose(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { logger } = options;
  // Off by default: timing every statement costs the hot reads; on when asked, to find a slow one.
  if (process.env.CASEDESK_TRACE_SQL === '1') traceSlowStatements({ logger });
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const vault = await openTokenVault({ dataDir: options.dataDir, cipher: options.cipher, logger });
  // Loaded only when it is offered: its data and server are a start's worth of work for nothing
  // on an investigator's own profile.
  const sandbox: Sandbox | null = options.sandbox
    ? await (
        await import('./sandbox/sandbox-server')
      ).startSandbox({ dataDir: join(options.dataDir, 'sandbox'), logger, ...options.sandbox })
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
    readWorkerPath: options.readWorkerPath ?? null,
    ...(options.outboxRetryMs ? { outboxRetryMs: options.outboxRetryMs } : {}),
  });
  const settings = createProfileSettings({ logger });
  const staging = createStagingArea({
    folder: join(options.dataDir, 'staging'),
    dataDir: options.dataDir,
    limitBytes: async () =>
      megabytes((await settings.get((await workspaces.require()).folder)).maxUploadMb),
    logger,
  });
  // The data folder as given and as the system resolves it, and the home folder it usually sits in.
  const privateFolders = [
    options.dataDir,
    await realpath(options.dataDir).catch(() => options.dataDir),
    homedir(),
  ];
  const dispatch = createDispatcher({
    secrets,
    logger,
    privateFolders: () => privateFolders,
    handlers: createHandlers({
      info: {
        name: 'CaseDesk',
        version: options.version,
        platform: process.platform,
        dataDir: options.dataDir,
      },
      openExternal: options.openExternal,
      desktop: options.desktop ?? { chooseFolder: null, showInFolder: null },
      printToPdf: options.printToPdf ?? chromiumPrinter(),
      events,
      logger,
      profiles,
      workspaces,
      settings,
      appSettings: createAppSettings({ dataDir: options.dataDir, logger }),
      filing: createUploadFiling({
        workspace: workspaces.require,
        replaySoon: workspaces.replaySoon,
        progress: workspaces.uploadProgress,
        settings,
        staging,
        logger,
      }),
    }),
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
