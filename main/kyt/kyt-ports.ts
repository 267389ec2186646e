import type {
  KytBatchLine,
  KytBatchView,
  KytColumnMapping,
  KytImportPreview,
  KytStatus,
  KytTransaction,
} from '../../preload/contract';

// The seams inside main/kyt/: the submissions (their store and the one way a submission is sent)
// and the batches built on them. Every batch line is a submission like any other: kept, listed,
// compared, and decided on when in doubt.

/** A submission as the local store keeps it (kind `kyt.submission`). */
export interface KytSubmissionRecord {
  id: string;
  /** The body as sent (or to be sent); its `external_id` is always set. */
  transaction: KytTransaction & { external_id: string };
  status: KytStatus;
  statusReason: string | null;
  createdAt: string;
  settledAt: string | null;
  /** The service's answer, as received (JSON), once scored. */
  answer: unknown;
  basedOnId: string | null;
  batch: { id: string; line: number } | null;
}

export interface NewSubmission {
  /** `external_id` is made (`cd-` and a random id) when absent. */
  transaction: KytTransaction;
  basedOnId?: string | null;
  batch?: { id: string; line: number } | null;
  /** `waiting` unless told. */
  status?: KytStatus;
}

/** One line of a batch: its submission and its line number in the file. */
export interface BatchLineRef {
  id: string;
  line: number;
}

export interface KytStore {
  create(submission: NewSubmission): KytSubmissionRecord;
  /** Many at once, in one transaction (a batch's lines): all or none. */
  createMany(submissions: readonly NewSubmission[]): KytSubmissionRecord[];
  get(id: string): KytSubmissionRecord | null;
  /** A batch's submissions, in line order, from `offset`. */
  byBatch(batchId: string, offset: number, limit: number): KytSubmissionRecord[];
  /**
   * The first of a batch's submissions still `waiting`, in line order; null when none. Its id and
   * line only: the sender reads the record when it claims it.
   */
  nextWaiting(batchId: string): BatchLineRef | null;
  /**
   * Reads a submission ahead of its claim (a batch's next line, while the line before is on its
   * way), so the claim, between one answer and the next request, reads nothing it need not.
   */
  readAhead(id: string): void;
  /**
   * Moves what was written into the store's main file (a WAL checkpoint), done while a line is on
   * its way so that no write between one answer and the next request has to.
   */
  checkpoint(): void;
  /** Counts of a batch's submissions by status. */
  batchCounts(batchId: string): Record<KytStatus, number>;
  /** Sets status (and reason); `withdrawn` for a cancelled batch's lines not sent. */
  setStatus(id: string, status: KytStatus, reason: string | null): void;
  /** Every `waiting` line of a batch withdrawn at once; answers how many. */
  withdrawWaiting(batchId: string, reason: string): number;
}

/** What sending one submission came to. */
export type KytSendOutcome =
  | { kind: 'scored'; record: KytSubmissionRecord }
  /** The service answered with an error: nothing was stored there. Kept `refused`. */
  | {
      kind: 'refused';
      record: KytSubmissionRecord;
      reason: string;
      /** The service's error, when this send met one (not when it was refused earlier). */
      error?: unknown;
    }
  /** The answer was lost: it may be stored. Kept `in-doubt`; never sent again by itself. */
  | {
      kind: 'in-doubt';
      record: KytSubmissionRecord;
      reason: string;
      /** What lost it (the client's error), when this send met it; absent for an earlier doubt. */
      error?: unknown;
    }
  /**
   * It did not go out (offline, busy, throttled, token refused): still `waiting`, to be sent
   * again. `retryAfterMs` when the service said when (429 Retry-After).
   */
  | {
      kind: 'not-sent';
      record: KytSubmissionRecord;
      reason: string;
      retryAfterMs: number | null;
      unreachable: boolean;
      tokenRefused: boolean;
      /** The error itself, for the outbox to classify as it does every other kind's. */
      error: unknown;
    };

export interface KytSendOptions {
  signal?: AbortSignal;
  /** Called once it is marked `sending` (committed), just before the request goes out. */
  onSending?: () => void;
  /**
   * The caller already flushed to disk that this submission may be sent (a batch's sending
   * window): its own commits are written but not flushed, which spares two disk flushes per
   * line and still survives CaseDesk stopping (the window covers the computer stopping).
   */
  covered?: boolean;
}

/** An outcome known but not kept yet: `keep` writes it (once; later calls do nothing). */
export interface UnkeptOutcome {
  outcome: KytSendOutcome;
  keep: () => void;
}

/**
 * Sends one submission: marks it `sending` (committed) before the request goes out, then keeps
 * the answer, the refusal or the doubt. A submission left `sending` by a crash is in doubt.
 */
export interface KytSender {
  /**
   * Only a `waiting` submission is sent; any other answers what it is (an in-doubt one stays in
   * doubt: the investigator's word puts it back to `waiting` first).
   */
  send(id: string, options?: KytSendOptions): Promise<KytSendOutcome>;
  /**
   * As `send`, leaving the outcome to be kept by the caller: a batch keeps a line's outcome while
   * the next line's request is on its way, so the disk work and the service's work overlap.
   * `whileSending` runs once the request was handed to the service client, before its outcome
   * is known (not when nothing was claimed); it must not throw. Until kept, the submission stays
   * `sending`: a crash meanwhile leaves it in doubt.
   */
  sendUnkept(
    id: string,
    options?: KytSendOptions & { whileSending?: () => void },
  ): Promise<UnkeptOutcome>;
}

/** The batches (main/kyt/batch/), as the bridge and the command line use them. */
export interface KytBatches {
  preview(path: string, fileName: string): Promise<KytImportPreview>;
  import(input: {
    path: string;
    fileName: string;
    mapping?: KytColumnMapping;
    saveMapping: boolean;
    start: boolean;
  }): Promise<KytBatchView>;
  list(): KytBatchView[];
  get(id: string): KytBatchView | null;
  lines(id: string, onlyProblems: boolean, offset: number, limit: number): KytBatchLine[];
  resume(id: string): KytBatchView;
  pause(id: string): KytBatchView;
  cancel(id: string): KytBatchView;
  /** Writes the per-line result file into `folder`; answers its path. */
  saveResult(id: string, folder: string): Promise<string>;
  /** Resolves when the batch stops running (done, paused or cancelled). */
  settled(id: string): Promise<KytBatchView>;
  /** Every batch's progress, as it changes. */
  onChange(listener: (batch: KytBatchView) => void): () => void;
  /** Stops sending (the profile closes); lines in flight end in doubt if their answer is lost. */
  close(): Promise<void>;
}
