import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventMap, EventName, SyncStatusView } from '../../../preload/contract';
import { ServiceError, type ServiceErrorKind } from '../../../main/api';
import { createCacheWriter, readState } from '../../../main/cache/repositories';
import type { EventHub } from '../../../main/lib/event-hub';
import { silentLogger } from '../../../main/lib/logger';
import type { SyncEngine, SyncReport } from '../../../main/sync/sync-engine';
import { createConnectivity } from '../../../main/workspace/connectivity';
import { createSyncScheduler, type SyncScheduler } from '../../../main/workspace/sync-scheduler';
import { createTokenGate } from '../../../main/workspace/token-gate';
import { openWorkspace, type Workspace } from '../../../main/workspace/workspace';
import { makeTempDir } from '../../support/temp-dir';
import { alert } from '../cache/review-records';
import { activeProfile, profileView } from './active-profile';

type RunOptions = Parameters<SyncEngine['run']>[0];

/** A sync engine that runs until the test ends it, writing what a finished sync writes. */
function scriptedEngine(space: Workspace) {
  const runs: Array<{
    options: RunOptions;
    cursorAtStart: unknown;
    finish: () => void;
    fail: (error: unknown) => void;
  }> = [];
  const engine: SyncEngine = {
    running: false,
    run: (options = {}) =>
      new Promise<SyncReport>((resolve, reject) => {
        options.signal?.addEventListener('abort', () => reject(options.signal?.reason as Error), {
          once: true,
        });
        runs.push({
          options,
          cursorAtStart: readState(space.db, 'alerts.cursor'),
          finish: () => {
            const report: SyncReport = {
              alerts: 1,
              threads: 0,
              customers: 0,
              customerFailures: 0,
              customersPartial: 0,
              customerMismatches: 0,
              timelinesMayBeCut: 0,
              stoppedPaging: [],
              startedAt: '2026-03-01T10:00:00.000Z',
              finishedAt: '2026-03-01T10:00:05.000Z',
            };
            space.writer.setState('sync.last', report);
            resolve(report);
          },
          fail: reject,
        });
      }),
    cancel: () => undefined,
  };
  return { engine, runs };
}

const serviceError = (kind: ServiceErrorKind) =>
  new ServiceError({
    operation: 'alerts.search',
    kind,
    retryable: false,
    outcomeUnknown: false,
  });

describe('the sync scheduler', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let real: Workspace;
  let space: Workspace;
  let runs: ReturnType<typeof scriptedEngine>['runs'];
  let events: Array<{ name: EventName; payload: unknown }>;
  let outboxCalls: string[];
  let open: Workspace | null;
  let scheduler: SyncScheduler | null;
  let active: ReturnType<typeof activeProfile>;
  const connectivity = createConnectivity();

  const events$: EventHub = {
    emit: <E extends EventName>(name: E, payload: EventMap[E]) => {
      events.push({ name, payload });
    },
    subscribe: () => () => undefined,
  };
  const schedule = (intervalMs = 0, reconnectMs?: number[]) => {
    scheduler = createSyncScheduler({
      ...(reconnectMs ? { reconnectMs } : {}),
      profiles: active.profiles,
      tokens: createTokenGate({ profiles: active.profiles }),
      events: events$,
      logger: silentLogger,
      connectivity,
      intervalMs,
      current: () => Promise.resolve(open),
      workspace: () => open,
      outbox: {
        replay: () => {
          outboxCalls.push('replay');
          return Promise.resolve();
        },
        replaySoon: () => outboxCalls.push('replaySoon'),
        changed: () => outboxCalls.push('changed'),
      },
    });
    return scheduler;
  };
  const statuses = () =>
    events.filter((event) => event.name === 'sync.status').map((e) => e.payload as SyncStatusView);
  const cacheChanges = () =>
    events.filter((event) => event.name === 'cache.changed').map((e) => e.payload);

  beforeEach(async () => {
    temp = makeTempDir('casedesk-sync-scheduler-');
    real = await openWorkspace({
      dataDir: temp.path,
      profile: { id: 'p-1', baseUrl: 'http://127.0.0.1:9', caFile: null },
      getToken: () => 't0ken',
      logger: silentLogger,
      onAuthFailure: () => undefined,
      onOutboxChange: () => undefined,
    });
    space = { ...real };
    const scripted = scriptedEngine(space);
    space.sync = scripted.engine;
    runs = scripted.runs;
    open = space;
    events = [];
    outboxCalls = [];
    scheduler = null;
    active = activeProfile(profileView());
    connectivity.reset();
  });
  afterEach(async () => {
    vi.useRealTimers();
    scheduler?.stop();
    await scheduler?.settle();
    await real.close();
    temp.remove();
  });

  it('runs one sync at a time; one that ends says online, tells the screens, then sends the outbox', async () => {
    const sync = schedule();
    const started = await sync.start();
    expect(started).toMatchObject({ profileId: 'p-1', state: 'running', lastSyncAt: null });
    expect((await sync.start()).state).toBe('running');
    expect(runs).toHaveLength(1);

    runs[0]?.finish();
    await sync.settle();
    expect(sync.status()).toMatchObject({
      state: 'idle',
      connectivity: 'online',
      lastError: null,
      lastSyncAt: '2026-03-01T10:00:05.000Z',
      progress: null,
    });
    expect(statuses().at(-1)).toEqual(sync.status());
    expect(cacheChanges()).toContainEqual({
      tables: ['alerts', 'threads', 'customers', 'documents', 'timeline_events'],
    });
    expect(outboxCalls).toEqual(['replay', 'changed']);
  });

  it.each([
    ['network', 'offline'],
    ['timeout', 'offline'],
    ['auth', 'token_refused'],
    ['http', 'unknown'],
  ] as const)(
    'a sync that fails with %s: connectivity %s, its error kept, the outbox tried in the background',
    async (kind, connectivityAfter) => {
      const sync = schedule();
      await sync.start();
      const error = serviceError(kind);
      runs[0]?.fail(error);
      await sync.settle();
      expect(sync.status()).toMatchObject({
        state: 'idle',
        connectivity: connectivityAfter,
        lastError: error.message,
      });
      // Pages written before the failure are in the cache.
      expect(cacheChanges()).toContainEqual({ tables: ['alerts', 'threads', 'customers'] });
      expect(outboxCalls).toEqual(['replaySoon', 'changed']);

      // The next sync that ends clears the error.
      await sync.start();
      runs[1]?.finish();
      await sync.settle();
      expect(sync.status()).toMatchObject({ connectivity: 'online', lastError: null });
    },
  );

  it('after the service refuses the token, no sync runs with it again, asked for or scheduled, until a new one is saved', async () => {
    const sync = schedule(20);
    await sync.start();
    runs[0]?.fail(
      new ServiceError({
        operation: 'alerts.search',
        kind: 'auth',
        status: 401,
        retryable: false,
        outcomeUnknown: false,
      }),
    );
    await sync.settle();
    expect(sync.status().connectivity).toBe('token_refused');

    const asked = await sync.start();
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(runs).toHaveLength(1);
    expect(asked).toMatchObject({ state: 'idle', connectivity: 'token_refused' });
    expect(asked.lastError).toContain('The token for Field office was refused — enter a new one');

    active.setToken('n3w-t0ken');
    await sync.start();
    expect(runs).toHaveLength(2);
    runs[1]?.finish();
    await sync.settle();
    expect(sync.status()).toMatchObject({ connectivity: 'online', lastError: null });
  });

  it('with no token known in this run, a sync says to enter the token and runs nothing', async () => {
    active.setToken(null);
    const sync = schedule(20);
    const asked = await sync.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(runs).toHaveLength(0);
    expect(asked).toMatchObject({ profileId: 'p-1', state: 'idle', connectivity: 'token_missing' });
    expect(asked.lastError).toMatch(/enter the token to sync/i);
  });

  it('cancels the sync under way', async () => {
    const sync = schedule();
    await sync.start();
    expect(runs[0]?.options?.signal?.aborted).toBe(false);
    const after = await sync.cancel();
    expect(runs[0]?.options?.signal?.aborted).toBe(true);
    // What was kept is said, not a technical message (issue 13: "Cancelled — … cached").
    expect(after).toMatchObject({
      state: 'idle',
      lastError: null,
      lastSummary: { outcome: 'cancelled', cached: { alerts: 0, customers: 0 } },
    });
    expect(after.lastSummary?.headline).toBe('Cancelled — 0 alerts and 0 customers cached');
  });

  it('keeps the summary of a finished sync: what it brought and what the cache holds', async () => {
    const sync = schedule();
    await sync.start();
    runs[0]?.finish();
    await sync.settle();
    expect(sync.status().lastSummary).toMatchObject({
      outcome: 'finished',
      alerts: 1,
      customerFailures: 0,
      stoppedPaging: [],
    });
  });

  it('publishes progress at most every 200 ms', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sync = schedule();
    await sync.start();
    events = [];
    const report = (done: number) =>
      runs[0]?.options?.onProgress?.({
        phase: 'alerts',
        done,
        total: 100,
        rate: 1,
        etaSeconds: null,
      });
    for (let done = 1; done <= 10; done += 1) report(done);
    expect(statuses().map((status) => status.progress?.done)).toEqual([1]);
    // Not published, yet kept: whoever asks sees the latest figure.
    expect(sync.status().progress?.done).toBe(10);

    vi.setSystemTime(Date.now() + 199);
    report(11);
    vi.setSystemTime(Date.now() + 1);
    report(12);
    expect(statuses().map((status) => status.progress?.done)).toEqual([1, 12]);
  });

  it('a full sync starts again from the top; an ordinary one resumes from its cursors', async () => {
    const sync = schedule();
    await sync.start();
    runs[0]?.finish();
    await sync.settle();

    space.writer.setState('alerts.cursor', { after: 'A-100' });
    await sync.start();
    expect(runs[1]?.cursorAtStart).toEqual({ after: 'A-100' });
    runs[1]?.finish();
    await sync.settle();

    await sync.start(true);
    expect(runs[2]?.cursorAtStart).toBeNull();
  });

  it('with a schedule, syncs as soon as a workspace opens and then at every period, until stopped', async () => {
    vi.useFakeTimers();
    const sync = schedule(1_000);
    sync.syncOnOpen();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(1);
    runs[0]?.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2);
    runs[1]?.finish();
    sync.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(2);
  });

  /** An alert in the cache, and a first screen shown only when the returned function is called. */
  const cachedWithFirstScreenHeld = (): (() => void) => {
    createCacheWriter(space.db).putAlerts([alert('A1', 'C1')], Date.now());
    let shown = () => {};
    const firstScreen = new Promise<void>((resolve) => {
      shown = resolve;
    });
    space.reads = { ...space.reads, firstScreen: () => firstScreen };
    return () => shown();
  };

  it('with alerts cached, syncs on opening once the first screen is shown', async () => {
    const shown = cachedWithFirstScreenHeld();
    const sync = schedule(60_000);
    sync.syncOnOpen();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toHaveLength(0);
    shown();
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    runs[0]?.finish();
  });

  it('does not sync a workspace on opening once another took its place before its first screen', async () => {
    const shown = cachedWithFirstScreenHeld();
    const sync = schedule(60_000);
    sync.syncOnOpen();
    open = { ...space };
    shown();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toHaveLength(0);
  });

  it('does not sync on opening once stopped before the first screen was shown', async () => {
    const shown = cachedWithFirstScreenHeld();
    const sync = schedule(60_000);
    sync.syncOnOpen();
    sync.stop();
    shown();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toHaveLength(0);
  });

  it('without a schedule, opening a workspace starts nothing', async () => {
    vi.useFakeTimers();
    const sync = schedule(0);
    sync.syncOnOpen();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(0);
  });

  it('with no workspace, refuses to sync and says what to do', async () => {
    open = null;
    const sync = schedule();
    await expect(sync.start()).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/Choose a profile/) as unknown,
    });
    expect(sync.status()).toMatchObject({ profileId: null, state: 'idle', lastSyncAt: null });
  });

  it('forgets the last error when its workspace closes', async () => {
    const sync = schedule();
    await sync.start();
    runs[0]?.fail(serviceError('http'));
    await sync.settle();
    expect(sync.status().lastError).not.toBeNull();
    sync.forget();
    expect(sync.status().lastError).toBeNull();
  });

  it('when a delivery shows the service is back, the stale error goes and a sync starts', async () => {
    const sync = schedule();
    await sync.start();
    runs[0]?.fail(serviceError('network'));
    await sync.settle();
    expect(sync.status()).toMatchObject({
      connectivity: 'offline',
      lastError: expect.any(String) as unknown,
    });

    // The outbox delivered a write: what it learned is passed on.
    expect(connectivity.learn('online')).toBe(true);
    await sync.connectivityChanged();
    expect(sync.status()).toMatchObject({ connectivity: 'online', lastError: null });
    expect(statuses().at(-1)).toMatchObject({ connectivity: 'online', lastError: null });
    expect(runs).toHaveLength(2);
    runs[1]?.finish();
    await sync.settle();
    expect(sync.status()).toMatchObject({ state: 'idle', lastError: null });
  });

  it('while the service cannot be reached, tries again on its own, backing off, until a sync gets through', async () => {
    vi.useFakeTimers();
    const sync = schedule(0, [1_000, 5_000]);
    await sync.start();
    runs[0]?.fail(serviceError('network'));
    await sync.settle();
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    runs[1]?.fail(serviceError('timeout'));
    await sync.settle();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(runs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(3);
    runs[2]?.finish();
    await sync.settle();
    expect(sync.status()).toMatchObject({ connectivity: 'online', lastError: null });
    // Reached: no more tries of its own.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(3);
  });

  it('does not try again on its own after a failure that waiting does not mend', async () => {
    vi.useFakeTimers();
    const sync = schedule(0, [1_000]);
    await sync.start();
    runs[0]?.fail(serviceError('http'));
    await sync.settle();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(1);
  });
});
