import { z } from 'zod';
import { type KindContext, type OutboxKind, quoted } from './kind';

/** A KYT submission kept in the local store, to send (POST /kyt/transaction). */
export const KytSubmitPayload = z.object({
  kind: z.literal('kyt.submit'),
  submissionId: z.string().min(1),
  /** "1250.5 EUR Ann Lee → Bo Chen": what the outbox calls it. */
  label: z.string(),
});
export type KytSubmitPayload = z.infer<typeof KytSubmitPayload>;

/**
 * What sending a submission came to, as this kind reads it (the KYT core's KytSendOutcome; the
 * outbox does not import the core, the core uses the outbox).
 */
export type KytSendResult =
  | { kind: 'scored' }
  | { kind: 'not-sent' | 'refused' | 'in-doubt'; reason: string; error?: unknown };

/** What this kind needs of the KYT core (the profile's local store): given by the workspace. */
export interface KytKindContext {
  send(
    submissionId: string,
    options: { onSending: () => void; signal?: AbortSignal },
  ): Promise<KytSendResult>;
  /** Its outbox item was discarded: a submission still waiting is withdrawn. */
  discarded(submissionId: string): void;
  /** The investigator asked to send it again (retry): one in doubt or refused waits again. */
  retried(submissionId: string): void;
}

export interface KytSubmitOps {
  sendKytSubmission: KytKindContext['send'];
  kytSubmissionDiscarded(submissionId: string): void;
  kytSubmissionRetried(submissionId: string): void;
}

/** What a delivered submission answers: the outbox keeps it as the item's result. */
export interface KytSubmitResult {
  kyt: 'scored';
  submissionId: string;
}

/** The KYT submissions (by id) that outbox items carry, with their items. */
export function kytSubmissionItems<I extends { id: string; payload: unknown }>(
  items: readonly I[],
): Map<string, I> {
  const found = new Map<string, I>();
  for (const item of items) {
    const payload = KytSubmitPayload.safeParse(item.payload);
    if (payload.success) found.set(payload.data.submissionId, item);
  }
  return found;
}

const NO_STORE =
  'KYT submissions are kept in this profile’s local store, which could not be opened: it cannot be sent until it opens.';

const coreOf = (context: KindContext): KytKindContext => {
  if (!context.kyt) throw new Error(NO_STORE);
  return context.kyt;
};

export const kytSubmit: OutboxKind<KytSubmitPayload, KytSubmitOps> = {
  name: 'kyt.submit',
  payload: KytSubmitPayload,
  label: 'KYT transaction',
  discardLoss:
    'The transaction will not be sent, so the service will not score it (its draft stays listed as withdrawn).',
  summary: (payload) => `Submit ${payload.label ? quoted(payload.label) : 'a transaction'}`,

  operations: (_client, context) => ({
    sendKytSubmission: (id, options) => coreOf(context).send(id, options),
    kytSubmissionDiscarded: (id) => context.kyt?.discarded(id),
    kytSubmissionRetried: (id) => context.kyt?.retried(id),
  }),
  async send(payload, ops, sending): Promise<KytSubmitResult> {
    // Its record is marked `sending` before the request goes out: that is the moment its body
    // "starts", so an item left `sending` before it went back in line at once (nothing was sent).
    const outcome = await ops.sendKytSubmission(payload.submissionId, {
      onSending: () => sending.bodySent(1, 1),
    });
    switch (outcome.kind) {
      case 'scored':
        return { kyt: 'scored', submissionId: payload.submissionId };
      case 'not-sent':
      case 'refused':
      case 'in-doubt':
        // The client's own error, classified as for every kind: not sent waits and goes again; a
        // lost answer (outcome unknown) is held as failed, never sent again by itself; a refusal
        // is failed with the service's words.
        throw outcome.error instanceof Error ? outcome.error : new Error(outcome.reason);
    }
  },
  // The interface has no call to look a transaction up: the investigator decides.
  afterLostAnswer: { policy: 'ask' },
  marksBodyStart: () => true,
  onDiscard: (payload, ops) => ops.kytSubmissionDiscarded(payload.submissionId),
  onRetry: (payload, ops) => ops.kytSubmissionRetried(payload.submissionId),

  // Kept in the local store, never in the cache.
  cacheTables: [],
};
