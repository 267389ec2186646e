import { z } from 'zod';
import { method } from './define';
import { Id } from './common';
import { LocalFile } from './uploads';
import type {
  EvidenceKind,
  EvidenceLink,
  ProposalPin,
  ProposalStatus,
  ProposedState,
} from './workbench';

// Second review of a proposed decision (issue 17), without a server: the maker's CaseDesk writes
// the proposal and a hash of every piece of its evidence into a signed file; a colleague's CaseDesk
// imports it, sets the same evidence beside its own cache, and answers approve or reject in a
// signed file of its own, which the maker's CaseDesk imports and records. Each installation signs
// with an Ed25519 key pair it made itself; maker and checker must differ.

/** How every review file's name ends: `<alert>-review-request.casedesk-review.json`. */
export const REVIEW_FILE_ENDING = '.casedesk-review.json';

/** A request as both sides name it: the SHA-256 (hex) of the signed request file's canonical JSON. */
export const ReviewDigest = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'Not a review request: give the digest CaseDesk showed for it.');

export const REVIEW_DECISIONS = ['approve', 'reject'] as const;
export const ReviewDecision = z.enum(REVIEW_DECISIONS);
export type ReviewDecision = z.infer<typeof ReviewDecision>;

/** One side of a review: the analyst's name and the installation's key fingerprint. */
export interface ReviewParty {
  name: string;
  /** SHA-256 of the installation's raw Ed25519 public key, hex. */
  fingerprint: string;
}

/** Whether an installation holds an item of the evidence. */
export type ReviewItemState = 'present' | 'missing';

/**
 * An item of the maker's evidence beside this installation's own: the same, different (with
 * where), held here only, held by the maker only, or held by neither.
 */
export type ReviewItemResult =
  'same' | 'differs' | 'missing-here' | 'missing-there' | 'missing-both';

/** One value that differs: where in the record, what the maker's file says, what this cache says. */
export interface ReviewFieldChange {
  /** `last_revision.state`, `display_name`; `—` when the record as a whole differs. */
  path: string;
  theirs: string;
  here: string;
}

export interface ReviewItemComparison {
  kind: EvidenceKind;
  id: string;
  label: string;
  theirs: { state: ReviewItemState; sha256: string };
  here: { state: ReviewItemState; sha256: string };
  result: ReviewItemResult;
  /** For `differs`: what differs, at most 20 values. */
  changes: ReviewFieldChange[];
  /**
   * A document's downloaded file, by its SHA-256: compared when both sides hold one, else
   * `not-compared`; null for any other kind.
   */
  file: 'same' | 'differs' | 'not-compared' | null;
}

/** What a checker answered, as both sides keep it. */
export interface ReviewAnswerView {
  decision: ReviewDecision;
  reason: string;
  checker: ReviewParty;
  answeredAt: string;
  /** Items the checker's cache did not hold the same. */
  differences: Array<Pick<ReviewItemComparison, 'kind' | 'id' | 'label' | 'result'>>;
}

/** A request sent from this installation for one of the alert's proposals. */
export interface SentReviewView {
  requestDigest: string;
  proposalId: string;
  /** The proposal as it stands now. */
  proposalStatus: ProposalStatus;
  fileName: string;
  sentAt: string;
  sentBy: string;
  state: 'awaiting' | 'approved' | 'rejected';
  answer: (ReviewAnswerView & { recordedAt: string }) | null;
  /**
   * The answer came back after its proposal was withdrawn or superseded: recorded, but it
   * approves or rejects a proposal that no longer stands.
   */
  answeredClosedProposal: ProposalStatus | null;
}

/** A request imported here, to be answered (or answered) by this installation. */
export interface ReceivedReviewView {
  requestDigest: string;
  alertId: string;
  proposalId: string;
  maker: ReviewParty;
  requestedAt: string;
  importedAt: string;
  fileName: string;
  answer: (ReviewAnswerView & { fileName: string }) | null;
}

export interface ReviewStatusView {
  /** The alert's open proposal: the one "Send for second review" sends; null without one. */
  openProposalId: string | null;
  /** Whether the open proposal is stale (it cannot be sent until proposed again). */
  openProposalStale: boolean;
  /** Requests sent from here for the alert's proposals, newest first. */
  sent: SentReviewView[];
  /** Requests about this alert imported here, newest first. */
  received: ReceivedReviewView[];
}

/** A received request with the maker's evidence set beside this installation's cache, now. */
export interface ReviewRequestView extends ReceivedReviewView {
  /** The service the request was made on (its address's origin). */
  tenant: string;
  proposal: {
    id: string;
    state: ProposedState;
    reason: string;
    evidence: EvidenceLink[];
    pinned: ProposalPin;
    author: string;
    createdAt: string;
  };
  items: ReviewItemComparison[];
}

export type ReviewImportView =
  | {
      kind: 'request';
      requestDigest: string;
      alertId: string;
      maker: ReviewParty;
      /** The same request was imported before: nothing new was kept. */
      alreadyImported: boolean;
    }
  | {
      kind: 'answer';
      requestDigest: string;
      alertId: string;
      decision: ReviewDecision;
      checker: ReviewParty;
      /** Kept but flagged: the proposal was withdrawn or superseded meanwhile. */
      answeredClosedProposal: ProposalStatus | null;
      alreadyRecorded: boolean;
    };

/** Who this installation reviews as. */
export interface ReviewIdentityView {
  name: string;
  fingerprint: string;
}

export interface ReviewCounts {
  /** Alerts whose open proposal was sent from here and is not answered yet. */
  awaitingAnswer: number;
  /** Alerts with a request imported here and not answered yet. */
  toAnswer: number;
  /** Alerts in either list: what the queue's "Awaiting second review" filter shows. */
  alerts: number;
}

export const ReviewReason = z
  .string()
  .trim()
  .min(1, 'Say why: an answer needs a reason.')
  .max(10_000, 'A reason holds at most 10,000 characters.');

export const reviewMethods = {
  identity: method<ReviewIdentityView>()(z.undefined()),
  status: method<ReviewStatusView>()(z.object({ alertId: Id }).strict()),
  /**
   * Writes a signed request for the alert's open proposal into the profile's download folder;
   * answers the file's name (never its path).
   */
  exportRequest: method<{ fileName: string; requestDigest: string }>()(
    z.object({ alertId: Id }).strict(),
  ),
  /** Imports a review file dropped or chosen: a request (kept) or an answer (recorded). */
  importFile: method<ReviewImportView>()(z.object({ file: LocalFile }).strict()),
  request: method<ReviewRequestView>()(z.object({ requestDigest: ReviewDigest }).strict()),
  /** Answers a received request; writes the signed answer into the download folder. */
  answer: method<{ fileName: string }>()(
    z
      .object({ requestDigest: ReviewDigest, decision: ReviewDecision, reason: ReviewReason })
      .strict(),
  ),
  counts: method<ReviewCounts>()(z.undefined()),
};
