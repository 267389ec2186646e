import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/lib/logger';
import { createBatchBook, type BatchBook } from '../../../../main/kyt/batch/batch-book';
import {
  createBatchRunner,
  PAUSED_BY_YOU,
  SENDING_WINDOW_LINES,
  SYNC_AHEAD_LINES,
  type WindowDisk,
} from '../../../../main/kyt/batch/batch-runner';
import {
  createFakeKytStore,
  createScriptedSender,
  memoryRecords,
  type FakeKytStore,
} from '../../../support/kyt-fakes';

// The sending window reaches the disk off the main thread: written unflushed, then synced. No
// line goes out before a window on disk covers it, whatever the sync takes, and a sync that fails
// stops the batch before anything more goes out.

interface Sync {
  /** The last line the window written before this sync started covers. */
  through: number;
  state: 'pending' | 'done' | 'failed';
  resolve(): void;
  reject(error: Error): void;
}

/** A disk whose syncs the test settles; remembers which window each one takes to disk. */
function fakeDisk(book: BatchBook, onSync: (sync: Sync) => void = () => {}) {
  const syncs: Sync[] = [];
  let unflushedWrites = 0;
  const disk: WindowDisk = {
    unflushed(write) {
      unflushedWrites += 1;
      return write();
    },
    syncToDisk() {
      const through = book.summary('B')?.sendingWindow?.throughLine ?? Number.NEGATIVE_INFINITY;
      return new Promise<void>((resolve, reject) => {
        const sync: Sync = {
          through,
          state: 'pending',
          resolve() {
            sync.state = 'done';
            resolve();
          },
          reject(error) {
            sync.state = 'failed';
            reject(error);
          },
        };
        syncs.push(sync);
        onSync(sync);
      });
    },
  };
  return {
    disk,
    syncs,
    unflushedWrites: () => unflushedWrites,
    /** The last line a window synced covers. */
    onDiskThrough: () =>
      Math.max(
        Number.NEGATIVE_INFINITY,
        ...syncs.filter((sync) => sync.state === 'done').map((sync) => sync.through),
      ),
  };
}

const ticks = async (count: number) => {
  for (let tick = 0; tick < count; tick += 1)
    await new Promise<void>((resolve) => setImmediate(resolve));
};

const opened: Array<{ close(): void }> = [];
afterEach(() => {
  for (const one of opened.splice(0)) one.close();
});

function batchOf(lines: number, onSync?: (sync: Sync) => void) {
  const records = memoryRecords();
  opened.push(records);
  const book = createBatchBook(records);
  book.create({
    id: 'B',
    fileName: 'b.csv',
    format: 'csv',
    separator: ',',
    createdAt: '2026-03-10T08:00:00.000Z',
    state: 'ready',
    reason: null,
    imported: true,
    lines,
    invalid: 0,
    mapping: null,
  });
  const store: FakeKytStore = createFakeKytStore();
  store.createMany(
    Array.from({ length: lines }, (_, index) => ({
      transaction: { amount: index + 1, currency: 'EUR', from: {}, to: {} },
      batch: { id: 'B', line: index + 1 },
    })),
  );
  const disk = fakeDisk(book, onSync);
  /** Each line as it went out, with the last line then covered by a window on disk. */
  const wentOut: Array<{ line: number; onDiskThrough: number }> = [];
  const sender = createScriptedSender(store, (record) => {
    wentOut.push({ line: record.batch?.line ?? 0, onDiskThrough: disk.onDiskThrough() });
    return { kind: 'scored' };
  });
  const runner = createBatchRunner({
    store,
    sender,
    book,
    disk: disk.disk,
    logger: silentLogger,
    now: Date.now,
    sleep: () => Promise.resolve(),
    bootId: () => 'boot',
    changed: () => {},
  });
  book.update('B', { state: 'running' });
  const status = (line: number) =>
    store.all().find((record) => record.batch?.line === line)?.status;
  return { book, store, runner, wentOut, status, ...disk };
}

describe('the sending window on disk', () => {
  it('no line goes out before the sync of a window covering it is done', async () => {
    const batch = batchOf(40);
    batch.runner.resume('B');
    await ticks(20);
    // The first window is written (unflushed) and its sync pending: nothing went out.
    expect(batch.wentOut).toEqual([]);
    expect(batch.syncs).toHaveLength(1);
    expect(batch.unflushedWrites()).toBe(1);
    expect(batch.book.summary('B')?.sendingWindow).toMatchObject({ fromLine: 1, throughLine: 16 });

    batch.syncs[0]?.resolve();
    await ticks(50);
    // The next window was written and its sync started half a window ahead; while it is pending,
    // only the lines of the window on disk went out.
    expect(batch.wentOut.map(({ line }) => line)).toEqual(
      Array.from({ length: SENDING_WINDOW_LINES }, (_, index) => index + 1),
    );
    // (And another while line 16 was on its way: each write starts its own sync.)
    const ahead = SENDING_WINDOW_LINES - SYNC_AHEAD_LINES;
    expect(batch.syncs.map((sync) => sync.through)).toEqual([
      SENDING_WINDOW_LINES,
      ahead + SENDING_WINDOW_LINES,
      2 * ahead + SENDING_WINDOW_LINES,
    ]);
    expect(batch.status(SENDING_WINDOW_LINES + 1)).toBe('waiting');

    for (const sync of batch.syncs) sync.resolve();
    const resolveAll = setInterval(() => {
      for (const sync of batch.syncs) if (sync.state === 'pending') sync.resolve();
    }, 1);
    await batch.runner.settled('B');
    clearInterval(resolveAll);
    expect(batch.wentOut).toHaveLength(40);
    for (const { line, onDiskThrough } of batch.wentOut)
      expect(line).toBeLessThanOrEqual(onDiskThrough);
    expect(batch.book.summary('B')).toMatchObject({ state: 'done', sendingWindow: null });
  });

  it('whatever each sync takes, every line goes out in order, each covered by a window on disk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 1, maxLength: 10 }),
        async (lines, delays) => {
          let count = 0;
          const batch = batchOf(lines, (sync) => {
            const delay = delays[count % delays.length] ?? 0;
            count += 1;
            void ticks(delay).then(() => sync.resolve());
          });
          batch.runner.resume('B');
          await batch.runner.settled('B');
          expect(batch.wentOut.map(({ line }) => line)).toEqual(
            Array.from({ length: lines }, (_, index) => index + 1),
          );
          for (const { line, onDiskThrough } of batch.wentOut)
            expect(line).toBeLessThanOrEqual(onDiskThrough);
          expect(batch.book.summary('B')).toMatchObject({ state: 'done', sendingWindow: null });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a sync that fails stops the batch before a line it should have covered goes out', async () => {
    const batch = batchOf(40, (sync) => {
      if (sync.through <= SENDING_WINDOW_LINES) sync.resolve();
      else sync.reject(new Error('EIO: i/o error, fdatasync'));
    });
    batch.runner.resume('B');
    await batch.runner.settled('B');
    // The first window was on disk; the second never was: none of its own lines went out.
    expect(batch.wentOut.map(({ line }) => line)).toEqual(
      Array.from({ length: SYNC_AHEAD_LINES }, (_, index) => index + 1),
    );
    const summary = batch.book.summary('B');
    expect(summary).toMatchObject({ state: 'paused', sendingWindow: null });
    expect(summary?.reason).toMatch(
      `The disk did not confirm the record of the lines about to be sent (EIO: i/o error, fdatasync), so line ${SYNC_AHEAD_LINES + 1} and the ones after it were not sent.`,
    );
    expect(summary?.reason).toMatch(`resume: it goes on from line ${SYNC_AHEAD_LINES + 1}.`);
    expect(batch.status(SYNC_AHEAD_LINES)).toBe('scored');
    expect(batch.status(SYNC_AHEAD_LINES + 1)).toBe('waiting');
  });

  it('the first window’s sync failing: nothing goes out', async () => {
    const batch = batchOf(5, (sync) => sync.reject(new Error('ENOSPC: no space left on device')));
    batch.runner.resume('B');
    await batch.runner.settled('B');
    expect(batch.wentOut).toEqual([]);
    expect(batch.book.summary('B')).toMatchObject({ state: 'paused', sendingWindow: null });
    expect(batch.book.summary('B')?.reason).toMatch(/no space left on device.*line 1 and the ones/);
    expect(batch.status(1)).toBe('waiting');
  });

  it('paused while its first window is being synced: nothing goes out and no window is left', async () => {
    const batch = batchOf(5);
    batch.runner.resume('B');
    await ticks(10);
    expect(batch.syncs).toHaveLength(1);
    batch.runner.pause('B');
    batch.syncs[0]?.resolve();
    await batch.runner.settled('B');
    expect(batch.wentOut).toEqual([]);
    expect(batch.book.summary('B')).toMatchObject({
      state: 'paused',
      reason: PAUSED_BY_YOU,
      sendingWindow: null,
    });
  });

  it('a sync that never answers holds neither a pause nor closing', async () => {
    const paused = batchOf(5);
    paused.runner.resume('B');
    await ticks(10);
    expect(paused.syncs).toHaveLength(1);
    paused.runner.pause('B');
    // The disk never answers: the run still ends, nothing went out, no window is left.
    await paused.runner.settled('B');
    expect(paused.runner.running('B')).toBe(false);
    expect(paused.wentOut).toEqual([]);
    expect(paused.book.summary('B')).toMatchObject({ state: 'paused', sendingWindow: null });

    const closing = batchOf(5);
    closing.runner.resume('B');
    await ticks(10);
    expect(closing.syncs).toHaveLength(1);
    await closing.runner.close();
    expect(closing.wentOut).toEqual([]);
    expect(closing.book.summary('B')).toMatchObject({ state: 'paused', sendingWindow: null });
  });

  it('paused and resumed while a window is being synced: the window written before the pause proves nothing, a new one is synced', async () => {
    const batch = batchOf(5);
    batch.runner.resume('B');
    await ticks(10);
    batch.runner.pause('B');
    batch.runner.resume('B');
    // The sync started before the pause completes only now: the pause's write cleared its window.
    batch.syncs[0]?.resolve();
    await ticks(20);
    expect(batch.wentOut).toEqual([]);
    expect(batch.syncs).toHaveLength(2);
    batch.syncs[1]?.resolve();
    await batch.runner.settled('B');
    expect(batch.wentOut.map(({ line }) => line)).toEqual([1, 2, 3, 4, 5]);
    expect(batch.book.summary('B')).toMatchObject({ state: 'done', sendingWindow: null });
  });
});
