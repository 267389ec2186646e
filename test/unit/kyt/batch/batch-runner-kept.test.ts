import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../../main/lib/logger';
import type { LocalStore } from '../../../../main/local/local-store';
import { createBatchBook } from '../../../../main/kyt/batch/batch-book';
import { createBatchRunner, SYNC_AHEAD_LINES } from '../../../../main/kyt/batch/batch-runner';
import { createKytBatches } from '../../../../main/kyt/batch/kyt-batches';
import { createKytSender } from '../../../../main/kyt/kyt-sender';
import { createKytStore, type KytSubmissions } from '../../../../main/kyt/kyt-store';
import {
  fakeKytClient,
  kytFailures,
  openTestLocalStore,
  scoredAnswer,
  transactionOf,
} from '../../../support/kyt-fixture';
import { makeTempDir } from '../../../support/temp-dir';

vi.mock('../../../../main/kyt/kyt-answer', () =>
  import('../../../support/kyt-readers-stub').then((stub) => stub.answerModule),
);

// The runner over the real store and sender: each line's outcome is kept while the next line's
// request is on its way, and every outcome is kept by the time the batch stops, however it stops.

describe('a batch sent over the real store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let store: KytSubmissions;
  beforeEach(() => {
    temp = makeTempDir('casedesk-kyt-runner-');
    local = openTestLocalStore(temp.path);
    store = createKytStore(local, silentLogger);
  });
  afterEach(() => {
    local.close();
    temp.remove();
  });

  const batchOf = (lines: number) => {
    const book = createBatchBook(local);
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
    const records = store.createMany(
      Array.from({ length: lines }, (_, index) => ({
        transaction: transactionOf({ external_id: `T${index + 1}` }),
        batch: { id: 'B', line: index + 1 },
      })),
    );
    return { book, ids: records.map((record) => record.id) };
  };

  const runnerWith = (
    book: ReturnType<typeof createBatchBook>,
    answer: (body: unknown, call: number) => Promise<unknown>,
  ) => {
    const { client, bodies } = fakeKytClient(answer);
    const sender = createKytSender({ store, client, logger: silentLogger, onChange: () => {} });
    const runner = createBatchRunner({
      store,
      sender,
      book,
      logger: silentLogger,
      now: Date.now,
      sleep: () => Promise.resolve(),
      bootId: () => 'boot',
      changed: () => {},
    });
    return { runner, bodies };
  };

  /** The batches as the app runs them, over the profile's local store and the real sender. */
  const batchesOverLocal = (client: ReturnType<typeof fakeKytClient>['client']) =>
    createKytBatches({
      store,
      sender: createKytSender({ store, client, logger: silentLogger, onChange: () => {} }),
      records: local,
      logger: silentLogger,
      bootId: () => 'boot',
    });

  const statuses = (ids: string[]) => ids.map((id) => store.get(id)?.status);

  it('keeps a line’s answer while the next one is sent, and every answer by the end', async () => {
    const { book, ids } = batchOf(4);
    let release: () => void = () => undefined;
    const seenAtThird: Array<string | undefined>[] = [];
    const { runner, bodies } = runnerWith(book, (body, call) => {
      if (call !== 3) return Promise.resolve(scoredAnswer(body as never));
      return new Promise((resolve) => {
        release = () => resolve(scoredAnswer(body));
      });
    });
    runner.resume('B');
    await vi.waitFor(() => expect(bodies).toHaveLength(3));
    await vi.waitFor(() => expect(statuses(ids)[1]).toBe('scored'));
    seenAtThird.push(statuses(ids));
    release();
    await runner.settled('B');
    expect(seenAtThird).toEqual([['scored', 'scored', 'sending', 'waiting']]);
    expect(statuses(ids)).toEqual(['scored', 'scored', 'scored', 'scored']);
    expect(bodies.map((body) => (body as { external_id: string }).external_id)).toEqual([
      'T1',
      'T2',
      'T3',
      'T4',
    ]);
    expect(book.summary('B')).toMatchObject({ state: 'done', sendingWindow: null });
  });

  it('a lost answer stops it with the line before kept and the lines after waiting', async () => {
    const { book, ids } = batchOf(4);
    const { runner, bodies } = runnerWith(book, (body, call) =>
      call === 3
        ? Promise.reject(kytFailures.dropped())
        : Promise.resolve(scoredAnswer(body as never)),
    );
    runner.resume('B');
    await runner.settled('B');
    expect(bodies).toHaveLength(3);
    expect(statuses(ids)).toEqual(['scored', 'scored', 'in-doubt', 'waiting']);
    expect(book.summary('B')?.state).toBe('paused');
  });

  it('closed while a line is on its way, the line before is kept and that one ends as its answer does', async () => {
    const { book, ids } = batchOf(3);
    let release: () => void = () => undefined;
    const { runner, bodies } = runnerWith(book, (body, call) =>
      call === 2
        ? new Promise((resolve) => {
            release = () => resolve(scoredAnswer(body));
          })
        : Promise.resolve(scoredAnswer(body as never)),
    );
    runner.resume('B');
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    const closing = runner.close();
    release();
    await closing;
    expect(statuses(ids)).toEqual(['scored', 'scored', 'waiting']);
  });

  it('run by the batches over the profile’s local store, each window is synced to disk before its lines go out', async () => {
    const { book, ids } = batchOf(40);
    const syncs: Array<{ through: number; done: boolean }> = [];
    const syncToDisk = local.syncToDisk.bind(local);
    vi.spyOn(local, 'syncToDisk').mockImplementation(async () => {
      const sync = { through: book.summary('B')?.sendingWindow?.throughLine ?? 0, done: false };
      syncs.push(sync);
      await syncToDisk();
      sync.done = true;
    });
    const onDisk: Array<{ line: number; through: number }> = [];
    const { client } = fakeKytClient((body) => {
      const line = Number((body as { external_id: string }).external_id.slice(1));
      const through = Math.max(0, ...syncs.filter((s) => s.done).map((s) => s.through));
      onDisk.push({ line, through });
      return Promise.resolve(scoredAnswer(body as never));
    });
    const batches = batchesOverLocal(client);
    batches.resume('B');
    await batches.settled('B');
    expect(statuses(ids)).toEqual(Array<string>(40).fill('scored'));
    expect(onDisk).toHaveLength(40);
    for (const { line, through } of onDisk) expect(line).toBeLessThanOrEqual(through);
    expect(syncs.length).toBeGreaterThanOrEqual(40 / SYNC_AHEAD_LINES);
    expect(book.summary('B')).toMatchObject({ state: 'done', sendingWindow: null });
    await batches.close();
  });

  it('over a store that could not be put in WAL mode, a batch still sends every line', async () => {
    local.db.pragma('journal_mode = DELETE');
    const { book, ids } = batchOf(20);
    const { client } = fakeKytClient((body) => Promise.resolve(scoredAnswer(body as never)));
    const batches = batchesOverLocal(client);
    batches.resume('B');
    await batches.settled('B');
    expect(statuses(ids)).toEqual(Array<string>(20).fill('scored'));
    expect(book.summary('B')).toMatchObject({ state: 'done', reason: null, sendingWindow: null });
    await batches.close();
  });

  it('paused while a line is on its way, no sending window outlives the pause', async () => {
    const { book, ids } = batchOf(40);
    let runner: ReturnType<typeof runnerWith>['runner'] | null = null;
    const made = runnerWith(book, (body, call) => {
      // Asked just as the line went out, before the work done while it is on its way.
      if (call === 16) runner?.pause('B');
      return Promise.resolve(scoredAnswer(body as never));
    });
    runner = made.runner;
    made.runner.resume('B');
    await made.runner.settled('B');
    expect(made.bodies).toHaveLength(16);
    expect(book.summary('B')).toMatchObject({ state: 'paused', sendingWindow: null });
    expect(statuses(ids).slice(0, 17)).toEqual([...Array<string>(16).fill('scored'), 'waiting']);
  });
});
