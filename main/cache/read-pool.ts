import { Worker } from 'node:worker_threads';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import {
  isStartupRead,
  runCacheRead,
  type CacheReadAnswer,
  type CacheReadArg,
  type CacheReadName,
} from './cache-reads';
import { QUEUE_COLUMNS, type QueueColumnName } from '../../preload/contract';
import type { CacheDb } from './open-cache';
import type {
  FromReadWorker,
  ReadFailure,
  ReadWorkerData,
  ToReadWorker,
} from './read-worker-protocol';

/** The screens' reads of one profile's cache, wherever they run. */
export interface CacheReader {
  read<N extends CacheReadName>(name: N, arg: CacheReadArg<N>): Promise<CacheReadAnswer<N>>;
  /**
   * Starts what the first screens read, in the background: where reads run in workers, each is
   * started with its connection, the queue's default order and the dashboard read once, after the
   * first screen (firstScreen); then the other orders and columns. Nothing where reads run on the
   * caller's thread.
   */
  warm(): void;
  /** Settles once what warm() started is done (at once where nothing was started). */
  whenWarm(): Promise<void>;
  /**
   * Settles once the first screen's reads have been answered and the window has had a moment to
   * draw them, or no window asked in time: what is heavy at opening (the read workers' start, the
   * sync on open) waits for it. At once where reads run on the caller's thread.
   */
  firstScreen(): Promise<void>;
  close(): Promise<void>;
}

const QUEUE_COLUMNS_WARMED = [
  'state',
  'score',
  'category',
  'agent',
  'created',
  'updated',
  'customer',
] as const;
/** Every column's order, the queue's default (by last update) first. */
const WARMED_ORDERS = QUEUE_COLUMNS.filter(
  (column): column is Exclude<QueueColumnName, 'work'> => column !== 'work',
).sort((a, b) => Number(b === 'updatedAt') - Number(a === 'updatedAt'));
const WARMED_AFTER_MS = 1500;
/**
 * After the first screen's first answer, how long the window has to draw it before the workers
 * start. Each takes half a second of a core to load its modules and open its connection: on two
 * cores, started with the window, they held Chromium's first screen back by 0.3 s at a million
 * alerts, while main answered that screen in milliseconds.
 */
const FIRST_SCREEN_DRAWN_MS = 700;
/**
 * If no window asks for its first screen, what waits for it starts this long (and
 * FIRST_SCREEN_DRAWN_MS) after it is first waited for, at opening.
 */
const FIRST_SCREEN_WAIT_MS = 3000;

const pause = (ms: number) =>
  new Promise<void>((done) => {
    setTimeout(done, ms).unref();
  });

/** Reads on the caller's own connection and thread: tools, and tests of what is read. */
export function inlineCacheReader(db: CacheDb): CacheReader {
  return {
    // Run at once, on this thread; a throw becomes the promise's rejection.
    read: (name, arg) => new Promise((resolve) => resolve(runCacheRead(db, name, arg))),
    warm: () => undefined,
    whenWarm: () => Promise.resolve(),
    firstScreen: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/**
 * Which worker answers a read. The queue's reads share one, so its memos (each column's order of
 * every alert, each filter's matches) are computed once and kept warm; the others (the dashboard,
 * an alert, a customer, search) go to the other, so an alert opens while the queue recomputes.
 */
const LANE: Record<CacheReadName, number> = {
  queueWindow: 0,
  queueFacets: 0,
  queueColumn: 0,
  queueOrder: 0,
  dashboardSummary: 1,
  alertView: 1,
  search: 1,
  customer360: 1,
  threadPage: 1,
  threadView: 1,
  threadFacets: 1,
};

interface Pending {
  name: CacheReadName;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class ReadWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReadWorkerError';
  }
}

const errorOf = (name: string, failure: ReadFailure): Error =>
  failure.kind === 'app'
    ? new AppError(failure.code, failure.message, failure.fields)
    : new ReadWorkerError(`The cache read ${name} failed: ${failure.message}`);

/**
 * Reads of the cache in worker threads (built `read-worker.js`), each with a read-only connection
 * of its own: the main thread only routes. A worker that stops fails the reads it held (each
 * caller gets an error, nothing waits forever) and is started again by the next read.
 */
export function createCacheReadPool(options: {
  workerPath: string;
  cachePath: string;
  logger: Logger;
  /** How many workers: two by default, so a dashboard or an alert never waits behind the queue. */
  size?: number;
  /**
   * The main thread's own connection to the cache: until a worker has answered once, the first
   * screen's reads (isStartupRead: milliseconds each) are answered on it. A worker starting while
   * the window loads beside it takes half a second and more on two cores; the first screen then
   * does not wait for it.
   */
  startupDb?: CacheDb;
  /** Tests shorten FIRST_SCREEN_DRAWN_MS and FIRST_SCREEN_WAIT_MS. */
  firstScreenMs?: { drawn: number; wait: number };
}): CacheReader {
  const size = Math.max(1, options.size ?? 2);
  const lanes: Array<Lane | null> = Array.from({ length: size }, () => null);
  let nextId = 1;
  let closed = false;
  let warming: Promise<void> = Promise.resolve();
  /** By lane: whether a worker of it has answered (started, modules loaded, connection open). */
  const answered: boolean[] = Array.from({ length: size }, () => false);
  const { drawn, wait } = options.firstScreenMs ?? {
    drawn: FIRST_SCREEN_DRAWN_MS,
    wait: FIRST_SCREEN_WAIT_MS,
  };
  let firstAnswered = () => {};
  const firstAnswer = new Promise<void>((resolve) => {
    firstAnswered = resolve;
  });
  let firstScreen: Promise<void> | null = null;
  const whenFirstScreen = () =>
    (firstScreen ??= Promise.race([firstAnswer, pause(wait)]).then(() => pause(drawn)));

  function start(index: number): Lane {
    const worker = new Worker(options.workerPath, {
      workerData: { cachePath: options.cachePath } satisfies ReadWorkerData,
    });
    const lane: Lane = { worker, pending: new Map() };
    const failAll = (error: Error) => {
      if (lanes[index] === lane) lanes[index] = null;
      for (const waiting of lane.pending.values())
        waiting.reject(new ReadWorkerError(`${waiting.name}: ${error.message}`));
      lane.pending.clear();
    };
    worker.on('message', (message: FromReadWorker) => {
      answered[index] = true;
      firstAnswered();
      const waiting = lane.pending.get(message.id);
      if (!waiting) return;
      lane.pending.delete(message.id);
      if (lane.pending.size === 0) worker.unref();
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(errorOf(waiting.name, message.failure));
    });
    // An answer that cannot be read on this side would leave its read waiting: the worker goes,
    // its reads fail, and the next read starts another.
    worker.on('messageerror', (error) => {
      options.logger.error('a cache read worker sent an answer that could not be read', error);
      failAll(new ReadWorkerError('A cache read worker sent an answer that could not be read.'));
      void worker.terminate();
    });
    worker.on('error', (error) => {
      options.logger.error('a cache read worker failed', error);
      failAll(new ReadWorkerError(`A cache read worker failed: ${error.message}`));
    });
    worker.on('exit', (code) => {
      if (!closed) options.logger.warn(`a cache read worker stopped (exit ${code})`);
      failAll(new ReadWorkerError(`A cache read worker stopped (exit ${code}).`));
    });
    // An idle worker does not keep the process alive; one with reads under way does.
    worker.unref();
    lanes[index] = lane;
    return lane;
  }

  /** The read, asked of its lane's worker (started if it is not running). */
  function post<N extends CacheReadName>(
    name: N,
    arg: CacheReadArg<N>,
  ): Promise<CacheReadAnswer<N>> {
    if (closed) return Promise.reject(new ReadWorkerError('The profile was closed.'));
    const index = LANE[name] % size;
    const lane = lanes[index] ?? start(index);
    const id = nextId++;
    return new Promise<CacheReadAnswer<N>>((resolve, reject) => {
      try {
        // Posted first: an argument that cannot cross (a function in it) leaves nothing waiting.
        lane.worker.postMessage({ id, name, arg } satisfies ToReadWorker);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      if (lane.pending.size === 0) lane.worker.ref();
      lane.pending.set(id, {
        name,
        resolve: (value) => resolve(value as CacheReadAnswer<N>),
        reject,
      });
    });
  }

  return {
    read<N extends CacheReadName>(name: N, arg: CacheReadArg<N>): Promise<CacheReadAnswer<N>> {
      const { startupDb } = options;
      if (startupDb && !closed && !answered[LANE[name] % size] && isStartupRead(name, arg))
        return new Promise((resolve) => {
          try {
            resolve(runCacheRead(startupDb, name, arg));
          } finally {
            // Answered or failed, the window has had its answer: it waits for no worker.
            firstAnswered();
          }
        });
      return post(name, arg);
    },
    warm() {
      // Once the first screen is drawn, the queue as it first opens (by last update, newest
      // first) and the dashboard, CaseDesk's first screen: each worker started with its
      // connection. Failures are the first real read's to report. A read asked before then that
      // main does not answer starts its worker at once.
      const firstScreen = whenFirstScreen().then(() =>
        closed
          ? undefined
          : Promise.allSettled([
              post('queueWindow', {
                filter: {},
                sort: { column: 'updatedAt', direction: 'desc' },
                offset: 0,
                limit: 100,
              }),
              post('dashboardSummary', Date.now()),
            ]),
      );
      // Then, once the first screen has had its answers and a moment to ask for more, one after
      // another (so that a read the investigator asks for meanwhile waits for one at most): the
      // queue's facets, what its commonest filters test (the state chips, the score, the
      // category, the agent, the dates, the customer: each also gives a commit's catch-up of an
      // order by it its keys in memory) and every column's order, each the first filter or sort
      // by it would otherwise wait for. A worker read at once would hold the first screen's own
      // reads back.
      const [defaultOrder, ...otherOrders] = WARMED_ORDERS;
      const warmed: Array<() => Promise<unknown>> = [
        ...(defaultOrder ? [() => post('queueOrder', defaultOrder)] : []),
        () => post('queueFacets', undefined),
        ...QUEUE_COLUMNS_WARMED.map((column) => () => post('queueColumn', column)),
        ...otherOrders.map((column) => () => post('queueOrder', column)),
      ];
      warming = firstScreen
        .then(() => new Promise((done) => setTimeout(done, WARMED_AFTER_MS).unref()))
        .then(() =>
          warmed.reduce<Promise<unknown>>(
            (previous, read) => previous.then(() => (closed ? undefined : read())),
            Promise.resolve(),
          ),
        )
        .then(
          () => undefined,
          () => undefined,
        );
    },
    whenWarm: () => warming,
    firstScreen: whenFirstScreen,
    async close() {
      closed = true;
      await Promise.all(
        lanes.map(async (lane, index) => {
          lanes[index] = null;
          if (lane) await lane.worker.terminate();
        }),
      );
    },
  };
}
