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
 * Lines covered by one flushed write before any of them goes out. Each line's own writes (marked
 * sending, its answer) are then written unflushed: they survive CaseDesk stopping, and the window
 * answers for the computer stopping (every line of it not known answered is then in doubt). One
 * disk flush per window instead of two per line is what lets a batch go as fast as the service.
 */
export const SENDING_WINDOW_LINES = 16;

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

export interface BatchRunnerDeps {
  store: KytStore;
  sender: KytSender;
  book: BatchBook;
  logger: Logger;
  now: () => number;
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Names this start of the computer (main/lib/boot-id.ts). */
  bootId: () => string;
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
  /** The last line the flushed sending window covers. */
  coveredThrough: number;
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
    // going on after it (resumed while pausing) flushes a new window before its next line.
    book.update(id, { state, reason, sendingWindow: null });
    const run = runs.get(id);
    if (run) run.coveredThrough = Number.NEGATIVE_INFINITY;
    changed(id);
  };

  /**
   * Flushes, before line `line` goes out, that it and the next ones may be being sent. `from`: an
   * earlier line still on its way, which the window keeps covering.
   */
  const cover = (id: string, run: Run, line: number, from = line) => {
    if (line <= run.coveredThrough) return;
    const throughLine = line + SENDING_WINDOW_LINES - 1;
    book.update(id, { sendingWindow: { fromLine: from, throughLine, bootId: deps.bootId() } });
    run.coveredThrough = throughLine;
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
        cover(id, run, next.line);
        let keepFailed: { error: unknown } | null = null;
        let readAhead: BatchLineRef | null = null;
        const { outcome, keep } = await sender.sendUnkept(next.id, {
          signal: stop.signal,
          covered: true,
          whileSending: () => {
            try {
              keepLast();
              // Paused, cancelled or closing meanwhile: no next line, so no window for it (one
              // flushed now would outlive the pause, and a restart would doubt its lines).
              if (run.pauseAsked || run.cancelAsked || stop.signal.aborted) return;
              // The next window is flushed, the next line read and the store's file tidied
              // while this line is on its way, not between its answer and the next request.
              cover(id, run, next.line + 1, next.line);
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
