import { createHash } from 'node:crypto';
import { z } from 'zod';
import { EvidenceKind, EvidenceLink, ProposedState, ReviewDecision } from '../../preload/contract';
import { canonicalJson } from '../lib/canonical-json';
import type { Identity } from './identity';

// The two review files: a request (the proposal, each piece of its evidence with its SHA-256, the
// maker) and an answer (approve or reject, why, the checker). Each is signed by its installation's
// key over the canonical JSON of everything in it but the signature, so any change to a signed
// file, a space aside, is found.

export const REQUEST_FORMAT = 'casedesk.review-request';
export const ANSWER_FORMAT = 'casedesk.review-answer';
export const BUNDLE_VERSION = 1;

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const Base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/);
const Text = (max: number) => z.string().max(max);

export const Party = z
  .object({ name: Text(120).min(1), publicKey: Base64.max(100), fingerprint: Hex64 })
  .strict();
export type Party = z.infer<typeof Party>;

/** SHA-256 (hex) of a JSON value's canonical text: an item's hash, a file's digest. */
export const sha256Json = (value: unknown): string =>
  createHash('sha256').update(canonicalJson(value), 'utf8').digest('hex');

/** The record as the maker's installation held it (null: it held none), and its hash. */
export const BundleItem = z
  .object({
    kind: EvidenceKind,
    id: z.string().min(1).max(256),
    label: Text(300),
    state: z.enum(['present', 'missing']),
    sha256: Hex64,
    content: z.json(),
    /** A document's downloaded file, when the maker's computer held it. */
    file: z.object({ sha256: Hex64, bytes: z.number().int().nonnegative() }).strict().nullable(),
  })
  .strict();
export type BundleItem = z.infer<typeof BundleItem>;

const Pin = z
  .object({
    id: z.string(),
    revisionNumber: z.number(),
    state: z.number(),
    score: z.number(),
    topCategory: z.string(),
    comment: z.string(),
    agentId: z.string(),
    createdAt: z.string().nullable(),
    customerRevisionId: z.string(),
    profileDate: z.number().nullable(),
  })
  .strict();

export const RequestBundle = z
  .object({
    format: z.literal(REQUEST_FORMAT),
    version: z.literal(BUNDLE_VERSION),
    /** The origin of the service the proposal was made on. */
    tenant: Text(2_000).min(1),
    alertId: z.string().min(1).max(256),
    proposal: z
      .object({
        id: z.string().min(1).max(256),
        state: ProposedState,
        reason: Text(10_000),
        evidence: z.array(EvidenceLink).max(200),
        pinned: Pin,
        author: Text(120),
        createdAt: z.string(),
        status: z.enum(['open', 'withdrawn', 'superseded']),
      })
      .strict(),
    items: z.array(BundleItem).min(1).max(202),
    maker: Party,
    createdAt: z.string(),
    signature: Base64.max(200),
  })
  .strict();
export type RequestBundle = z.infer<typeof RequestBundle>;

export const Difference = z
  .object({
    kind: EvidenceKind,
    id: z.string().min(1).max(256),
    label: Text(300),
    result: z.enum(['differs', 'missing-here', 'missing-there', 'missing-both']),
  })
  .strict();

export const AnswerBundle = z
  .object({
    format: z.literal(ANSWER_FORMAT),
    version: z.literal(BUNDLE_VERSION),
    tenant: Text(2_000).min(1),
    requestDigest: Hex64,
    proposalId: z.string().min(1).max(256),
    alertId: z.string().min(1).max(256),
    decision: ReviewDecision,
    reason: Text(10_000).min(1),
    checker: Party,
    answeredAt: z.string(),
    /** Items the checker's cache did not hold as the maker's did. */
    differences: z.array(Difference).max(202),
    signature: Base64.max(200),
  })
  .strict();
export type AnswerBundle = z.infer<typeof AnswerBundle>;

/** What a signature covers: the file's canonical JSON without the signature. */
export function signedText(bundle: { signature?: string }): string {
  const { signature: _signature, ...rest } = bundle;
  return canonicalJson(rest);
}

export function signed<T extends { signature: string }>(
  unsigned: Omit<T, 'signature'>,
  identity: Identity,
): T {
  return { ...unsigned, signature: identity.sign(canonicalJson(unsigned)) } as T;
}

/** A request's name on both sides: the SHA-256 of its canonical JSON, signature included. */
export const bundleDigest = (bundle: RequestBundle | AnswerBundle): string => sha256Json(bundle);

/**
 * The file's text: its members in canonical order, indented so a person can read it. What is
 * signed and hashed is the canonical JSON of the values, so the layout never matters.
 */
export const bundleText = (bundle: RequestBundle | AnswerBundle): string =>
  `${JSON.stringify(JSON.parse(canonicalJson(bundle)), null, 2)}\n`;
