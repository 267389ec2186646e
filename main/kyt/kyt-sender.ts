import { isServiceError, type ServiceClient, type ServiceError } from '../api';
import type { Logger } from '../lib/logger';
import type {
  KytSendOptions,
  KytSendOutcome,
  KytSender,
  KytSubmissionRecord,
  UnkeptOutcome,
} from './kyt-ports';
import type { KytSubmissions } from './kyt-store';

// The one way a submission goes to the service. The interface cannot look a transaction up, so
// what happened to one is known only from its answer: the record is marked `sending` and committed
// before the request goes out, and whatever comes back (or does not) is kept before anything else
// happens. Nothing here ever sends a submission twice: the API client repeats a POST only when it
// cannot have been processed (nothing sent, or a 429 refusal), and a lost answer leaves the
// submission in doubt for the investigator.

/** What the investigator does about a submission in doubt, said after each reason. */
export const DOUBT_ADVICE =
  'The service may have stored and scored it, and it cannot be asked: check in the service, then send it again or mark it as sent.';

export const CRASHED_REASON = `CaseDesk stopped while it was being sent. ${DOUBT_ADVICE}`;

/** The words for how an answer was lost, from the client's error. */
function lostHow(error: ServiceError): string {
  const detail = error.detail ? ` (${error.detail})` : '';
  switch (error.kind) {
    case 'network':
      return `The connection to the service failed after it was sent${detail}`;
    case 'timeout':
      return `The service did not answer in time${detail}`;
    case 'malformed':
      return `The service’s answer could not be read${detail}`;
    case 'cancelled':
      return 'It was cancelled while it was being sent';
    case 'http':
      return `The service ran into a problem while taking it (HTTP ${error.status ?? '?'})`;
    case 'auth':
      return 'The service refused the token after it was sent';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const describeAnswer = (answer: unknown): string =>
  answer === null ? 'null' : Array.isArray(answer) ? 'a list' : `a ${typeof answer}`;

export interface KytSenderDeps {
  store: KytSubmissions;
  client: Pick<ServiceClient, 'kyt'>;
  logger: Logger;
  /** Every submission whose status changed. */
  onChange: (ids: string[]) => void;
  now?: () => number;
}

export function createKytSender(deps: KytSenderDeps): KytSender & {
  /** Submissions left `sending` by a run that stopped: in doubt. Returns how many. */
  recoverInterrupted(): number;
} {
  const { store, logger } = deps;
  const now = deps.now ?? Date.now;
  const at = () => new Date(now()).toISOString();

  /** What a submission not sent now already is. */
  const asItIs = (record: KytSubmissionRecord): KytSendOutcome => {
    switch (record.status) {
      case 'scored':
        return { kind: 'scored', record };
      case 'refused':
        return {
          kind: 'refused',
          record,
          reason: record.statusReason ?? 'Refused by the service.',
        };
      case 'sending':
        // Another sender has it (the outbox and a batch, or the app and the command line): its
        // outcome is that sender's. Not sent here, and nothing lost: tried again later, it is
        // answered as that sender left it.
        return {
          kind: 'not-sent',
          record,
          reason: 'It is being sent right now (by this or another CaseDesk): not sent again.',
          retryAfterMs: null,
          unreachable: false,
          tokenRefused: false,
          error: new Error('It is being sent right now (by this or another CaseDesk).'),
        };
      case 'in-doubt':
        return { kind: 'in-doubt', record, reason: record.statusReason ?? DOUBT_ADVICE };
      case 'marked-sent':
      case 'withdrawn':
        return {
          kind: 'refused',
          record,
          reason:
            record.status === 'marked-sent'
              ? 'The investigator marked it as sent: it is not sent again.'
              : 'It was withdrawn before it was sent: it is not sent.',
        };
      case 'waiting':
        // Only reached if another process claimed and put it back meanwhile: nothing went out.
        return {
          kind: 'not-sent',
          record,
          reason: 'It is waiting to be sent.',
          retryAfterMs: null,
          unreachable: false,
          tokenRefused: false,
          error: new Error('It is waiting to be sent.'),
        };
    }
  };

  /** Keeps an outcome that is not an answer, unless the submission moved on meanwhile. */
  const settleIfSending = (
    id: string,
    status: 'refused' | 'in-doubt' | 'waiting',
    reason: string,
  ): KytSubmissionRecord | null => {
    const current = store.get(id);
    if (!current || current.status !== 'sending') return current;
    return store.settle(id, { status, statusReason: reason });
  };

  /** As settleIfSending, answered at once; `keep` writes it. */
  const unkeptIfSending = (
    record: KytSubmissionRecord,
    status: 'refused' | 'in-doubt' | 'waiting',
    reason: string,
  ): { record: KytSubmissionRecord; keep: () => void } => ({
    record: { ...record, status, statusReason: reason },
    keep: () => {
      settleIfSending(record.id, status, reason);
    },
  });

  const failed = (
    record: KytSubmissionRecord,
    error: unknown,
  ): { outcome: KytSendOutcome; keep: () => void } => {
    const id = record.id;
    if (!isServiceError(error)) {
      // Not the client's own failure: whether the request left cannot be told. In doubt.
      const message = error instanceof Error ? error.message : String(error);
      const reason = `CaseDesk could not tell whether it reached the service (${message}). ${DOUBT_ADVICE}`;
      logger.error(`the KYT submission ${id} failed unexpectedly`, error);
      const kept = unkeptIfSending(record, 'in-doubt', reason);
      return { outcome: { kind: 'in-doubt', record: kept.record, reason, error }, keep: kept.keep };
    }
    if (error.outcomeUnknown) {
      const reason = `${lostHow(error)}. ${DOUBT_ADVICE}`;
      const kept = unkeptIfSending(record, 'in-doubt', reason);
      return { outcome: { kind: 'in-doubt', record: kept.record, reason, error }, keep: kept.keep };
    }
    const tokenRefused = error.kind === 'auth';
    if (error.retryable || tokenRefused || error.kind === 'cancelled') {
      // It did not go out (or the service refused it before taking it: 429): waiting again.
      const reason = error.message;
      const kept = unkeptIfSending(record, 'waiting', reason);
      return {
        outcome: {
          kind: 'not-sent',
          record: kept.record,
          reason,
          retryAfterMs: error.retryAfterMs,
          unreachable: error.kind === 'network' || error.kind === 'timeout',
          tokenRefused,
          error,
        },
        keep: kept.keep,
      };
    }
    // The service's considered refusal (its own words, non-deprecated errors first): nothing stored.
    const reason = error.message;
    const kept = unkeptIfSending(record, 'refused', reason);
    return { outcome: { kind: 'refused', record: kept.record, reason, error }, keep: kept.keep };
  };

  /** Runs `keep` once, in the writes `covered` asks for, and tells who listens. */
  const once = (id: string, write: <T>(work: () => T) => T, keep: () => void): (() => void) => {
    let kept = false;
    return () => {
      if (kept) return;
      write(keep);
      // Marked only once written: a write that failed may be tried again.
      kept = true;
      deps.onChange([id]);
    };
  };

  /**
   * Runs `whileSending` once the request is written to the socket. The client writes a request on
   * a reused connection from an immediate of its own (it checks the idle connection first), queued
   * after this call's first one: the second runs after it.
   */
  const afterSent = (whileSending: (() => void) | undefined): Promise<void> => {
    if (!whileSending) return Promise.resolve();
    return new Promise((resolve) =>
      setImmediate(() =>
        setImmediate(() => {
          try {
            whileSending();
          } catch (error) {
            logger.error('work done while a KYT submission was being sent failed', error);
          }
          resolve();
        }),
      ),
    );
  };

  const sendUnkept = async (
    id: string,
    options: KytSendOptions & { whileSending?: () => void } = {},
  ): Promise<UnkeptOutcome> => {
    // Covered by a flushed sending window, its writes need not be flushed one by one.
    const write = <T>(work: () => T): T => (options.covered ? store.unflushed(work) : work());
    const claim = write(() => store.claim(id));
    if (!claim) throw new Error(`There is no KYT submission ${id} in this profile.`);
    if (!claim.claimed) return { outcome: asItIs(claim.record), keep: () => {} };
    const claimed = claim.record;
    deps.onChange([id]);
    let answer: unknown;
    try {
      options.onSending?.();
      const answered = deps.client.kyt.createTransactionAsReceived(claimed.transaction, {
        signal: options.signal,
        // A long Retry-After is the batch's or the outbox's to wait out, never tried early.
        waitsForRetryAfter: true,
      });
      // Settled either way before awaited below: never an unhandled rejection meanwhile.
      answered.catch(() => undefined);
      await afterSent(options.whileSending);
      answer = await answered;
    } catch (error) {
      const unkept = failed(claimed, error);
      return { outcome: unkept.outcome, keep: once(id, write, unkept.keep) };
    }
    // An answer that came is kept whatever happened meanwhile (the investigator's earlier word,
    // a restart that took it for lost): it is the best knowledge there is.
    if (isObject(answer)) {
      const settlement = { status: 'scored' as const, statusReason: null, answer, settledAt: at() };
      return {
        outcome: { kind: 'scored', record: { ...claimed, ...settlement } },
        keep: once(id, write, () => {
          store.settle(id, settlement, claimed);
        }),
      };
    }
    const reason = `The service answered with ${describeAnswer(answer)} instead of the transaction, so it cannot be told whether it was stored. ${DOUBT_ADVICE}`;
    const settlement = { status: 'in-doubt' as const, statusReason: reason, answer };
    return {
      outcome: { kind: 'in-doubt', record: { ...claimed, ...settlement }, reason },
      keep: once(id, write, () => {
        store.settle(id, settlement, claimed);
      }),
    };
  };

  const sender = {
    sendUnkept,
    async send(id: string, options: KytSendOptions = {}): Promise<KytSendOutcome> {
      const { outcome, keep } = await sendUnkept(id, options);
      keep();
      // An outcome that is not an answer is kept only if nothing moved the submission on
      // meanwhile: it is answered as it now stands.
      if (outcome.kind === 'scored') return outcome;
      return { ...outcome, record: store.get(id) ?? outcome.record };
    },

    recoverInterrupted(): number {
      const ids = store.idsWithStatus('sending');
      for (const id of ids) settleIfSending(id, 'in-doubt', CRASHED_REASON);
      if (ids.length) {
        logger.warn(
          `${ids.length} KYT submission(s) were being sent when CaseDesk stopped: in doubt`,
        );
        deps.onChange(ids);
      }
      return ids.length;
    },
  };
  return sender;
}

export type KytSenderWithRecovery = ReturnType<typeof createKytSender>;
