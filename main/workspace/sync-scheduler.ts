import {
  EVERYTHING,
  tokenOrigin,
  type SyncStatusView,
  type SyncSummaryView,
} from '../../preload/contract';
import { isServiceError } from '../api';
import { alertCount } from '../cache/queue-tables';
import { readState } from '../cache/repositories';
import { AppError } from '../lib/app-error';
import type { EventHub } from '../lib/event-hub';
import type { Logger } from '../lib/logger';
import { reapplyDeliveredSince } from '../outbox/delivered-to-cache';
import { cacheTablesOf } from '../outbox/kinds/registry';
import type { ProfileService } from '../session/profile-service';
import type { SyncProgress } from '../sync/progress';
import { adoptScope, forgetCursors, scopeFilters } from '../sync/sync-scope';
import { summarizeSync } from '../sync/sync-summary';
import { runSyncInWorker, WorkerSyncError } from '../sync/worker-sync';
import type { ConnectivityState } from './connectivity';
import type { OutboxScheduler } from './outbox-scheduler';
import type { TokenGate } from './token-gate';
import { followForced, pickUpFromCache } from './press-pick-up';
import { PRESS_REPORTS_CHANGED, type Workspace } from './workspace';

const PROGRESS_EVERY_MS = 200;
/** The reason a sync stops when the investigator cancels it (closing stops it otherwise). */
const CANCELLED = new Error('Sync cancelled.');
/** While the service cannot be reached, how long to wait before each try of its own, then the last again. */
const RECONNECT_MS = [5_000, 15_000, 30_000, 60_000];

/**
 * Syncs of the open workspace: on demand, on a schedule and as soon as a workspace opens, one at a
 * time, in the sync worker or on this thread; each followed by a replay of the outbox. It keeps and
 * publishes the status the top bar shows.
 */
export function createSyncScheduler(deps: {
  profiles: Pick<ProfileService, 'activeProfile'>;
  /** Which token a sync may send: none that the service refused, none not known in this run. */
  tokens: Pick<TokenGate, 'check' | 'refuse'>;
  events: EventHub;
  logger: Logger;
  connectivity: ConnectivityState;
  /** Background sync period; 0 turns it off. */
  intervalMs: number;
  /** The built sync worker; absent, sync runs on this thread (tests, tools). */
  syncWorkerPath?: string | null;
  /** The active profile's workspace, opened if need be. */
  current: () => Promise<Workspace | null>;
  /** The workspace open now, without opening one: what the status describes. */
  workspace: () => Workspace | null;
  outbox: Pick<OutboxScheduler, 'replay' | 'replaySoon' | 'changed'>;
  /** Waits between tries while the service cannot be reached (tests shorten them). */
  reconnectMs?: readonly number[];
}) {
  const reconnectMs = deps.reconnectMs ?? RECONNECT_MS;
  let progress: SyncProgress | null = null;
  let lastError: string | null = null;
  let lastSummary: SyncSummaryView | null = null;
  let lastProgressAt = 0;
  let running: Promise<void> | null = null;
  let stopRun: AbortController | null = null;
  // Unreachable: a sync of its own now and then, so the service coming back is noticed (and the
  // cache brought up to date) without the investigator asking, backing off while it stays away.
  let reconnect: NodeJS.Timeout | null = null;
  let reconnectTries = 0;
  const stopReconnecting = () => {
    if (reconnect) clearTimeout(reconnect);
    reconnect = null;
  };

  const lastSyncAt = (): string | null => {
    const space = deps.workspace();
    if (!space) return null;
    return readState<{ finishedAt?: string }>(space.db, 'sync.last')?.finishedAt ?? null;
  };

  const status = (): SyncStatusView => {
    const space = deps.workspace();
    const profile = deps.profiles.activeProfile();
    const shown = space && profile?.id === space.profileId ? profile : null;
    return {
      profileId: space?.profileId ?? null,
      profileName: shown?.name ?? null,
      profileOrigin: shown ? tokenOrigin(shown.baseUrl) : null,
      state: running ? 'running' : 'idle',
      progress,
      connectivity: deps.connectivity.current(),
      lastSyncAt: lastSyncAt(),
      lastSummary,
      lastError,
      cacheNotice: space?.cacheNotice ?? null,
      outboxNotice: space?.outboxNotice ?? null,
      localStoreNotice: space?.localStoreNotice ?? null,
    };
  };
  const publish = () => deps.events.emit('sync.status', status());

  const onProgress = (next: SyncProgress) => {
    progress = next;
    const now = Date.now();
    if (now - lastProgressAt >= PROGRESS_EVERY_MS) {
      lastProgressAt = now;
      publish();
    }
  };

  const runSync = async (space: Workspace, full: boolean, token: string) => {
    if (full) forgetCursors(space.db);
    const began = Date.now();
    const controller = new AbortController();
    stopRun = controller;
    try {
      const active = deps.profiles.activeProfile();
      const scope = active?.syncScope ?? EVERYTHING;
      adoptScope(space.db, scope);
      const filters = scopeFilters(scope);
      const report = deps.syncWorkerPath
        ? await runSyncInWorker({
            workerPath: deps.syncWorkerPath,
            cachePath: space.cachePath,
            baseUrl: space.baseUrl,
            token,
            caFile: active?.caFile ?? null,
            sync: filters,
            signal: controller.signal,
            onProgress,
          })
        : await space.sync.run({ ...filters, signal: controller.signal, onProgress });
      deps.connectivity.set('online');
      lastError = null;
      lastSummary = summarizeSync(space.db, { outcome: 'finished', report });
      stopReconnecting();
      reconnectTries = 0;
      deps.events.emit('cache.changed', {
        tables: ['alerts', 'threads', 'customers', 'documents', 'timeline_events'],
      });
      await deps.outbox.replay(space);
      // Reports the synced timelines name (forced generations) are kept while online; never
      // fails the sync.
      if (
        space.press &&
        (await pickUpFromCache(space.press, space.db, deps.logger)) +
          (await followForced(space.press, null, deps.logger)) >
          0
      )
        deps.events.emit('cache.changed', { tables: [PRESS_REPORTS_CHANGED] });
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      // Cancelled by the investigator: what was kept is the news, not an error.
      if (controller.signal.aborted && controller.signal.reason === CANCELLED) {
        lastError = null;
        lastSummary = summarizeSync(space.db, { outcome: 'cancelled' });
      }
      const known = isServiceError(error) || error instanceof WorkerSyncError ? error : null;
      const kind = known?.kind ?? null;
      if (kind === 'auth') {
        // An answer from the service (401, or a 403 naming the credentials): this token is never
        // sent again. Without a status nothing was sent: there was no token to send.
        if (known?.status !== null && known?.status !== undefined)
          deps.tokens.refuse(space.profileId, token);
        const now = deps.tokens.check(space.profileId, space.baseUrl);
        deps.connectivity.set(now.ok ? 'token_refused' : now.reason);
      } else if (kind === 'network' || kind === 'timeout') {
        deps.connectivity.set('offline');
        if (!controller.signal.aborted) reconnectLater();
      }
      // Pages written before the failure are in the cache: screens may re-read.
      deps.events.emit('cache.changed', { tables: ['alerts', 'threads', 'customers'] });
      // The writes may still get through (a sync can fail for its own reasons); if they cannot
      // either, the replay tries again on its own. In the background: the sync is over.
      deps.outbox.replaySoon(space);
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
    deps.outbox.changed();
  };

  let stopped = false;
  const reconnectLater = () => {
    stopReconnecting();
    const delay = reconnectMs[Math.min(reconnectTries, reconnectMs.length - 1)] ?? 60_000;
    reconnectTries += 1;
    reconnect = setTimeout(() => {
      reconnect = null;
      void start().catch(() => undefined);
    }, delay);
    reconnect.unref();
  };

  const start = async (full = false): Promise<SyncStatusView> => {
    const space = await deps.current();
    if (!space) throw new AppError('unavailable', 'Choose a profile with a token before syncing.');
    if (!running) {
      // Asked for, scheduled or on opening: no call with a refused token, none without one. The
      // cache stays readable; the status says what to do.
      const gate = deps.tokens.check(space.profileId, space.baseUrl);
      if (!gate.ok) {
        deps.connectivity.set(gate.reason);
        lastError = gate.message;
        publish();
        return status();
      }
      running = runSync(space, full, gate.token).finally(() => {
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

  return {
    status,
    publish,
    start,
    cancel: async (): Promise<SyncStatusView> => {
      stopRun?.abort(CANCELLED);
      await running?.catch(() => undefined);
      return status();
    },
    /** Waits for a sync under way, whatever its end. */
    settle: async (): Promise<void> => {
      await running?.catch(() => undefined);
    },
    /**
     * A profile opened is a profile brought up to date: on launch and on every switch, a sync
     * starts at once rather than at the schedule's next tick (the screens show the cache meanwhile).
     */
    syncOnOpen: (): void => {
      const space = deps.workspace();
      // A cache set aside is rebuilt at once, in full, even with no background sync.
      const rebuild = space?.cacheSetAside === true;
      if (deps.intervalMs <= 0 && !rebuild) return;
      // A cache with alerts to show shows them first: the sync (its worker's start, its writes)
      // waits for the first screen. An empty one has nothing to show before the sync.
      const shownFirst = space !== null && !rebuild && holdsAlerts(space);
      void (shownFirst ? space.reads.firstScreen() : Promise.resolve()).then(() => {
        setTimeout(() => {
          if (stopped || (shownFirst && deps.workspace() !== space)) return;
          void start(rebuild).catch(() => undefined);
        }, 0).unref();
      });
    },
    /**
     * Something other than a sync (a delivery from the outbox) learned the connectivity. Back
     * online, the error of the sync that could not reach the service is stale: it goes, and a sync
     * starts to bring the cache up to date.
     */
    connectivityChanged: async (): Promise<void> => {
      if (deps.connectivity.current() !== 'online') return publish();
      lastError = null;
      stopReconnecting();
      reconnectTries = 0;
      await start().catch(() => publish());
    },
    /** The workspace closed: what its last sync said no longer applies. */
    forget: (): void => {
      lastError = null;
      lastSummary = null;
      stopReconnecting();
      reconnectTries = 0;
    },
    /** No more scheduled syncs, and the one under way is told to stop. */
    stop: (): void => {
      stopped = true;
      if (timer) clearInterval(timer);
      stopReconnecting();
      stopRun?.abort(new Error('Closing.'));
    },
  };
}

/** Whether the cache has alerts to show (a cache that cannot say is synced at once). */
function holdsAlerts(space: Workspace): boolean {
  try {
    return alertCount(space.db) > 0;
  } catch {
    return false;
  }
}

export type SyncScheduler = ReturnType<typeof createSyncScheduler>;
