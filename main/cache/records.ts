import { parseServiceDate } from '../lib/service-date';

// What the cache needs of the service's records: structural, so the API client's wire types (which
// keep every unknown field) fit as they are. The raw JSON kept beside them is the whole record.

export interface AlertRevisionLike {
  id?: string | null;
  revision_number?: number | null;
  /** Any integer or text: a state the spec does not list is kept and shown as received. */
  state?: number | string | null;
  score?: number | null;
  top_category?: string | null;
  comment?: string | null;
  created_at?: string | null;
}

export interface AlertLike {
  id: string;
  created_at?: string | null;
  /** The spec does not promise these; an alert without them is kept with neutral values. */
  customer_external_id?: string | null;
  last_revision?: AlertRevisionLike | null;
}

export interface NameVariationLike {
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
  trading_name?: string | null;
}

export interface CustomerLike extends NameVariationLike {
  external_id: string;
  id?: string | null;
  account_type?: unknown;
  name_variations?: NameVariationLike[] | null;
  review_groups?: string[] | null;
}

export interface AttachmentLike {
  id: string;
  file_name?: string | null;
  file_mime?: string | null;
  file_size?: number | null;
  file_not_dangerous?: boolean | null;
}

export interface MessageLike {
  id: string;
  created_at?: string | null;
  subject?: string | null;
  content?: string | null;
  attachments?: AttachmentLike[] | null;
}

export interface ThreadLike {
  id: string;
  created_at?: string | null;
  updated_at?: string | null;
  status?: unknown;
  message_count?: number | null;
  customers?: CustomerLike[] | null;
  last_message?: MessageLike | null;
  attachments?: AttachmentLike[] | null;
}

export interface DocumentLike {
  id: string;
  customer_external_id?: string | null;
  display_name?: string | null;
  file_name?: string | null;
  file_type?: string | null;
  /** Epoch seconds or milliseconds in the spec; any date form is read (lib/service-date). */
  created_at?: number | string | null;
  tags?: string[] | null;
}

export interface CustomerEventLike {
  ID: string;
  CustomerExternalID?: string | null;
  CreatedAt?: string | null;
  EventType?: string | null;
}

/**
 * Milliseconds of a service timestamp for the cache's order columns; 0 where it is missing or
 * unreadable (the spec leaves formats open). 0 only orders: the record's raw JSON keeps the value
 * as received, and screens show that, never 0 as a date.
 */
export function timestampMs(value: unknown): number {
  return parseServiceDate(value) ?? 0;
}

/**
 * A number for an INTEGER column of the cache (STRICT tables refuse 55.5 or 1e300): rounded and
 * bounded. The record's raw JSON keeps the value as received, which is what the screens show.
 */
export function storedInt(value: number | null | undefined): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, Math.round(value)));
}

/**
 * An alert state for the state column: the integer as received (99 stays 99, counted apart from the
 * spec's 1–7), a numeric text as its number, and 0, a state outside the spec, for any other text.
 */
export function storedState(value: number | string | null | undefined): number {
  // State 1 is the spec's "Unknown": what an alert without a state is.
  if (value === null || value === undefined) return 1;
  if (typeof value === 'number') return storedInt(value) ?? 0;
  const trimmed = value.trim();
  return /^[+-]?\d{1,15}$/.test(trimmed) ? Number(trimmed) : 0;
}

export function displayName(customer: NameVariationLike & { account_type?: unknown }): string {
  const person = [customer.first_name, customer.middle_name, customer.last_name]
    .filter(Boolean)
    .join(' ');
  return person || customer.company_name || customer.trading_name || '';
}

/** `|a|b|`, so one element can be matched with LIKE '%|a|%'. */
export const listKey = (values: readonly string[] | null | undefined): string =>
  values && values.length ? `|${values.join('|')}|` : '';
