import { z } from 'zod';
import { method } from './define';
import { Id, type JsonValue } from './common';
import type { QueueRow } from './queue';
import type { CustomerIdentity } from './customers';

/**
 * The alert categories the service's alert search takes (spec: Search alerts, `categories`), lower
 * case as it takes them. The one list every screen offers; categories the cache has seen beyond
 * it (SAN...) are added by `categoryChoices` (the queue's facets).
 */
export const ALERT_CATEGORIES = [
  'pep',
  'rca',
  'sip',
  'sie',
  'rca_pep',
  'rca_sip',
  'rca_sie',
] as const;
export const AlertCategory = z.enum(ALERT_CATEGORIES);
export type AlertCategory = z.infer<typeof AlertCategory>;

/** The list's type: the renderer, which imports only types, holds a copy the compiler keeps equal. */
export type AlertCategoryList = typeof ALERT_CATEGORIES;

/** The categories to choose from: the service's, then those seen in the cache beyond them, once each. */
export function categoryChoices(seen: readonly string[]): string[] {
  const known = new Set<string>(ALERT_CATEGORIES);
  const extra = [...new Set(seen.map((category) => category.toLowerCase()))]
    .filter((category) => category && !known.has(category))
    .sort();
  return [...ALERT_CATEGORIES, ...extra];
}

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
