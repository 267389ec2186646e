import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { NewerDatabaseError } from '../lib/sqlite/migrate';
import type { ProfileService } from '../session/profile-service';
import type { TokenGate } from './token-gate';
import { openWorkspace, type Workspace } from './workspace';

type OpenOptions = Parameters<typeof openWorkspace>[0];

/** Where an opened workspace reports: a refused token, its outbox's changes, delivered writes. */
export type WorkspaceHooks = Pick<
  OpenOptions,
  | 'onAuthFailure'
  | 'onOutboxChange'
  | 'onUploadProgress'
  | 'onCacheChange'
  | 'onKytChange'
  | 'onKytBatch'
  | 'onCustomerImport'
>;

export interface WorkspaceListener {
  /**
   * The open workspace (or none) is about to be left for another profile, or closed for good:
   * whatever runs on it finishes first. Awaited before it closes.
   */
  leaving?(): Promise<void> | void;
  /** The workspace left is closed (there may have been none). */
  closed?(): void;
  /** The active profile's workspace opened. */
  opened?(space: Workspace): void;
}

/**
 * The active profile's workspace: opened when first needed, kept while the active profile, its
 * address and its trust stay the same, closed and opened afresh when any of them changes, one
 * switch at a time.
 */
export function createWorkspaceLifecycle(deps: {
  dataDir: string;
  /** The workspace opens from the profile alone: offline review never depends on the token. */
  profiles: Pick<ProfileService, 'activeProfile'>;
  /** The token each call sends; none when it is not known or was refused (see TokenGate). */
  tokens: Pick<TokenGate, 'tokenFor'>;
  logger: Logger;
  hooks: WorkspaceHooks;
  /** The built read worker; absent, the screens' reads run on this thread. */
  readWorkerPath?: string | null;
}) {
  let workspace: Workspace | null = null;
  let switching: Promise<Workspace | null> | null = null;
  const listeners = new Set<WorkspaceListener>();

  const leave = async (): Promise<void> => {
    for (const listener of [...listeners]) await listener.leaving?.();
    if (workspace) await workspace.close();
    workspace = null;
    for (const listener of [...listeners]) listener.closed?.();
  };

  const switchToActive = async (): Promise<Workspace | null> => {
    const active = deps.profiles.activeProfile();
    // Same profile, same address, same trust: keep it; an edit of either opens it afresh.
    if (
      workspace &&
      active &&
      workspace.profileId === active.id &&
      workspace.baseUrl === active.baseUrl &&
      workspace.caFile === active.caFile
    ) {
      return workspace;
    }
    await leave();
    if (!active) return null;
    workspace = await openProfileWorkspace({
      dataDir: deps.dataDir,
      profile: active,
      getToken: () => deps.tokens.tokenFor(active.id, active.baseUrl),
      logger: deps.logger,
      readWorkerPath: deps.readWorkerPath ?? null,
      ...deps.hooks,
    });
    const opened = workspace;
    for (const listener of [...listeners]) listener.opened?.(opened);
    return opened;
  };

  /**
   * A cache or outbox written by a newer CaseDesk cannot be used here, and nothing is gained by
   * failing as if CaseDesk were broken: the investigator is told what happened and what to do.
   */
  const openProfileWorkspace = async (options: OpenOptions): Promise<Workspace> => {
    try {
      return await openWorkspace(options);
    } catch (error) {
      if (!(error instanceof NewerDatabaseError)) throw error;
      deps.logger.warn(error.message);
      throw new AppError(
        'unavailable',
        `${error.message} Until then, choose another profile on the connection screen.`,
      );
    }
  };

  /** The active profile's workspace, opened (or switched to) if need be; null with no profile. */
  const current = (): Promise<Workspace | null> => {
    switching ??= switchToActive().finally(() => {
      switching = null;
    });
    return switching;
  };

  return {
    current,
    /** The active profile's workspace, opened if need be; a clear error when there is none. */
    require: async (): Promise<Workspace> => {
      const space = await current();
      if (!space)
        throw new AppError(
          'unavailable',
          'There is no active profile: add or choose one on the connection screen.',
        );
      return space;
    },
    /** The workspace open now, if any; never opens one. */
    workspace: (): Workspace | null => workspace,
    listen: (listener: WorkspaceListener): (() => void) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Leaves the open workspace for good (listeners hear it as for a switch). */
    close: leave,
  };
}

export type WorkspaceLifecycle = ReturnType<typeof createWorkspaceLifecycle>;
