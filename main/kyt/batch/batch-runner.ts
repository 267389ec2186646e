import { setMaxListeners } from 'node:events';
import type { Logger } from '../../lib/logger';
import type { BatchLineRef, KytSendOutcome, KytSender, KytStore } from '../kyt-ports';
import type { BatchBook } from './batch-book';

// Sends a batch's lines in line order, one at a time, each through the one way a submission is
// sent (KytSender). It reads only the next waiting line, so a batch of any length runs in flat
// memory. It waits when the service asks (429 Retry-After), backs off when it keeps asking, and
// stops by itself when going on could lose or repeat something: offline, the token refused, or a
// line whose answer was lost (in doubt: never sent again without the investigator's word).

/** Progress is told at most this often; every change of state is told at once. */
export const PROGRESS_EVERY_MS = 100;
/** A service that keeps answering "not now" is asked again at most this far apart. */
export const BACKOFF_CAP_MS = 60_000;
/** A longer wait than this asked by the service pauses the batch instead of holding it open. */
export const LONGEST_WAIT_MS = 10 * 60_000;

/**
 * Lines covered by one write of the sending window, which is on disk before any of them goes out.
 * Each line's own writes (marked sending, its answer) are written unflushed: they survive CaseDesk
 * stopping, and the window answers for the computer stopping (every line of it not known answered
 * is then in doubt). The window itself is written unflushed too and then synced to disk off the
 * main thread (WindowDisk.syncToDisk): no line of it goes out before that sync is done, and none
 * waits for it as long as the disk keeps up (see SYNC_AHEAD_LINES). One sync per window, none
 * blocking, instead of two flushes per line is what lets a batch go as fast as the service.
 */
export const SENDING_WINDOW_LINES = 16;

/**
 * The next window is written while this many lines of the current one are still to go: its sync
 * has that many lines' round trips to finish before its first line is due, so the batch does not
 * wait on the disk. A window still reaches at most SENDING_WINDOW_LINES past the next line; the
 * price is that a computer stopping mid-batch leaves about 8 to 16 lines not yet sent in doubt
 * (0 to 15 when each window was written only once its first line was due), for the investigator
 * to send again or mark as sent.
 */
export const SYNC_AHEAD_LINES = SENDING_WINDOW_LINES / 2;

/**
 * Lines between two checkpoints of the store, taken while a line is on its way: fewer pages than
 * SQLite's own threshold (1000) gather meanwhile, so no write on the way of a line takes one.
 */
export const CHECKPOINT_EVERY_LINES = 32;

export const WITHDRAWN_REASON = 'Its batch was cancelled before it was sent.';
export const PAUSED_BY_YOU =
  'Paused by you: it goes on from the next line not sent when you resume.';
export const CLOSED_WHILE_RUNNING =
  'CaseDesk closed while the batch ran: it goes on from the next line not sent when you resume.';

/** How the sending window reaches the disk without the main thread waiting for it. */
export interface WindowDisk {
  /** Runs `write`, its commits written but not flushed to disk. */
  unflushed<T>(write: () => T): T;
  /**
   * Resolves once every commit made so far is on disk, without blocking the main thread; rejects
   * when that cannot be made sure.
   */
  syncToDisk(): Promise<void>;
}

/** Without a disk of its own: each window a flushed commit, on disk when its write returns. */
const FLUSHED_WRITES: WindowDisk = {
  unflushed: (write) => write(),
  syncToDisk: () => Promise.resolve(),
};

export const diskFailedReason = (error: unknown, line: string): string =>
  `The disk did not confirm the record of the lines about to be sent (${error instanceof Error ? error.message : String(error)}), so line ${line} and the ones after it were not sent. Check the disk the profile is on (free space, errors), then resume: it goes on from line ${line}.`;

export interface BatchRunnerDeps {
  store: KytStore;
  sender: KytSender;
  book: BatchBook;
  logger: Logger;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Names this start of the computer (main/lib/boot-id.ts). */
  bootId: () => string;
  /** The profile's local store as the window's disk; each window a flushed commit without it. */
  disk?: WindowDisk;
  /** A batch changed: its state (`progress` false) or, throttled, its counts. */
  changed: (id: string) => void;
}

export interface BatchRunner {
  /** Starts sending, or goes on when it was pausing and had not stopped yet. */
  resume(id: string): void;
  pause(id: string): void;
  cancel(id: string): void;
  running(id: string): boolean;
  /** Seconds until the next line is tried, when the service asked to wait. */
  waitingSeconds(id: string): number | null;
  /** Resolves when the batch is not sending (at once when it is not). */
  settled(id: string): Promise<void>;
  /** Stops every batch; a line in flight ends as its answer does (in doubt if lost). */
  close(): Promise<void>;
}

interface Run {
  pauseAsked: boolean;
  cancelAsked: boolean;
  /** Ends a wait early (pause, cancel). */
  wake: AbortController;
  waitingUntil: number | null;
  lastProgress: number;
  /** The last line the sending window written covers. */
  coveredThrough: number;
  /** The last line a sending window known on disk covers: no line after it may go out. */
  durableThrough: number;
  /** Settles once the last window written is synced (or its sync failed); never rejects. */
  windowSynced: Promise<void>;
  /** A sync that failed: nothing more goes out in this run (what the disk lost is not known). */
  syncFailed: { error: unknown } | null;
  /** Bumped when the window is cleared: the sync of one written before proves nothing since. */
  windowEpoch: number;
  /** Lines sent since the store was last checkpointed. */
  sinceCheckpoint: number;
  done: Promise<void>;
}

/** The wait before the next try: what the service asked, and longer each time it asks again. */
export function waitBefore(retryAfterMs: number | null, timesInARow: number): number {
  const floor = timesInARow <= 1 ? 0 : Math.min(BACKOFF_CAP_MS, 500 * 2 ** (timesInARow - 1));
  return Math.max(retryAfterMs ?? 1000, floor);
}

function inWords(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 120 ? `${Math.round(minutes / 60)} hours` : `${minutes} minutes`;
}

/** Why the batch stops by itself after this outcome; null when it goes on (or waits). */
function stopReason(outcome: KytSendOutcome, line: string): string | null {
  switch (outcome.kind) {
    case 'scored':
    case 'refused':
      return null;
    case 'in-doubt':
      return `Line ${line} lost its answer (${outcome.reason}). The service may have stored it, so it waits for your word (send it again, or mark it as sent) and is never sent again by itself. Resume to go on with the next line.`;
    case 'not-sent':
      if (outcome.tokenRefused)
        return `The token was refused: ${outcome.reason} Give the profile a valid token, then resume: it goes on from line ${line}.`;
      if (outcome.unreachable)
        return `Offline: ${outcome.reason} It goes on from line ${line} when you resume.`;
      return null;
  }
}

export function createBatchRunner(deps: BatchRunnerDeps): BatchRunner {
  const { store, sender, book, logger, now, sleep, changed } = deps;
  const disk = deps.disk ?? FLUSHED_WRITES;
  const runs = new Map<string, Run>();
  const stop = new AbortController();
  // Every batch's call in flight listens to it: more than ten batches at once is no leak.
  setMaxListeners(0, stop.signal);

  const setState = (
    id: string,
    state: 'running' | 'paused' | 'cancelled' | 'done',
    reason: string | null,
  ) => {
    // A flushed write: every unflushed one of the window before it is on disk with it. A run
    // going on after it (resumed while pausing) syncs a new window before its next line.
    book.update(id, { state, reason, sendingWindow: null });
    const run = runs.get(id);
    if (run) {
      run.coveredThrough = Number.NEGATIVE_INFINITY;
      run.durableThrough = Number.NEGATIVE_INFINITY;
      run.windowEpoch += 1;
    }
    changed(id);
  };

  /**
   * Writes, before line `line` goes out, that it and the next ones may be being sent, and starts
   * syncing that to disk; `spare`: covered lines after `line` that are still enough. `from`: an
   * earlier line still on its way, which the window keeps covering.
   */
  const cover = (id: string, run: Run, line: number, from = line, spare = 0) => {
    if (line + spare <= run.coveredThrough) return;
    const throughLine = line + SENDING_WINDOW_LINES - 1;
    disk.unflushed(() =>
      book.update(id, { sendingWindow: { fromLine: from, throughLine, bootId: deps.bootId() } }),
    );
    run.coveredThrough = throughLine;
    const epoch = run.windowEpoch;
    // Started after the write returned, so the sync takes the window with it (a throw, too, is
    // a rejection here).
    const synced = (async () => {
      await disk.syncToDisk();
    })();
    run.windowSynced = synced.then(
      () => {
        if (run.windowEpoch === epoch)
          run.durableThrough = Math.max(run.durableThrough, throughLine);
      },
      (error: unknown) => {
        run.syncFailed ??= { error };
      },
    );
  };

  /**
   * Settles when the last window's sync does, or earlier when the run is woken (pause, cancel)
   * or closing: a disk slow to answer holds neither a pause nor CaseDesk closing.
   */
  const syncedOrWoken = (run: Run): Promise<void> =>
    new Promise<void>((resolve) => {
      const wake = run.wake.signal;
      if (wake.aborted || stop.signal.aborted) return resolve();
      const done = () => {
        wake.removeEventListener('abort', done);
        stop.signal.removeEventListener('abort', done);
        resolve();
      };
      wake.addEventListener('abort', done, { once: true });
      stop.signal.addEventListener('abort', done, { once: true });
      void run.windowSynced.then(done);
    });

  const stopAsked = (run: Run) => run.pauseAsked || run.cancelAsked || stop.signal.aborted;

  /**
   * Waits, when it is not yet, until a window on disk covers `line` (normally its sync finished
   * while the line before was on its way). False when `line` may not go out: a sync failed, or
   * the run was asked to stop meanwhile.
   */
  const onDisk = async (id: string, run: Run, line: number): Promise<boolean> => {
    cover(id, run, line);
    while (line > run.durableThrough && run.syncFailed === null) {
      await syncedOrWoken(run);
      if (stopAsked(run)) return false;
      // Woken by a pause that a resume took back: the next wait is for the sync again.
      if (run.wake.signal.aborted) run.wake = new AbortController();
      // Paused and resumed meanwhile: the window was cleared, a new one is written.
      cover(id, run, line);
    }
    return run.syncFailed === null;
  };

  const progress = (id: string, run: Run) => {
    const at = now();
    if (at - run.lastProgress < PROGRESS_EVERY_MS) return;
    run.lastProgress = at;
    changed(id);
  };

  /** Stops by itself; a cancel asked meanwhile stands. */
  const stopItself = (id: string, run: Run, reason: string) => {
    if (!run.cancelAsked) setState(id, 'paused', reason);
  };

  async function loop(id: string, run: Run): Promise<void> {
    let timesInARow = 0;
    // The last line's outcome, kept while the next line's request is on its way: the disk work
    // and the service's work overlap. Kept before anything else is decided or waited for.
    let unkept: (() => void) | null = null;
    const keepLast = () => {
      const keep = unkept;
      unkept = null;
      keep?.();
    };
    // The line read ahead while the last one was on its way: next, when the last one went on.
    let ahead: BatchLineRef | null = null;
    try {
      while (!run.pauseAsked && !run.cancelAsked && !stop.signal.aborted) {
        const next = ahead ?? store.nextWaiting(id);
        ahead = null;
        if (!next) {
          keepLast();
          setState(id, 'done', null);
          return;
        }
        const line = String(next.line);
        if (!(await onDisk(id, run, next.line))) {
          const failed = run.syncFailed;
          if (failed === null) continue;
          logger.error(`KYT batch ${id}: the sending window could not be synced`, failed.error);
          return stopItself(id, run, diskFailedReason(failed.error, line));
        }
        let keepFailed: { error: unknown } | null = null;
        let readAhead: BatchLineRef | null = null;
        const { outcome, keep } = await sender.sendUnkept(next.id, {
          signal: stop.signal,
          covered: true,
          whileSending: () => {
            try {
              keepLast();
              // Paused, cancelled or closing meanwhile: no next line, so no window for it (one
              // written now would outlive the pause, and a restart would doubt its lines).
              if (stopAsked(run)) return;
              // The next window is written and its sync started ahead, the next line read and
              // the store's file tidied while this line is on its way, not between its answer
              // and the next request.
              cover(id, run, next.line + 1, next.line, SYNC_AHEAD_LINES);
              readAhead = store.nextWaiting(id);
              if (readAhead) store.readAhead(readAhead.id);
              run.sinceCheckpoint += 1;
              if (run.sinceCheckpoint >= CHECKPOINT_EVERY_LINES) {
                run.sinceCheckpoint = 0;
                store.checkpoint();
              }
            } catch (error) {
              keepFailed = { error };
            }
          },
        });
        const reason = stopReason(outcome, line);
        const goesOn = reason === null && outcome.kind !== 'not-sent';
        try {
          // Nothing went out (another sender had it): the last line is kept before going on.
          keepLast();
        } finally {
          if (goesOn && keepFailed === null) {
            unkept = keep;
            ahead = readAhead;
          } else keep();
        }
        if (keepFailed !== null) {
          const { error } = keepFailed as { error: unknown };
          // The line's own reason to stop says more (its number, what to do); the failure is logged.
          if (reason === null) throw error;
          logger.error(`KYT batch ${id}: keeping a line's outcome failed`, error);
        }
        if (reason !== null) return stopItself(id, run, reason);
        if (outcome.kind !== 'not-sent') {
          timesInARow = 0;
          progress(id, run);
          continue;
        }
        if (run.pauseAsked || run.cancelAsked || stop.signal.aborted) return;
        timesInARow += 1;
        const wait = waitBefore(outcome.retryAfterMs, timesInARow);
        if (wait > LONGEST_WAIT_MS)
          return stopItself(
            id,
            run,
            `The service asked to wait ${inWords(wait)} before more lines (${outcome.reason}). Resume later: it goes on from line ${line}.`,
          );
        run.waitingUntil = now() + wait;
        changed(id);
        await sleep(wait, AbortSignal.any([run.wake.signal, stop.signal]));
        run.waitingUntil = null;
        if (run.wake.signal.aborted) run.wake = new AbortController();
        changed(id);
      }
    } finally {
      keepLast();
    }
  }

  const start = (id: string) => {
    let finish = () => {};
    const run: Run = {
      pauseAsked: false,
      cancelAsked: false,
      wake: new AbortController(),
      waitingUntil: null,
      lastProgress: Number.NEGATIVE_INFINITY,
      coveredThrough: Number.NEGATIVE_INFINITY,
      durableThrough: Number.NEGATIVE_INFINITY,
      windowSynced: Promise.resolve(),
      syncFailed: null,
      windowEpoch: 0,
      sinceCheckpoint: 0,
      done: new Promise<void>((resolve) => {
        finish = resolve;
      }),
    };
    runs.set(id, run);
    void loop(id, run)
      .catch((error: unknown) => {
        logger.error(`KYT batch ${id} stopped on an unexpected error`, error);
        stopItself(
          id,
          run,
          `Sending stopped on an unexpected error (${error instanceof Error ? error.message : String(error)}). Resume to try again.`,
        );
      })
      .finally(() => {
        runs.delete(id);
        try {
          // A line that was in flight when the batch was cancelled, and came back not sent.
          if (run.cancelAsked) store.withdrawWaiting(id, WITHDRAWN_REASON);
          const summary = book.summary(id);
          if (stop.signal.aborted && summary?.state === 'running')
            book.update(id, { state: 'paused', reason: CLOSED_WHILE_RUNNING, sendingWindow: null });
          // Not sending any more: no window may outlive the run (a restart would doubt its lines).
          else if (summary?.sendingWindow) book.update(id, { sendingWindow: null });
        } catch (error) {
          logger.error(`KYT batch ${id}: its end could not be recorded`, error);
        }
        changed(id);
        finish();
      });
  };

  return {
    resume(id) {
      const run = runs.get(id);
      if (run) {
        run.pauseAsked = false;
        setState(id, 'running', null);
        return;
      }
      book.update(id, { state: 'running', reason: null });
      start(id);
      changed(id);
    },
    pause(id) {
      const run = runs.get(id);
      if (run) {
        run.pauseAsked = true;
        run.wake.abort();
      }
      setState(id, 'paused', PAUSED_BY_YOU);
    },
    cancel(id) {
      const run = runs.get(id);
      if (run) {
        run.cancelAsked = true;
        run.wake.abort();
      }
      store.withdrawWaiting(id, WITHDRAWN_REASON);
      setState(id, 'cancelled', 'Cancelled by you: the lines not sent were withdrawn.');
    },
    running: (id) => runs.has(id),
    waitingSeconds(id) {
      const until = runs.get(id)?.waitingUntil;
      return until === null || until === undefined
        ? null
        : Math.max(1, Math.ceil((until - now()) / 1000));
    },
    settled: (id) => runs.get(id)?.done ?? Promise.resolve(),
    async close() {
      stop.abort();
      await Promise.all([...runs.values()].map((run) => run.done));
    },
  };
}
