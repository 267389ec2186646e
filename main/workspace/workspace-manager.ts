import type { SyncStatusView } from '../../preload/contract';
import type { EventHub } from '../lib/event-hub';
import type { Logger } from '../lib/logger';
import type { ProfileService } from '../session/profile-service';
import { createConnectivity } from './connectivity';
import { createOutboxScheduler } from './outbox-scheduler';
import { createSyncScheduler } from './sync-scheduler';
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
  /** Waits between the outbox's own retries while the service is unreachable (the last repeats). */
  outboxRetryMs?: readonly number[];
}) {
  const connectivity = createConnectivity();
  const outbox = createOutboxScheduler({
    events: deps.events,
    logger: deps.logger,
    connectivity,
    workspace: () => lifecycle.workspace(),
    onConnectivityChange: () => sync.publish(),
    ...(deps.outboxRetryMs ? { retryMs: deps.outboxRetryMs } : {}),
  });
  const lifecycle = createWorkspaceLifecycle({
    dataDir: deps.dataDir,
    profiles: deps.profiles,
    logger: deps.logger,
    hooks: {
      onAuthFailure: () => connectivity.set('token_refused'),
      onOutboxChange: outbox.onOutboxChange,
      onUploadProgress: outbox.onUploadProgress,
      onCacheChange: (tables) => deps.events.emit('cache.changed', { tables }),
    },
  });
  const sync = createSyncScheduler({
    profiles: deps.profiles,
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
    opened: () => sync.syncOnOpen(),
  });
  const stopFollowingProfiles = deps.events.subscribe((name) => {
    if (name === 'profiles.changed') void lifecycle.current().then(sync.publish, () => undefined);
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
