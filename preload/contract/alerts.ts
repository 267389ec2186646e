import { z } from 'zod';
import { method } from './define';
import { Id, type JsonValue } from './common';
import type { QueueRow } from './queue';
import type { CustomerIdentity } from './customers';

// One alert: its revisions, its customer beside the match.
// Answered from the offline cache, never from the service, so the screen behaves the same with
// the network unplugged.

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

export interface AlertRevisionView {
  id: string;
  revisionNumber: number;
  state: number;
  score: number;
  topCategory: string;
  comment: string;
  agentId: string;
  createdAt: string | null;
  customerRevisionId: string;
  profileDate: number | null;
  /** What differs from the revision before it; empty for the first one seen. */
  changes: FieldChange[];
}

export interface AlertView {
  id: string;
  createdAt: string | null;
  customerExternalId: string;
  profileNumber: string;
  last: AlertRevisionView;
  /** Every revision the cache has seen, oldest first; the last one is `last`. */
  revisions: AlertRevisionView[];
  /** The customer as cached; null until it reaches the cache. */
  customer: CustomerIdentity | null;
  /** The same customer's other alerts, most recently updated first. */
  otherAlerts: QueueRow[];
  /** The alert as the service sent it. */
  raw: JsonValue;
}

export const alertsMethods = {
  get: method<AlertView | null>()(z.object({ id: Id }).strict()),
};
