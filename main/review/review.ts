import { rm } from 'node:fs/promises';
import { basename } from 'node:path';
import type { z } from 'zod';
import type {
  ProposalStatus,
  ProposalView,
  ReviewCounts,
  ReviewDecision,
  ReviewImportView,
  ReviewRequestView,
  ReviewStatusView,
} from '../../preload/contract';
import type { CacheDb } from '../cache/open-cache';
import { AppError } from '../lib/app-error';
import type { Logger } from '../lib/logger';
import type { LocalStore } from '../local/local-store';
import type { Workbench } from '../workbench/workbench';
import { compareItems, differencesOf } from './evidence-compare';
import { reviewedItems, snapshotItems } from './evidence-snapshot';
import type { Identity } from './identity';
import {
  ANSWER_FORMAT,
  BUNDLE_VERSION,
  bundleDigest,
  bundleText,
  REQUEST_FORMAT,
  signed,
  type AnswerBundle,
  type RequestBundle,
} from './review-bundle';
import { checkDifferentParties, checkItems, checkSignature, readBundle } from './review-checks';
import { reviewFileName, writeNewFile } from './review-files';
import {
  ANSWERED,
  partyView,
  RECEIVED,
  receivedView,
  reviewIndex,
  SENT,
  sentView,
  StoredAnswered,
  StoredReceived,
  StoredSent,
} from './review-records';
import { readKept } from '../local/read-kept';

// Second review of a proposed decision, offline (issue 17): the maker sends the open proposal as
// a signed request file, a colleague's CaseDesk imports it, compares the evidence with its own
// cache and answers in a signed file, which the maker's CaseDesk imports and records. Every step
// is kept in the profile's local store with its journal entry, in one transaction:
// `review.requested`, `review.received`, `review.answered`, `review.recorded`.

/** Who acts: the analyst's name and this installation's key. */
export interface Me {
  name: string;
  identity: Identity;
}

export interface Review {
  status(alertId: string): ReviewStatusView;
  /** Writes a request for the alert's open proposal into `folder`; answers the path written. */
  send(alertId: string, me: Me, folder: string): Promise<{ path: string; requestDigest: string }>;
  /** Checks a review file's text and keeps it: a request to answer, or an answer to record. */
  importText(text: string, fileName: string, me: Me): ReviewImportView;
  /** A received request with its evidence beside this installation's, as held now. */
  request(requestDigest: string): Promise<ReviewRequestView>;
  /** Answers a received request, writing the signed answer into `folder`; answers its path. */
  answer(
    requestDigest: string,
    decision: ReviewDecision,
    reason: string,
    me: Me,
    folder: string,
  ): Promise<{ path: string }>;
  counts(): ReviewCounts;
  /** Alerts awaiting a second review: sent and not answered, or received and not answered here. */
  awaitingAlertIds(): string[];
}

const subjectOf = (alertId: string) => `alert:${alertId}`;

export function createReview(deps: {
  local: LocalStore;
  cache: CacheDb;
  workbench: Pick<Workbench, 'proposals'>;
  /** The origin of the service the profile works on: a review file of another is refused. */
  tenant: string;
  logger: Logger;
  now?: () => number;
}): Review {
  const { local, cache, workbench, tenant, logger } = deps;
  const now = deps.now ?? Date.now;
  const write = <T>(work: () => T): T => local.db.transaction(work)();

  const readable = <T>(schema: z.ZodType<T>, body: unknown, what: string): T | null =>
    readKept(logger, schema, body, what);
  const readSent = (id: string) => {
    const body = local.get(SENT, id)?.body;
    return body === undefined ? null : readable(StoredSent, body, 'review sent');
  };
  const readReceived = (id: string) => {
    const body = local.get(RECEIVED, id)?.body;
    return body === undefined ? null : readable(StoredReceived, body, 'review request');
  };
  const readAnswered = (id: string) => {
    const body = local.get(ANSWERED, id)?.body;
    return body === undefined ? null : readable(StoredAnswered, body, 'review answer');
  };
  const sentOf = (alertId: string) =>
    local
      .listOf(SENT, subjectOf(alertId))
      .map((record) => readable(StoredSent, record.body, 'review sent'))
      .filter((sent): sent is StoredSent => sent !== null);
  const receivedOf = (alertId: string) =>
    local
      .listOf(RECEIVED, subjectOf(alertId))
      .map((record) => readable(StoredReceived, record.body, 'review request'))
      .filter((received): received is StoredReceived => received !== null);

  const proposalStatuses = (proposals: readonly ProposalView[]) =>
    new Map<string, ProposalStatus>(proposals.map((proposal) => [proposal.id, proposal.status]));
  const snapshot = (items: Parameters<typeof snapshotItems>[1]) =>
    snapshotItems({ cache, local }, items);

  /** The alert's open proposal awaits an answer: sent from here, none of its requests answered. */
  const awaitsAnswer = (alertId: string): boolean => {
    const open = workbench.proposals(alertId).find((proposal) => proposal.status === 'open');
    if (!open) return false;
    const sent = sentOf(alertId).filter((request) => request.proposalId === open.id);
    return sent.length > 0 && sent.every((request) => request.answer === null);
  };
  const digestsOf = (kind: string) =>
    local.digests(kind).map((digest) => ({
      id: digest.id,
      ...(digest.digest as { alertId?: unknown; answered?: unknown }),
    }));
  const awaitingAnswer = () => {
    const alerts = new Set(
      digestsOf(SENT)
        .filter((digest) => digest.answered === false && typeof digest.alertId === 'string')
        .map((digest) => digest.alertId as string),
    );
    return [...alerts].filter(awaitsAnswer);
  };
  const toAnswer = () => [
    ...new Set(
      digestsOf(RECEIVED)
        .filter((digest) => typeof digest.alertId === 'string' && digest.answered !== true)
        .map((digest) => digest.alertId as string),
    ),
  ];

  /** Removes a file written for a step that was then not recorded: no file claims what is not kept. */
  const unwrite = async (path: string) => {
    await rm(path, { force: true }).catch((error: unknown) =>
      logger.warn(`a review file that was not recorded could not be removed: ${path}`, error),
    );
  };

  const importRequest = (bundle: RequestBundle, fileName: string, me: Me): ReviewImportView => {
    checkItems(bundle);
    checkSignature(bundle);
    checkDifferentParties(
      bundle.maker,
      { name: me.name, fingerprint: me.identity.fingerprint },
      'request',
    );
    const requestDigest = bundleDigest(bundle);
    const view = {
      kind: 'request' as const,
      requestDigest,
      alertId: bundle.alertId,
      maker: partyView(bundle.maker),
    };
    return write(() => {
      if (local.has(RECEIVED, requestDigest)) return { ...view, alreadyImported: true };
      const received: StoredReceived = {
        v: 1,
        requestDigest,
        alertId: bundle.alertId,
        fileName,
        importedMs: now(),
        importedBy: me.name,
        request: bundle,
      };
      local.add(RECEIVED, requestDigest, received, reviewIndex(bundle.alertId, false));
      local.journal.append({
        actor: me.name,
        action: 'review.received',
        subject: subjectOf(bundle.alertId),
        body: {
          request: requestDigest,
          proposal: bundle.proposal.id,
          state: bundle.proposal.state,
          maker: partyView(bundle.maker),
          items: bundle.items.map(({ kind, id, sha256, state }) => ({ kind, id, sha256, state })),
          fileName,
        },
      });
      return { ...view, alreadyImported: false };
    });
  };

  const importAnswer = (answer: AnswerBundle, fileName: string, me: Me): ReviewImportView => {
    checkSignature(answer);
    const sent = readSent(answer.requestDigest);
    if (!sent)
      throw new AppError(
        'not_found',
        'This answer is to a review request that was not sent from this profile of this CaseDesk: import it where the request was sent from.',
      );
    if (sent.alertId !== answer.alertId || sent.proposalId !== answer.proposalId)
      throw new AppError(
        'invalid_input',
        `This answer names alert ${answer.alertId} and another proposal than the request it answers: ask ${answer.checker.name} for the file again.`,
      );
    checkDifferentParties(
      answer.checker,
      { name: me.name, fingerprint: me.identity.fingerprint },
      'answer',
    );
    checkDifferentParties(answer.checker, sent.request.maker, 'answer');
    const digest = bundleDigest(answer);
    const proposal = workbench.proposals(sent.alertId).find((p) => p.id === sent.proposalId);
    const proposalStatus: ProposalStatus = proposal?.status ?? 'superseded';
    const view = {
      kind: 'answer' as const,
      requestDigest: answer.requestDigest,
      alertId: answer.alertId,
      decision: answer.decision,
      checker: partyView(answer.checker),
    };
    return write(() => {
      const before = readSent(answer.requestDigest) ?? sent;
      if (before.answer) {
        if (before.answer.digest === digest)
          return {
            ...view,
            answeredClosedProposal:
              before.answer.proposalStatus === 'open' ? null : before.answer.proposalStatus,
            alreadyRecorded: true,
          };
        throw new AppError(
          'conflict',
          `This request was already answered by ${before.answer.bundle.checker.name} (${before.answer.bundle.decision === 'approve' ? 'approved' : 'rejected'}); a second answer to it is not recorded.`,
        );
      }
      const recorded: StoredSent = {
        ...before,
        answer: { digest, bundle: answer, fileName, recordedMs: now(), proposalStatus },
      };
      local.replace(SENT, before.requestDigest, recorded, reviewIndex(before.alertId, true));
      local.journal.append({
        actor: me.name,
        action: 'review.recorded',
        subject: subjectOf(before.alertId),
        body: {
          request: before.requestDigest,
          answer: digest,
          proposal: before.proposalId,
          decision: answer.decision,
          reason: answer.reason,
          checker: partyView(answer.checker),
          differences: answer.differences.length,
          proposalStatus,
          fileName,
        },
      });
      return {
        ...view,
        answeredClosedProposal: proposalStatus === 'open' ? null : proposalStatus,
        alreadyRecorded: false,
      };
    });
  };

  return {
    status(alertId) {
      const proposals = workbench.proposals(alertId);
      const statuses = proposalStatuses(proposals);
      const open = proposals.find((proposal) => proposal.status === 'open') ?? null;
      return {
        openProposalId: open?.id ?? null,
        openProposalStale: open?.stale !== null && open?.stale !== undefined,
        sent: sentOf(alertId)
          .reverse()
          .map((sent) => sentView(sent, statuses.get(sent.proposalId) ?? 'superseded')),
        received: receivedOf(alertId)
          .reverse()
          .map((received) => receivedView(received, readAnswered(received.requestDigest))),
      };
    },

    async send(alertId, me, folder) {
      const open = workbench.proposals(alertId).find((proposal) => proposal.status === 'open');
      if (!open)
        throw new AppError(
          'not_found',
          'There is no open proposal on this alert: propose a decision first, then send it for a second review.',
        );
      if (open.stale)
        throw new AppError(
          'conflict',
          'This proposal is stale: the alert moved on since it was made. Propose again (or withdraw it), then send the new proposal for a second review.',
        );
      const items = await snapshot(reviewedItems(alertId, open.evidence));
      const request = signed<RequestBundle>(
        {
          format: REQUEST_FORMAT,
          version: BUNDLE_VERSION,
          tenant,
          alertId,
          proposal: {
            id: open.id,
            state: open.state,
            reason: open.reason,
            evidence: open.evidence,
            pinned: open.pinned,
            author: open.author,
            createdAt: open.createdAt,
            status: open.status,
          },
          items,
          maker: {
            name: me.name,
            publicKey: me.identity.publicKey,
            fingerprint: me.identity.fingerprint,
          },
          createdAt: new Date(now()).toISOString(),
        },
        me.identity,
      );
      const requestDigest = bundleDigest(request);
      const path = await writeNewFile(
        folder,
        reviewFileName(alertId, 'request'),
        bundleText(request),
      );
      const fileName = basename(path);
      try {
        write(() => {
          const sent: StoredSent = {
            v: 1,
            requestDigest,
            alertId,
            proposalId: open.id,
            fileName,
            sentMs: now(),
            sentBy: me.name,
            request,
            answer: null,
          };
          local.add(SENT, requestDigest, sent, reviewIndex(alertId, false));
          local.journal.append({
            actor: me.name,
            action: 'review.requested',
            subject: subjectOf(alertId),
            body: {
              request: requestDigest,
              proposal: open.id,
              state: open.state,
              maker: partyView(request.maker),
              items: items.map(({ kind, id, sha256, state }) => ({ kind, id, sha256, state })),
              fileName,
            },
          });
        });
      } catch (error) {
        await unwrite(path);
        throw error;
      }
      return { path, requestDigest };
    },

    importText(text, fileName, me) {
      const read = readBundle(text, fileName, tenant);
      return read.kind === 'request'
        ? importRequest(read.bundle, fileName, me)
        : importAnswer(read.bundle, fileName, me);
    },

    async request(requestDigest) {
      const received = readReceived(requestDigest);
      if (!received)
        throw new AppError(
          'not_found',
          'This review request is not kept in this profile: import its file.',
        );
      const { request } = received;
      const here = await snapshot(request.items);
      return {
        ...receivedView(received, readAnswered(requestDigest)),
        tenant: request.tenant,
        proposal: {
          id: request.proposal.id,
          state: request.proposal.state,
          reason: request.proposal.reason,
          evidence: request.proposal.evidence,
          pinned: request.proposal.pinned,
          author: request.proposal.author,
          createdAt: request.proposal.createdAt,
        },
        items: compareItems(request.items, here),
      };
    },

    async answer(requestDigest, decision, reason, me, folder) {
      const received = readReceived(requestDigest);
      if (!received)
        throw new AppError(
          'not_found',
          'This review request is not kept in this profile: import its file.',
        );
      const earlier = readAnswered(requestDigest);
      if (earlier)
        throw new AppError(
          'conflict',
          `This request was already answered here (${earlier.answer.decision === 'approve' ? 'approved' : 'rejected'} by ${earlier.answer.checker.name}): an answer is given once.`,
        );
      const { request } = received;
      // Checked again: the name may have changed since the request was imported.
      checkDifferentParties(
        request.maker,
        { name: me.name, fingerprint: me.identity.fingerprint },
        'request',
      );
      const items = compareItems(request.items, await snapshot(request.items));
      const answer = signed<AnswerBundle>(
        {
          format: ANSWER_FORMAT,
          version: BUNDLE_VERSION,
          tenant,
          requestDigest,
          proposalId: request.proposal.id,
          alertId: request.alertId,
          decision,
          reason,
          checker: {
            name: me.name,
            publicKey: me.identity.publicKey,
            fingerprint: me.identity.fingerprint,
          },
          answeredAt: new Date(now()).toISOString(),
          differences: differencesOf(items),
        },
        me.identity,
      );
      const digest = bundleDigest(answer);
      const path = await writeNewFile(
        folder,
        reviewFileName(request.alertId, 'answer'),
        bundleText(answer),
      );
      const fileName = basename(path);
      try {
        write(() => {
          if (local.has(ANSWERED, requestDigest))
            throw new AppError(
              'conflict',
              'This request was answered meanwhile: an answer is given once.',
            );
          const answered: StoredAnswered = {
            v: 1,
            requestDigest,
            alertId: request.alertId,
            digest,
            fileName,
            answeredMs: now(),
            answer,
          };
          local.add(ANSWERED, requestDigest, answered, reviewIndex(request.alertId, true));
          local.setIndex(RECEIVED, requestDigest, reviewIndex(request.alertId, true));
          local.journal.append({
            actor: me.name,
            action: 'review.answered',
            subject: subjectOf(request.alertId),
            body: {
              request: requestDigest,
              answer: digest,
              proposal: request.proposal.id,
              maker: partyView(request.maker),
              decision,
              reason,
              differences: answer.differences,
              fileName,
            },
          });
        });
      } catch (error) {
        await unwrite(path);
        throw error;
      }
      return { path };
    },

    counts() {
      const awaiting = awaitingAnswer();
      const received = toAnswer();
      return {
        awaitingAnswer: awaiting.length,
        toAnswer: received.length,
        alerts: new Set([...awaiting, ...received]).size,
      };
    },

    awaitingAlertIds() {
      return [...new Set([...awaitingAnswer(), ...toAnswer()])];
    },
  };
}
