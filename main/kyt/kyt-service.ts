import type { z } from 'zod';
import type {
  KytAnswerView,
  KytComparison,
  KytExplanation,
  KytList,
  KytListFilter,
  KytParticipantChoice,
  KytSubmissionDetail,
  KytSubmissionSummary,
  KytSubmitInput,
} from '../../preload/contract';
import type { CacheDb } from '../cache/open-cache';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import { foldedWords } from '../press/subject-key';
import { answerView } from './kyt-answer';
import type { KytChanges } from './kyt-changes';
import { compareSubmissions } from './kyt-compare';
import { cachedCustomerIds, cachedParticipants, resolverOver } from './kyt-customers';
import { explainScore } from './kyt-explain';
import type { KytOutbox } from './kyt-outbox';
import type { KytSender, KytSubmissionRecord } from './kyt-ports';
import { briefOf, summaryOf } from './kyt-record';
import type { KytSubmissions } from './kyt-store';

/** How long a submission made online waits for the service's answer before answering `sending`. */
export const SUBMIT_WAIT_MS = 20_000;

/** How a submission is sent once queued: the caller's way of starting the outbox, and how long to wait. */
export interface SubmitOptions {
  /** Starts sending what is queued (the outbox's replay), in the background. */
  kick?: () => void;
  /** Waits this long at most for the outcome; 0 (offline): answers at once, `waiting`. */
  waitMs?: number;
}

/** Everything CaseDesk does with KYT submissions, over one profile's local store and outbox. */
export interface KytService {
  /**
   * Records the submission, queues it in the outbox and starts sending it; answers once its
   * outcome is known (scored, refused, in doubt, not sent now) or waitMs passed.
   */
  submit(
    input: z.output<typeof KytSubmitInput>,
    options?: SubmitOptions,
  ): Promise<KytSubmissionDetail>;
  /** Records it only, not queued (the command line sends it itself, and queues it when it cannot). */
  record(input: z.output<typeof KytSubmitInput>): KytSubmissionRecord;
  /** Queues a recorded submission in the outbox; answers the item's id. */
  queue(id: string): string;
  get(id: string): KytSubmissionDetail | null;
  list(filter: z.output<typeof KytListFilter>): KytList;
  compare(a: string, b: string): KytComparison;
  /** The investigator's word on a submission in doubt. */
  decide(
    id: string,
    decision: 'send-again' | 'mark-sent',
    options?: Pick<SubmitOptions, 'kick'>,
  ): KytSubmissionDetail;
  participants(text: string, limit: number): KytParticipantChoice[];
  /** Submissions naming this customer (sender, receiver or linked). */
  countFor(customerExternalId: string): number;
  /** Kept submissions matching every word (ids, names, label, state, currency, amount). */
  search(text: string, limit: number): KytSubmissionSummary[];
  /**
   * Waiting submissions outside batches that no outbox item carries (CaseDesk stopped between
   * recording one and queuing it) are queued. Returns how many.
   */
  queueOrphans(): number;
}

export interface KytServiceDeps {
  store: KytSubmissions;
  sender: KytSender;
  changes: KytChanges;
  outbox: KytOutbox;
  /** The profile's offline cache: customers to pick as participants, names of linked customers. */
  cache: CacheDb | null;
  logger: Logger;
  now?: () => number;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "1250.5 EUR Ann Lee → Bo Chen": the outbox's words for it. */
export function submissionLabel(record: KytSubmissionRecord): string {
  const { transaction: t } = record;
  const side = (participant: typeof t.from) =>
    participant.full_name?.trim() || participant.external_id?.trim() || 'unnamed';
  return `${t.amount} ${t.currency} ${side(t.from)} → ${side(t.to)}`;
}

export function createKytService(deps: KytServiceDeps): KytService {
  const { store, changes, outbox, logger } = deps;
  const now = deps.now ?? Date.now;
  const resolve = resolverOver(deps.cache);

  /** A pure reader failing on an answer nobody foresaw shows the rest, not an error. */
  const safely = <T>(what: string, read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      logger.error(`the ${what} of a kept KYT answer could not be read`, error);
      return null;
    }
  };

  const detailOf = (record: KytSubmissionRecord): KytSubmissionDetail => {
    const answer = record.answer;
    const answered = answer !== null && answer !== undefined;
    return {
      summary: store.summary(record.id) ?? summaryOf(record, briefOf(answer, logger)),
      request: record.transaction,
      answer: answered ? safely<KytAnswerView>('view', () => answerView(answer, resolve)) : null,
      explanation: isObject(answer)
        ? safely<KytExplanation>('explanation', () => explainScore(answer.rules, answer.score))
        : null,
      outboxItemId: outbox.items().get(record.id)?.id ?? null,
    };
  };

  const required = (id: string): KytSubmissionRecord => {
    const record = store.get(id);
    if (!record)
      throw new AppError('not_found', `The transaction ${id} is not kept in this profile.`);
    return record;
  };

  /** Resolves when the submission's send came to something, or after `ms`. */
  const outcomeOf = (id: string, ms: number): Promise<void> =>
    new Promise((done) => {
      let sent = false;
      const finish = () => {
        clearTimeout(timer);
        stop();
        // The outbox records what the send came to just after it: the detail then names the item
        // still to decide on (in doubt, refused), or none once delivered.
        setImmediate(done);
      };
      const timer = setTimeout(finish, ms);
      const stop = changes.listen((ids) => {
        if (!ids.includes(id)) return;
        const status = store.get(id)?.status;
        if (status === 'sending') sent = true;
        // Back to waiting after it was being sent: not sent now (offline, busy); said so.
        else if (status !== 'waiting' || sent) finish();
      });
    });

  const record = (input: z.output<typeof KytSubmitInput>): KytSubmissionRecord => {
    if (input.basedOnId !== undefined) required(input.basedOnId);
    const made = store.create({
      transaction: input.transaction,
      basedOnId: input.basedOnId ?? null,
    });
    changes.emit([made.id]);
    return made;
  };
  const queue = (id: string): string => outbox.enqueue(id, submissionLabel(required(id)));

  return {
    async submit(input, options = {}) {
      const made = record(input);
      queue(made.id);
      const waitMs = options.waitMs ?? 0;
      if (waitMs <= 0) {
        // Offline: it waits in the outbox, as said now, whatever a try to send it meets.
        const detail = detailOf(required(made.id));
        options.kick?.();
        return detail;
      }
      const settled = outcomeOf(made.id, waitMs);
      options.kick?.();
      await settled;
      return detailOf(required(made.id));
    },
    record,
    queue,
    get(id) {
      const found = store.get(id);
      return found ? detailOf(found) : null;
    },
    list(filter) {
      const { customerExternalId, ...rest } = filter;
      const found = store.list(
        customerExternalId === undefined
          ? rest
          : { ...rest, customerIds: cachedCustomerIds(deps.cache, customerExternalId) },
      );
      return {
        ...found,
        inDoubt: store.countWithStatus('in-doubt'),
        states: store.statesSeen(),
        currencies: store.currenciesSeen(),
      };
    },
    compare(a, b) {
      const side = (id: string) => {
        const found = required(id);
        return {
          summary: store.summary(id) ?? summaryOf(found, briefOf(found.answer, logger)),
          transaction: found.transaction,
          answer: found.answer,
        };
      };
      return compareSubmissions(side(a), side(b));
    },
    decide(id, decision, options = {}) {
      const found = required(id);
      const item = outbox.items().get(id) ?? null;
      if (decision === 'mark-sent') {
        if (found.status !== 'in-doubt')
          throw new AppError(
            'conflict',
            `Only a transaction in doubt can be marked as sent; this one is ${found.status}.`,
          );
        // Its item (failed, in doubt) goes: the investigator says the service has it.
        if (item && !outbox.discard(item.id))
          throw new AppError('conflict', 'It is being sent right now: wait for its answer.');
        store.settle(id, {
          status: 'marked-sent',
          statusReason: null,
          settledAt: new Date(now()).toISOString(),
        });
      } else {
        if (!['in-doubt', 'refused', 'withdrawn'].includes(found.status))
          throw new AppError(
            'conflict',
            found.status === 'scored' || found.status === 'marked-sent'
              ? 'It reached the service already: duplicate it to send a new one.'
              : 'It is already on its way to the service.',
          );
        if (item && !outbox.discard(item.id))
          throw new AppError('conflict', 'It is being sent right now: wait for its answer.');
        store.settle(id, { status: 'waiting', statusReason: null });
        queue(id);
        options.kick?.();
      }
      changes.emit([id]);
      return detailOf(required(id));
    },
    participants: (text, limit) => cachedParticipants(deps.cache, text, limit),
    countFor: (customerExternalId) =>
      store.countForCustomers(cachedCustomerIds(deps.cache, customerExternalId)),
    search(text, limit) {
      const words = [...new Set(foldedWords(text))];
      return words.length === 0 || limit <= 0 ? [] : store.search(words, limit);
    },
    queueOrphans() {
      const carried = outbox.items();
      let queued = 0;
      for (const id of store.idsWithStatus('waiting', true)) {
        if (carried.has(id)) continue;
        queue(id);
        queued += 1;
      }
      if (queued) logger.warn(`${queued} KYT submission(s) recorded but not queued: queued now`);
      return queued;
    },
  };
}
