import { z } from 'zod';
import { method } from './define';
import { Id, type JsonValue } from './common';
import type { QueueRow } from './queue';
import type { DocumentView } from './documents';
import type { ThreadRow } from './threads';

// Customer 360: identity, risk, relations, timeline, documents, press reports.
// Answered from the offline cache, never from the service, so the screen behaves the same with
// the network unplugged.

export interface CustomerIdentity {
  externalId: string;
  id: string;
  name: string;
  accountType: string;
  /** The read shape, every field as the service sent it. */
  fields: Record<string, JsonValue>;
  nameVariations: string[];
  reviewGroups: string[];
}

export interface IndicatorView {
  key: string;
  id: number | null;
  name: string;
  value: JsonValue;
  fieldType: JsonValue;
}

export interface EddView {
  state: JsonValue;
  nextReviewDate: string | null;
  agentName: string;
  comment: string;
  createdAt: string | null;
  revisionNumber: number | null;
  disabled: boolean;
}

export interface CustomerRisk {
  overallRisk: JsonValue;
  /** pep, san(ctions), press risk and the may-be indicators, by the detail's field name. */
  screening: IndicatorView[];
  /** vid_success, vid_failed, vid_in_progress, vid_outdated. */
  identityVerification: IndicatorView[];
  /** Every other indicator of the detail (se, str, tm, chat categories). */
  other: IndicatorView[];
  customFields: IndicatorView[];
  edd: EddView | null;
}

export interface RelationView {
  relationExternalId: string;
  relationType: number | null;
  /** The customer at the other end. */
  otherExternalId: string;
  otherName: string;
}

export interface TimelineEventView {
  id: string;
  eventType: string;
  title: string;
  description: string;
  createdAt: string | null;
  url: string;
}

export interface Customer360 {
  identity: CustomerIdentity;
  /** Null until the customer's detail has been fetched by a sync. */
  risk: CustomerRisk | null;
  stats: { alerts: number | null; lastScanDate: string | null } | null;
  detailSyncedAt: string | null;
  relations: { asParent: RelationView[]; asChild: RelationView[] };
  timeline: TimelineEventView[];
  /** The count of events the service returned when it stopped at a round one: the list may be cut. */
  timelineMayBeCut: number | null;
  documents: DocumentView[];
  threads: ThreadRow[];
  alerts: QueueRow[];
  /** Press reports of this customer kept in the local store (the Press tab lists them: press.list). */
  pressReportCount: number;
  /**
   * KYT submissions kept in the local store naming this customer as sender, receiver or linked
   * customer (the Transactions tab lists them: kyt.list with customerExternalId).
   */
  kytTransactionCount: number;
}

/* ----- writing customers (POST /customers/save) ----- */

const Text = z.string().max(1024);
const Codes = z.array(z.string().trim().min(1).max(64)).max(300);

/** One name variation to add (`set`) or remove (`del`). */
export const NameVariationDraft = z
  .object({
    _op: z.enum(['set', 'del']),
    company_name: Text.optional(),
    first_name: Text.optional(),
    last_name: Text.optional(),
    middle_name: Text.optional(),
    trading_name: Text.optional(),
  })
  .strict();
export type NameVariationDraft = z.infer<typeof NameVariationDraft>;

/**
 * A customer in the interface's write shape (SaveCustomerInput), as the form and the command line
 * build it. Only `external_id` is required by the interface; every other check (account type,
 * date format, country codes, what each account type needs) is a per-line problem, so a draft the
 * service would refuse can still be verified and shown with its reasons.
 */
export const CustomerDraft = z
  .object({
    external_id: z.string().trim().min(1, 'an external id is required').max(256),
    account_type: z.string().max(8).optional(),
    alias_ids: Codes.optional(),
    comment: Text.optional(),
    company_name: Text.optional(),
    contacts: z.union([Text, z.array(Text).max(300)]).optional(),
    date_of_birth: z.string().max(64).optional(),
    disabled: z.boolean().optional(),
    domicile_codes: Codes.optional(),
    fields: z.record(z.string().min(1).max(200), z.unknown()).optional(),
    first_name: Text.optional(),
    middle_name: Text.optional(),
    last_name: Text.optional(),
    kyc_level: z.number().int().optional(),
    kyc_level_requested: z.number().int().optional(),
    nationality_codes: Codes.optional(),
    parent_external_id: z.string().max(256).optional(),
    phone: Text.optional(),
    registration_number: Text.optional(),
    review_groups: z.union([Text, z.array(Text).max(300)]).optional(),
    trading_name: Text.optional(),
    variations: z.array(NameVariationDraft).max(300).optional(),
  })
  .strict();
export type CustomerDraft = z.infer<typeof CustomerDraft>;

/** A relation in the interface's write shape (SaveCustomerRelationInput). */
export const RelationDraft = z
  .object({
    relation_external_id: z.string().trim().min(1, 'a relation external id is required').max(256),
    parent_customer_external_id: z.string().trim().min(1).max(256),
    child_customer_external_id: z.string().trim().min(1).max(256),
    relation_type: z.number().int().optional(),
    disabled: z.boolean().optional(),
    fields: z.record(z.string().min(1).max(200), z.unknown()).optional(),
  })
  .strict();
export type RelationDraft = z.infer<typeof RelationDraft>;

/** One problem of a line, as the service reported it (or a check CaseDesk made before sending). */
export interface SaveProblem {
  /** The service's code (`error`), shown as received. */
  code: string;
  detail: string;
  /** The write-shape field it names, when it can be told (to show it beside that field). */
  field: string | null;
}

export interface SaveLineReport {
  /** `customer` lines by external id, `relation` lines by relation external id. */
  kind: 'customer' | 'relation';
  externalId: string;
  errors: SaveProblem[];
  warnings: SaveProblem[];
  /** The service's id of a customer it added or updated (`added[].customer_id`). */
  customerId: string | null;
}

export interface SaveReport {
  /**
   * `verified`: checked only (verify_input), nothing saved; `saved`: the service answered the save;
   * `queued`: offline, waiting in the outbox (sent when back online, safe to send again).
   */
  outcome: 'verified' | 'saved' | 'queued';
  /** The service's `status`, as received (null when queued). */
  status: string | null;
  lines: SaveLineReport[];
  /** Whether any line has errors (those lines were not saved). */
  failed: boolean;
  /** The service deferred scan and risk although it was not asked to (its warnings say so). */
  riskScanForced: boolean;
}

export const SaveCustomersInput = z
  .object({
    customers: z.array(CustomerDraft).max(1000).default([]),
    relations: z.array(RelationDraft).max(1000).default([]),
    disableRiskScan: z.boolean().default(false),
  })
  .strict();
export type SaveCustomersInput = z.input<typeof SaveCustomersInput>;

export const customersWriteMethods = {
  /** The cached read shape mapped to the write shape (null when the customer is not cached). */
  draft: method<CustomerDraft | null>()(z.object({ externalId: Id }).strict()),
  /** Checks with the service (verify_input: true); nothing is saved. Needs the network. */
  verify: method<SaveReport>()(SaveCustomersInput),
  /**
   * Saves; online, the saved customers are read back into the cache before it answers; offline, the
   * save waits in the outbox (`queued`).
   */
  save: method<SaveReport>()(SaveCustomersInput),
};

export const customersMethods = {
  get: method<Customer360 | null>()(z.object({ externalId: Id }).strict()),
  ...customersWriteMethods,
};
