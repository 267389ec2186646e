import { z } from 'zod';
import type {
  ProposalStatus,
  ReceivedReviewView,
  ReviewAnswerView,
  SentReviewView,
} from '../../preload/contract';
import { AnswerBundle, RequestBundle, type Party } from './review-bundle';

// Reviews as the profile's local store keeps them, each beside its journal entry:
// - `review.sent`: a request this installation sent (the signed request, and the answer once
//   recorded), by the request's digest;
// - `review.request`: a request imported here to be answered, by its digest;
// - `review.answer`: this installation's answer to one, by the request's digest.
// The signed files are kept whole: they are what a case file or an auditor checks again.

export const SENT = 'review.sent';
export const RECEIVED = 'review.request';
export const ANSWERED = 'review.answer';

const Time = z.number().int().nonnegative();
const ProposalStatusSchema = z.enum(['open', 'withdrawn', 'superseded']);

export const StoredSent = z.object({
  v: z.literal(1),
  requestDigest: z.string(),
  alertId: z.string(),
  proposalId: z.string(),
  fileName: z.string(),
  sentMs: Time,
  sentBy: z.string(),
  request: RequestBundle,
  answer: z
    .object({
      digest: z.string(),
      bundle: AnswerBundle,
      fileName: z.string(),
      recordedMs: Time,
      /** The proposal's status when the answer was recorded. */
      proposalStatus: ProposalStatusSchema,
    })
    .nullable(),
});
export type StoredSent = z.infer<typeof StoredSent>;

export const StoredReceived = z.object({
  v: z.literal(1),
  requestDigest: z.string(),
  alertId: z.string(),
  fileName: z.string(),
  importedMs: Time,
  importedBy: z.string(),
  request: RequestBundle,
});
export type StoredReceived = z.infer<typeof StoredReceived>;

export const StoredAnswered = z.object({
  v: z.literal(1),
  requestDigest: z.string(),
  alertId: z.string(),
  digest: z.string(),
  fileName: z.string(),
  answeredMs: Time,
  answer: AnswerBundle,
});
export type StoredAnswered = z.infer<typeof StoredAnswered>;

const iso = (ms: number) => new Date(ms).toISOString();

export const partyView = (party: Party) => ({ name: party.name, fingerprint: party.fingerprint });

export const answerView = (answer: AnswerBundle): ReviewAnswerView => ({
  decision: answer.decision,
  reason: answer.reason,
  checker: partyView(answer.checker),
  answeredAt: answer.answeredAt,
  differences: answer.differences,
});

/** What the list of a record keeps beside it: its alert, and whether it is answered. */
export const reviewIndex = (alertId: string, answered: boolean) => ({
  subject: `alert:${alertId}`,
  digest: { v: 1, alertId, answered },
  searchText: '',
});

export function sentView(sent: StoredSent, proposalStatus: ProposalStatus): SentReviewView {
  const answer = sent.answer;
  return {
    requestDigest: sent.requestDigest,
    proposalId: sent.proposalId,
    proposalStatus,
    fileName: sent.fileName,
    sentAt: iso(sent.sentMs),
    sentBy: sent.sentBy,
    state: answer ? (answer.bundle.decision === 'approve' ? 'approved' : 'rejected') : 'awaiting',
    answer: answer ? { ...answerView(answer.bundle), recordedAt: iso(answer.recordedMs) } : null,
    answeredClosedProposal:
      answer && answer.proposalStatus !== 'open' ? answer.proposalStatus : null,
  };
}

export function receivedView(
  received: StoredReceived,
  answered: StoredAnswered | null,
): ReceivedReviewView {
  return {
    requestDigest: received.requestDigest,
    alertId: received.alertId,
    proposalId: received.request.proposal.id,
    maker: partyView(received.request.maker),
    requestedAt: received.request.createdAt,
    importedAt: iso(received.importedMs),
    fileName: received.fileName,
    answer: answered ? { ...answerView(answered.answer), fileName: answered.fileName } : null,
  };
}
