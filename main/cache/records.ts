// What the cache needs of the service's records: structural, so the API client's wire types (which
// keep every unknown field) fit as they are. The raw JSON kept beside them is the whole record.

export interface AlertRevisionLike {
  id?: string | null;
  revision_number?: number | null;
  state?: number | null;
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
  created_at?: number | null;
  tags?: string[] | null;
}

export interface CustomerEventLike {
  ID: string;
  CustomerExternalID?: string | null;
  CreatedAt?: string | null;
  EventType?: string | null;
}

/** Milliseconds of a service timestamp; 0 where it is missing or unreadable (the spec leaves formats open). */
export function timestampMs(value: string | null | undefined): number {
  if (!value) return 0;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : 0;
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
