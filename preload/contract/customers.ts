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

export const customersMethods = {
  get: method<Customer360 | null>()(z.object({ externalId: Id }).strict()),
};
