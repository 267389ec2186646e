import type { Connectivity, SyncStatusView } from '../../preload/contract';
import { isServiceError } from '../api';
import { readState } from '../cache/repositories';
import type { EventHub } from '../lib/event-hub';
import { AppError } from '../lib/app-error';
import { NewerDatabaseError } from '../lib/sqlite/migrate';
import type { Logger } from '../lib/logger';
import { createUploadProgressReporter, uploadStateProgress } from '../uploads/upload-progress';
import type { OutboxChange } from '../outbox/outbox-replayer';
import { outboxCounts } from '../outbox/outbox-view';
import { reapplyDeliveredSince } from '../outbox/delivered-to-cache';
import { cacheTablesOf, OUTBOX_KINDS } from '../outbox/kinds/registry';
import type { ProfileService } from '../session/profile-service';
import type { SyncProgress } from '../sync/progress';
import { EVERYTHING } from '../../preload/contract';
import { adoptScope, forgetCursors, scopeFilters } from '../sync/sync-scope';
import { runSyncInWorker, WorkerSyncError } from '../sync/worker-sync';
import { openWorkspace, type Workspace } from './workspace';

const PROGRESS_EVERY_MS = 200;
/** After a replay the service could not take, the next tries: sooner than the next sync. */
// A retry is one connection attempt: cheap enough to keep at a minute, so that writes go out soon
// after the service is back even with no sync due.
const REPLAY_RETRY_MS = [5_000, 10_000, 20_000, 40_000, 60_000];

/**
 * The active profile's workspace, opened and closed as the active profile changes; runs syncs in
 * the background (on demand and on a schedule), replays the outbox after each, and reports status.
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
  const retryMs = deps.outboxRetryMs?.length ? deps.outboxRetryMs : REPLAY_RETRY_MS;
  let workspace: Workspace | null = null;
  let connectivity: Connectivity = 'unknown';
  let progress: SyncProgress | null = null;
  let lastError: string | null = null;
  let lastProgressAt = 0;
  let running: Promise<void> | null = null;
  let stopRun: AbortController | null = null;

  const lastSyncAt = (): string | null => {
    if (!workspace) return null;
    return readState<{ finishedAt?: string }>(workspace.db, 'sync.last')?.finishedAt ?? null;
  };

  const status = (): SyncStatusView => ({
    profileId: workspace?.profileId ?? null,
    state: running ? 'running' : 'idle',
    progress,
    connectivity,
    lastSyncAt: lastSyncAt(),
    lastError,
    cacheNotice: workspace?.cacheNotice ?? null,
    localStoreNotice: workspace?.localStoreNotice ?? null,
  });
  const publish = () => deps.events.emit('sync.status', status());
  const uploadProgress = createUploadProgressReporter((progress) =>
    deps.events.emit('uploads.progress', progress),
  );
  const outboxChanged = () => {
    if (!workspace) return;
    deps.events.emit(
      'outbox.changed',
      outboxCounts(workspace.outbox.list(['queued', 'sending', 'failed'])),
    );
  };
  /**
   * Every state change of a write: the badge, the documents list (it shows pending writes), an
   * upload's progress. A delivered write is announced by its cache change instead.
   */
  const onOutboxChange = (change: OutboxChange) => {
    outboxChanged();
    const tables = cacheTablesOf(OUTBOX_KINDS, change.item?.payload ?? null);
    if (tables.length > 0 && change.item?.state !== 'done')
      deps.events.emit('cache.changed', { tables });
    const progress = change.item
      ? uploadStateProgress(change.item)
      : // Gone: discarded. A form still showing it as on its way must hear so.
        { requestId: change.id, phase: 'discarded' as const, done: 0, total: 0, error: null };
    if (progress) uploadProgress.report(progress, true);
  };

  // Writes the service could not take are tried again on their own, backing off, until it takes them.
  let replayRetry: NodeJS.Timeout | null = null;
  let replayRetries = 0;
  const stopReplayRetry = () => {
    if (replayRetry) clearTimeout(replayRetry);
    replayRetry = null;
  };
  /** `retrying`: run by the retry timer, which alone backs off; a new write does not slow the pace. */
  const replay = async (space: Workspace, retrying = false): Promise<void> => {
    const report = await space.replayer.replay();
    if (workspace !== space) return;
    // What the outbox learns of the service is what the top bar says: a send that cannot connect
    // means offline, a delivery means online again, without waiting for the next sync.
    const seen: Connectivity | null = report.unreachable
      ? 'offline'
      : report.delivered > 0
        ? 'online'
        : null;
    if (seen && seen !== connectivity && connectivity !== 'token_refused') {
      connectivity = seen;
      publish();
    }
    stopReplayRetry();
    if (!report.stoppedBy || space.outbox.list(['queued', 'sending']).length === 0) {
      replayRetries = 0;
      return;
    }
    if (retrying) replayRetries += 1;
    const delay = retryMs[Math.min(replayRetries, retryMs.length - 1)] ?? 60_000;
    replayRetry = setTimeout(() => void replay(space, true).catch(() => undefined), delay);
    replayRetry.unref();
  };
  /** Sends what is queued, in the background; the answer does not wait for the service. */
  const replaySoon = (space: Workspace): void => {
    replay(space).catch((error: unknown) =>
      deps.logger.error('the outbox could not be replayed', error),
    );
  };

  /** Opens the workspace of the active profile, closing another one first; one switch at a time. */
  let switching: Promise<Workspace | null> | null = null;
  const current = (): Promise<Workspace | null> => {
    switching ??= switchToActive().finally(() => {
      switching = null;
    });
    return switching;
  };
  const switchToActive = async (): Promise<Workspace | null> => {
    const active = deps.profiles.activeCredentials();
    // Same profile, same address, same trust: keep it; an edit of either opens it afresh.
    if (
      workspace &&
      active &&
      workspace.profileId === active.profile.id &&
      workspace.baseUrl === active.profile.baseUrl &&
      workspace.caFile === active.profile.caFile
    ) {
      return workspace;
    }
    if (running) await running.catch(() => undefined);
    stopReplayRetry();
    replayRetries = 0;
    if (workspace) await workspace.close();
    workspace = null;
    connectivity = 'unknown';
    lastError = null;
    if (!active) return null;
    workspace = await openProfileWorkspace({
      dataDir: deps.dataDir,
      profile: active.profile,
      getToken: () => deps.profiles.activeCredentials()?.token ?? active.token,
      logger: deps.logger,
      onAuthFailure: () => {
        connectivity = 'token_refused';
      },
      onOutboxChange,
      onUploadProgress: (item, sent, total) =>
        uploadProgress.report({
          requestId: item.id,
          phase: 'sending',
          done: Math.min(sent, total),
          total,
          error: null,
        }),
      onCacheChange: (tables) => deps.events.emit('cache.changed', { tables }),
    });
    // A profile opened is a profile brought up to date: on launch and on every switch, a sync
    // starts at once rather than at the schedule's next tick (the screens show the cache meanwhile).
    if (deps.intervalMs > 0) setTimeout(() => void start().catch(() => undefined), 0).unref();
    return workspace;
  };

  /**
   * A cache or outbox written by a newer CaseDesk cannot be used here, and nothing is gained by
   * failing as if CaseDesk were broken: the investigator is told what happened and what to do.
   */
  const openProfileWorkspace = async (
    options: Parameters<typeof openWorkspace>[0],
  ): Promise<Workspace> => {
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

  const onProgress = (next: SyncProgress) => {
    progress = next;
    const now = Date.now();
    if (now - lastProgressAt >= PROGRESS_EVERY_MS) {
      lastProgressAt = now;
      publish();
    }
  };

  const runSync = async (space: Workspace, full: boolean) => {
    if (full) forgetCursors(space.db);
    const began = Date.now();
    const controller = new AbortController();
    stopRun = controller;
    try {
      const active = deps.profiles.activeCredentials();
      const token = active?.token;
      const scope = active?.profile.syncScope ?? EVERYTHING;
      adoptScope(space.db, scope);
      const filters = scopeFilters(scope);
      if (deps.syncWorkerPath && token) {
        await runSyncInWorker({
          workerPath: deps.syncWorkerPath,
          cachePath: space.cachePath,
          baseUrl: space.baseUrl,
          token,
          caFile: active?.profile.caFile ?? null,
          sync: filters,
          signal: controller.signal,
          onProgress,
        });
      } else {
        await space.sync.run({ ...filters, signal: controller.signal, onProgress });
      }
      connectivity = 'online';
      lastError = null;
      deps.events.emit('cache.changed', {
        tables: ['alerts', 'threads', 'customers', 'documents', 'timeline_events'],
      });
      await replay(space).catch((error: unknown) =>
        deps.logger.error('the outbox could not be replayed', error),
      );
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      const kind = isServiceError(error) || error instanceof WorkerSyncError ? error.kind : null;
      if (kind === 'auth') connectivity = 'token_refused';
      else if (kind === 'network' || kind === 'timeout') connectivity = 'offline';
      // Pages written before the failure are in the cache: screens may re-read.
      deps.events.emit('cache.changed', { tables: ['alerts', 'threads', 'customers'] });
      // The writes may still get through (a sync can fail for its own reasons); if they cannot
      // either, the replay tries again on its own. In the background: the sync is over.
      replaySoon(space);
    } finally {
      progress = null;
      stopRun = null;
      try {
        if (reapplyDeliveredSince(space.writer, space.outbox, began) > 0)
          deps.events.emit('cache.changed', { tables: cacheTablesOf(space.outbox.kinds, null) });
      } catch (error) {
        deps.logger.error('could not apply delivered changes again after the sync', error);
      }
    }
    outboxChanged();
  };

  const start = async (full = false): Promise<SyncStatusView> => {
    const space = await current();
    if (!space) throw new AppError('unavailable', 'Choose a profile with a token before syncing.');
    if (!running) {
      running = runSync(space, full).finally(() => {
        running = null;
        publish();
      });
    }
    publish();
    return status();
  };

  const timer =
    deps.intervalMs > 0
      ? setInterval(() => void start().catch(() => undefined), deps.intervalMs)
      : null;
  timer?.unref();
  const stopFollowingProfiles = deps.events.subscribe((name) => {
    if (name === 'profiles.changed') void current().then(publish, () => undefined);
  });

  const requireWorkspace = async (): Promise<Workspace> => {
    const space = await current();
    if (!space)
      throw new AppError(
        'unavailable',
        'There is no active profile: add or choose one on the connection screen.',
      );
    return space;
  };

  return {
    status: async () => {
      await current();
      return status();
    },
    start,
    cancel: async () => {
      stopRun?.abort(new Error('Sync cancelled.'));
      await running?.catch(() => undefined);
      return status();
    },
    /** The active profile's workspace, opened if need be; a clear error when there is none. */
    require: requireWorkspace,
    replaySoon,
    /** `uploads.progress` events, throttled: the filing of a file reports its copying through here. */
    uploadProgress,
    /** For tests and the shell: the open workspace, if any. */
    workspace: () => workspace,
    async dispose(): Promise<void> {
      if (timer) clearInterval(timer);
      stopReplayRetry();
      stopFollowingProfiles();
      stopRun?.abort(new Error('Closing.'));
      await running?.catch(() => undefined);
      await workspace?.close();
      workspace = null;
    },
  };
}

export type WorkspaceManager = ReturnType<typeof createWorkspaceManager>;
