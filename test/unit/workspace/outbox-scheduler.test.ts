import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Connectivity, EventMap, EventName } from '../../../preload/contract';
import { silentLogger } from '../../../main/lib/logger';
import type { ReplayReport } from '../../../main/outbox/outbox-replayer';
import { openOutbox, type Outbox } from '../../../main/outbox/outbox-store';
import { createConnectivity } from '../../../main/workspace/connectivity';
import { createOutboxScheduler, type OutboxSpace } from '../../../main/workspace/outbox-scheduler';
import { makeTempDir } from '../../support/temp-dir';

/** A real outbox, sent by a stand-in for the replayer: the service is down until told otherwise. */
function fakeSpace(outbox: Outbox) {
  const state = { down: true, refused: false, tries: [] as number[] };
  const space: OutboxSpace = {
    outbox,
    replayer: {
      replay(): Promise<ReplayReport> {
        state.tries.push(Date.now());
        const waiting = outbox.list(['queued']);
        if (state.refused && waiting.length > 0)
          return Promise.resolve({
            delivered: 0,
            failed: 0,
            stoppedBy: 'The service refused the access token (HTTP 401).',
            unreachable: false,
            tokenRefused: true,
          });
        if (state.down || waiting.length === 0)
          return Promise.resolve({
            delivered: 0,
            failed: 0,
            stoppedBy: state.down && waiting.length > 0 ? 'The service is unreachable.' : null,
            unreachable: state.down && waiting.length > 0,
          });
        for (const item of waiting) outbox.markDone(item.id, null);
        return Promise.resolve({
          delivered: waiting.length,
          failed: 0,
          stoppedBy: null,
          unreachable: false,
        });
      },
    },
  };
  return { space, state };
}

describe('the outbox scheduler', () => {
  const temp = makeTempDir('casedesk-outbox-scheduler-');
  let outbox: Outbox;
  let open: OutboxSpace | null;
  let published: number;
  let events: Array<{ name: EventName; payload: unknown }>;
  const connectivity = createConnectivity();

  const scheduler = (retryMs?: readonly number[], canSend?: () => boolean) =>
    createOutboxScheduler({
      ...(canSend ? { canSend } : {}),
      events: {
        emit: <E extends EventName>(name: E, payload: EventMap[E]) => {
          events.push({ name, payload });
        },
      },
      logger: silentLogger,
      connectivity,
      workspace: () => open,
      onConnectivityChange: () => {
        published += 1;
      },
      ...(retryMs ? { retryMs } : {}),
    });
  /** The delays between one try and the next, measured on the fake clock. */
  const gaps = (tries: number[]) => tries.slice(1).map((at, index) => at - (tries[index] ?? 0));

  beforeEach(() => {
    vi.useFakeTimers();
    outbox = openOutbox(join(temp.path, `${String(Date.now())}-${Math.random()}.db`), silentLogger);
    open = null;
    published = 0;
    events = [];
    connectivity.reset();
  });
  afterEach(() => {
    vi.useRealTimers();
    outbox.close();
  });

  it('while the service is unreachable, tries again on its own, backing off, the last wait repeating', async () => {
    const { space, state } = fakeSpace(outbox);
    open = space;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100, 200, 400]);

    outboxScheduler.replaySoon(space);
    await vi.advanceTimersByTimeAsync(100 + 200 + 400 + 400 + 400);
    expect(gaps(state.tries)).toEqual([100, 200, 400, 400, 400]);
    expect(connectivity.current()).toBe('offline');

    // Back: the next retry delivers, and nothing more is tried.
    state.down = false;
    await vi.advanceTimersByTimeAsync(400);
    expect(outbox.list(['queued'])).toHaveLength(0);
    expect(connectivity.current()).toBe('online');
    const tried = state.tries.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.tries).toHaveLength(tried);
    outboxScheduler.stop();
  });

  it('a new write does not slow the pace, and the pace starts afresh once the service took the writes', async () => {
    const { space, state } = fakeSpace(outbox);
    open = space;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100, 200, 400]);

    outboxScheduler.replaySoon(space);
    await vi.advanceTimersByTimeAsync(100 + 200);
    // Two retries so far: the next one waits 400. A write made now is sent at once, and the
    // retries after it keep the pace they had reached rather than backing off further.
    outbox.enqueue({ kind: 'document.delete', id: 'doc-2' });
    outboxScheduler.replaySoon(space);
    await vi.advanceTimersByTimeAsync(400 + 400);
    expect(gaps(state.tries)).toEqual([100, 200, 0, 400, 400]);

    state.down = false;
    await vi.advanceTimersByTimeAsync(400);
    expect(outbox.list(['queued'])).toHaveLength(0);

    // Down again with a new write: the first retry comes after the first wait again.
    state.down = true;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-3' });
    const before = state.tries.length;
    outboxScheduler.replaySoon(space);
    await vi.advanceTimersByTimeAsync(100 + 200);
    expect(gaps(state.tries.slice(before))).toEqual([100, 200]);
    outboxScheduler.stop();
  });

  it('tells the status what its sends learn of the service, but never overrules a refused token', async () => {
    const { space, state } = fakeSpace(outbox);
    open = space;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100]);

    await outboxScheduler.replay(space);
    expect(connectivity.current()).toBe('offline');
    expect(published).toBe(1);
    // Learned again, unchanged: nothing new to say.
    await outboxScheduler.replay(space);
    expect(published).toBe(1);

    connectivity.set('token_refused');
    state.down = false;
    await outboxScheduler.replay(space);
    expect(outbox.list(['queued'])).toHaveLength(0);
    expect(connectivity.current() satisfies Connectivity).toBe('token_refused');
    expect(published).toBe(1);
    outboxScheduler.stop();
  });

  it('a replay the service refused for its token is not tried again on its own; the writes wait, queued', async () => {
    const { space, state } = fakeSpace(outbox);
    open = space;
    state.refused = true;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100]);

    await outboxScheduler.replay(space);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(state.tries).toHaveLength(1);
    expect(outbox.list(['queued'])).toHaveLength(1);
    expect(connectivity.current()).toBe('token_refused');
    expect(published).toBe(1);
    outboxScheduler.stop();
  });

  it('sends nothing while no token may be sent, and sends what waits once one may', async () => {
    const { space, state } = fakeSpace(outbox);
    open = space;
    state.down = false;
    let mayCall = false;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100], () => mayCall);

    await outboxScheduler.replay(space);
    outboxScheduler.replaySoon(space);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.tries).toHaveLength(0);
    expect(outbox.list(['queued'])).toHaveLength(1);

    mayCall = true;
    await outboxScheduler.replay(space);
    expect(outbox.list(['queued'])).toHaveLength(0);
    outboxScheduler.stop();
  });

  it('a replay of a workspace no longer open learns nothing and sets no retry', async () => {
    const { space, state } = fakeSpace(outbox);
    open = null;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100]);

    await outboxScheduler.replay(space);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.tries).toHaveLength(1);
    expect(connectivity.current()).toBe('unknown');
    expect(published).toBe(0);
  });

  it('stops retrying when the workspace is left', async () => {
    const { space, state } = fakeSpace(outbox);
    open = space;
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const outboxScheduler = scheduler([100]);

    outboxScheduler.replaySoon(space);
    await vi.advanceTimersByTimeAsync(250);
    expect(state.tries).toHaveLength(3);
    outboxScheduler.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.tries).toHaveLength(3);
  });

  it('a replay that fails is logged and settles: the sync waiting on it goes on', async () => {
    open = null;
    const failing: OutboxSpace = {
      outbox,
      replayer: { replay: () => Promise.reject(new Error('disk full')) },
    };
    const errors: unknown[] = [];
    const outboxScheduler = createOutboxScheduler({
      events: { emit: () => undefined },
      logger: {
        ...silentLogger,
        error: (_message, error) => {
          errors.push(error);
        },
      },
      connectivity,
      workspace: () => open,
      onConnectivityChange: () => undefined,
    });
    await expect(outboxScheduler.replay(failing)).resolves.toBeUndefined();
    expect(errors).toEqual([new Error('disk full')]);
  });

  it('announces a change of a write: the badge, the tables that show it pending, a discarded upload', () => {
    const { space } = fakeSpace(outbox);
    open = space;
    const outboxScheduler = scheduler();
    const item = outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });

    outboxScheduler.onOutboxChange({ id: item.id, item });
    expect(events).toEqual([
      { name: 'outbox.changed', payload: { pending: 1, failed: 0 } },
      { name: 'cache.changed', payload: { tables: ['documents'] } },
    ]);

    events = [];
    outbox.markDone(item.id, null);
    outboxScheduler.onOutboxChange({ id: item.id, item: outbox.get(item.id) });
    // Delivered: its cache change is announced by whoever applied it, not here.
    expect(events).toEqual([{ name: 'outbox.changed', payload: { pending: 0, failed: 0 } }]);

    events = [];
    outboxScheduler.onOutboxChange({ id: 'upload-1', item: null });
    expect(events).toContainEqual({
      name: 'uploads.progress',
      payload: { requestId: 'upload-1', phase: 'discarded', done: 0, total: 0, error: null },
    });
  });
});
