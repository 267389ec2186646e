import { randomUUID } from 'node:crypto';
import type { KytBatchView, KytColumnMapping, KytStatus } from '../../../preload/contract';
import type { LocalRecords } from '../../local/local-records';
import type { LocalStore } from '../../local/local-store';
import type { Logger } from '../../lib/logger';
import { AppError } from '../../lib/app-error';
import { currentBootId } from '../../lib/boot-id';
import { answerBrief, type AnswerBrief } from '../kyt-answer';
import type { KytBatches, KytSender, KytStore } from '../kyt-ports';
import type { KytSubmissions } from '../kyt-store';
import { BATCH_KIND, createBatchBook, type BatchSummary } from './batch-book';
import { batchLinesPage, mergedLines } from './batch-lines';
import { createBatchRunner, WITHDRAWN_REASON, type WindowDisk } from './batch-runner';
import { previewBatchFile } from './batch-preview';
import { openBatchSource } from './kyt-source';
import { mappingFor, mappingProblem, saveMapping } from './column-mapping';
import { importLines, type ImportedLines } from './import-lines';
import { resultFileName, resultRow, writeResultFile } from './result-file';

/** What the batches stand on; the workspace (and the command line) build it. */
export interface KytBatchDeps {
  /** With `unflushed` (the KYT store over the profile's local store), its writes can skip flushing. */
  store: KytStore & Partial<Pick<KytSubmissions, 'unflushed'>>;
  sender: KytSender;
  /**
   * The profile's local store: batches (kind `kyt.batch`) and the saved column mapping
   * (`kyt.mapping`). With `syncToDisk` (and the store's `unflushed`), a batch's sending window is
   * synced off the main thread; without, it is a flushed commit.
   */
  records: LocalRecords & Partial<Pick<LocalStore, 'syncToDisk'>>;
  logger: Logger;
  /** ms since epoch; tests give their own. */
  now?: () => number;
  /** Waits `ms` (a 429's Retry-After), or until the signal aborts; tests give their own. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Reads a kept answer's score and state (main/kyt/kyt-answer.ts unless a test gives its own). */
  brief?: (answer: unknown) => AnswerBrief;
  /** Names this start of the computer; tests give their own. */
  bootId?: () => string;
  /**
   * Whether batches left running, or cut short while read, are taken as stopped by a crash (the
   * app, at open: true). The command line leaves them: the app may be running them right now.
   */
  recover?: boolean;
}

export const STOPPED_WHILE_RUNNING =
  'CaseDesk stopped while the batch ran: resume to go on from the next line not sent. A line that was being sent is in doubt until you decide.';
const COMPUTER_STOPPED =
  'The computer stopped (a restart or a power cut) while its batch was sending: it may have reached the service before the stop, and it cannot be asked. Check in the service, then send it again or mark it as sent.';
const CUT_SHORT =
  'CaseDesk stopped while the file was being read: import it again (the lines read were withdrawn, none was sent).';

function waitMs(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const noCounts = (): Record<KytStatus, number> => ({
  waiting: 0,
  sending: 0,
  scored: 0,
  refused: 0,
  'in-doubt': 0,
  'marked-sent': 0,
  withdrawn: 0,
});

/** The local store as the sending window's disk, when both halves are there. */
function windowDisk({ store, records }: KytBatchDeps): WindowDisk | undefined {
  const unflushed = store.unflushed?.bind(store);
  const syncToDisk = records.syncToDisk?.bind(records);
  return unflushed && syncToDisk ? { unflushed, syncToDisk } : undefined;
}

// One count for the process, on from the clock: a profile opened again in the same process (the
// window's store kept) and a restarted CaseDesk both make views that read as newer.
let lastRevision = 0;
const nextRevision = () => (lastRevision = Math.max(lastRevision + 1, Date.now()));

export function createKytBatches(deps: KytBatchDeps): KytBatches {
  const { store, sender, records, logger } = deps;
  const now = deps.now ?? Date.now;
  const brief = deps.brief ?? answerBrief;
  const bootId = deps.bootId ?? currentBootId;
  const recover = deps.recover ?? true;
  const book = createBatchBook(records);
  const listeners = new Set<(batch: KytBatchView) => void>();
  let closed = false;

  const view = (summary: BatchSummary): KytBatchView => {
    const revision = nextRevision();
    const counts = { ...noCounts(), ...store.batchCounts(summary.id) };
    const inDoubt = counts['in-doubt'];
    return {
      id: summary.id,
      fileName: summary.fileName,
      format: summary.format,
      state: summary.state,
      reason: summary.reason,
      createdAt: summary.createdAt,
      lines: summary.lines,
      invalid: summary.invalid,
      sent: counts.scored + counts.refused + inDoubt + counts['marked-sent'],
      scored: counts.scored,
      refused: counts.refused,
      inDoubt,
      remaining: counts.waiting + counts.sending,
      waitingSeconds: runner.waitingSeconds(summary.id),
      revision,
    };
  };

  const known = (id: string): BatchSummary => {
    const summary = book.summary(id);
    if (!summary) throw new AppError('not_found', 'This batch is not kept in this profile.');
    return summary;
  };

  const emit = (id: string) => {
    if (listeners.size === 0) return;
    const summary = book.summary(id);
    if (!summary) return;
    const current = view(summary);
    for (const listener of listeners) {
      try {
        listener(current);
      } catch (error) {
        logger.error('A KYT batch listener failed', error);
      }
    }
  };

  const runner = createBatchRunner({
    store,
    sender,
    book,
    disk: windowDisk(deps),
    logger,
    now,
    bootId,
    sleep: deps.sleep ?? waitMs,
    changed: emit,
  });

  // A batch left running was stopped by a crash: it waits for the investigator's word to go on
  // (its line in flight is the sender's: in doubt). One cut short while read is withdrawn whole.
  // The computer stopped since its sending window was flushed: what was written of the window's
  // lines after it may be gone, so each of them not known answered may have been sent.
  for (const summary of recover ? book.summaries() : []) {
    const window = summary.sendingWindow;
    if (window && window.bootId !== bootId()) {
      let next = store.nextWaiting(summary.id);
      while (next && next.line <= window.throughLine) {
        store.setStatus(next.id, 'in-doubt', COMPUTER_STOPPED);
        next = store.nextWaiting(summary.id);
      }
    }
    if (window) book.update(summary.id, { sendingWindow: null });
    if (!summary.imported) {
      store.withdrawWaiting(summary.id, WITHDRAWN_REASON);
      book.update(summary.id, { state: 'cancelled', reason: CUT_SHORT, imported: true });
    } else if (summary.state === 'running')
      book.update(summary.id, { state: 'paused', reason: STOPPED_WHILE_RUNNING });
  }

  const notClosed = () => {
    if (closed) throw new AppError('unavailable', 'The profile is closing: open it again.');
  };

  return {
    preview: (path, fileName) => previewBatchFile(path, fileName, records),

    async import(input) {
      notClosed();
      const source = await openBatchSource(input.path, input.fileName);
      let mapping: KytColumnMapping | null = null;
      try {
        if (source.format === 'csv') {
          mapping = input.mapping ?? mappingFor(records, source.columns).mapping;
          const problem = mappingProblem(mapping, source.columns);
          if (problem !== null) throw new AppError('invalid_input', problem);
        }
        const id = randomUUID();
        book.create({
          id,
          fileName: input.fileName,
          format: source.format,
          separator: source.separator,
          createdAt: new Date(now()).toISOString(),
          state: 'ready',
          reason: null,
          imported: false,
          lines: 0,
          invalid: 0,
          mapping,
        });
        const progress = { created: 0 };
        let read: ImportedLines;
        try {
          read = await importLines({ id, source, mapping, store, progress });
        } catch (error) {
          // Nothing half-imported is left to be sent: the lines written are withdrawn with the batch.
          if (progress.created === 0) records.remove(BATCH_KIND, id);
          else {
            store.withdrawWaiting(id, WITHDRAWN_REASON);
            book.update(id, {
              imported: true,
              state: 'cancelled',
              reason: `Reading the file stopped: ${error instanceof Error ? error.message : String(error)} The lines read were withdrawn, none was sent.`,
            });
          }
          throw error;
        }
        if (read.lines === 0) {
          records.remove(BATCH_KIND, id);
          throw new AppError(
            'invalid_input',
            `The file “${input.fileName}” has no transactions to import: only a header or blank lines.`,
          );
        }
        book.update(
          id,
          { imported: true, lines: read.lines, invalid: read.invalidLines.length },
          read.invalidLines,
        );
        if (mapping && input.mapping && input.saveMapping)
          saveMapping(records, mapping, new Date(now()));
        if (input.start) runner.resume(id);
        else emit(id);
        return view(known(id));
      } finally {
        await source.close();
      }
    },

    list: () => book.summaries().map(view),
    get(id) {
      const summary = book.summary(id);
      return summary ? view(summary) : null;
    },
    lines(id, onlyProblems, offset, limit) {
      known(id);
      return batchLinesPage(
        store,
        id,
        book.invalidLines(id),
        { onlyProblems, offset, limit },
        brief,
      );
    },
    resume(id) {
      notClosed();
      const summary = known(id);
      if (!summary.imported)
        throw new AppError('conflict', 'This batch is still being read from its file.');
      if (summary.state === 'cancelled')
        throw new AppError(
          'conflict',
          'This batch was cancelled: import the file again to send its lines.',
        );
      if (summary.state !== 'running' || !runner.running(id)) runner.resume(id);
      return view(known(id));
    },
    pause(id) {
      const summary = known(id);
      if (summary.state === 'running') runner.pause(id);
      return view(known(id));
    },
    cancel(id) {
      const summary = known(id);
      if (summary.state !== 'cancelled' && summary.state !== 'done') runner.cancel(id);
      return view(known(id));
    },
    async saveResult(id, folder) {
      const summary = known(id);
      const invalid = book.invalidLines(id);
      const rows = (function* () {
        for (const merged of mergedLines(store, id, invalid)) yield resultRow(merged, brief);
      })();
      return writeResultFile(folder, resultFileName(summary.fileName, new Date(now())), rows);
    },
    async settled(id) {
      known(id);
      await runner.settled(id);
      return view(known(id));
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      await runner.close();
    },
  };
}
