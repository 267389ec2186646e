import { join } from 'node:path';
import type { SyncStatusView } from '../../preload/contract';
import type { EventHub } from '../lib/event-hub';
import type { Logger } from '../lib/logger';
import type { ProfileService } from '../session/profile-service';
import { createConnectivity } from './connectivity';
import { createOutboxScheduler } from './outbox-scheduler';
import { createSyncScheduler } from './sync-scheduler';
import { createTokenGate } from './token-gate';
import { createWorkspaceLifecycle } from './workspace-lifecycle';

/**
 * The active profile's workspace, opened and closed as the active profile changes; runs syncs in
 * the background (on demand and on a schedule), replays the outbox after each, and reports status.
 * Composes the lifecycle, the two schedulers and the connectivity they share.
 */
export function createWorkspaceManager(deps: {
  dataDir: string;
  profiles: ProfileService;
  events: EventHub;
  logger: Logger;
  /** Background sync period; 0 turns it off. */
  intervalMs: number;
  /** The built sync worker; absent, sync runs on this thread (tests, tools). */
  syncWorkerPath?: string | null;
  /** The built read worker; absent, the screens' reads run on this thread (tests, tools). */
  readWorkerPath?: string | null;
  /** Waits between the outbox's own retries while the service is unreachable (the last repeats). */
  outboxRetryMs?: readonly number[];
}) {
  const connectivity = createConnectivity();
  const tokens = createTokenGate({
    profiles: deps.profiles,
    refusedFile: join(deps.dataDir, 'refused-tokens.json'),
    logger: deps.logger,
  });
  /** Whether the open workspace may call the service now; the connectivity says why not. */
  const blockedBy = (): 'token_refused' | 'token_missing' | null => {
    const space = lifecycle.workspace();
    if (!space) return null;
    const check = tokens.check(space.profileId, space.baseUrl);
    return check.ok ? null : check.reason;
  };
  const outbox = createOutboxScheduler({
    events: deps.events,
    logger: deps.logger,
    connectivity,
    workspace: () => lifecycle.workspace(),
    onConnectivityChange: () => void sync.connectivityChanged(),
    canSend: () => lifecycle.workspace() !== null && blockedBy() === null,
    ...(deps.outboxRetryMs ? { retryMs: deps.outboxRetryMs } : {}),
  });
  const lifecycle = createWorkspaceLifecycle({
    dataDir: deps.dataDir,
    profiles: deps.profiles,
    tokens,
    logger: deps.logger,
    readWorkerPath: deps.readWorkerPath ?? null,
    hooks: {
      // Any call the service answered 401 (or 403 naming the credentials): that token is not sent
      // again, by the sync, its schedule or the outbox, until a new one is saved.
      onAuthFailure: (error) => {
        const space = lifecycle.workspace();
        if (space && error.status !== null) tokens.refuse(space.profileId);
        connectivity.set(blockedBy() ?? 'token_refused');
        sync.publish();
      },
      onOutboxChange: outbox.onOutboxChange,
      onUploadProgress: outbox.onUploadProgress,
      onCacheChange: (tables) => deps.events.emit('cache.changed', { tables }),
      onKytChange: (ids) => deps.events.emit('kyt.changed', { ids }),
      onKytBatch: (batch) => deps.events.emit('kyt.batch', batch),
      onCustomerImport: (view) => deps.events.emit('customerImport.changed', view),
    },
  });
  const sync = createSyncScheduler({
    profiles: deps.profiles,
    tokens,
    events: deps.events,
    logger: deps.logger,
    connectivity,
    intervalMs: deps.intervalMs,
    syncWorkerPath: deps.syncWorkerPath ?? null,
    current: lifecycle.current,
    workspace: lifecycle.workspace,
    outbox,
  });
  lifecycle.listen({
    // The sync under way ends first: its last replay may set a retry, which is stopped after it.
    leaving: async () => {
      await sync.settle();
      outbox.stop();
    },
    closed: () => {
      connectivity.reset();
      sync.forget();
    },
    opened: () => {
      // A refused token stays refused across a reopen; a token not known in this run is said at once.
      const blocked = blockedBy();
      if (blocked) connectivity.set(blocked);
      sync.syncOnOpen();
    },
  });
  /** A new token saved for a profile that had none usable: sync, and send what waits, at once. */
  const resumeWithNewToken = (): void => {
    const now = connectivity.current();
    if ((now !== 'token_refused' && now !== 'token_missing') || blockedBy() !== null) return;
    connectivity.set('unknown');
    sync.forget();
    void sync.start().catch(() => undefined);
  };
  const stopFollowingProfiles = deps.events.subscribe((name) => {
    if (name === 'profiles.changed')
      void lifecycle.current().then(
        () => {
          resumeWithNewToken();
          sync.publish();
        },
        () => undefined,
      );
  });

  return {
    status: async (): Promise<SyncStatusView> => {
      await lifecycle.current();
      return sync.status();
    },
    start: sync.start,
    cancel: sync.cancel,
    /** The active profile's workspace, opened if need be; a clear error when there is none. */
    require: lifecycle.require,
    replaySoon: outbox.replaySoon,
    /** `uploads.progress` events, throttled: the filing of a file reports its copying through here. */
    uploadProgress: outbox.uploadProgress,
    /** For tests and the shell: the open workspace, if any. */
    workspace: lifecycle.workspace,
    async dispose(): Promise<void> {
      sync.stop();
      stopFollowingProfiles();
      await lifecycle.close();
    },
  };
}

export type WorkspaceManager = ReturnType<typeof createWorkspaceManager>;
