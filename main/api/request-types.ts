/**
 * Request bodies, as the spec's Endpoints and Resources describe them. Only what the spec marks
 * required is required here (plus the keys a request is meaningless without); the rest is
 * optional because the spec does not say ("Required or optional status … not shown"). String
 * unions end in `(string & {})` where the spec lists values but the service may accept more.
 */

type OpenString<T extends string> = T | (string & {});

// ── Customers ────────────────────────────────────────────────────────────────────────────────

/** Structure not shown (spec, Gaps): a `;`/`,` separated string, or an array of delta items. */
export type DeltaList = string | Array<string | Record<string, unknown>>;

export interface SaveCustomerNameVariationInput {
  _op?: OpenString<'set' | 'del'>;
  company_name?: string;
  first_name?: string;
  last_name?: string;
  middle_name?: string;
  trading_name?: string;
}

export interface SaveCustomerInput {
  external_id: string;
  /** F (firm) or N (individual). */
  account_type?: OpenString<'F' | 'N'>;
  alias_ids?: string[];
  comment?: string;
  company_name?: string;
  contacts?: DeltaList;
  /** YYYY-MM-DD */
  date_of_birth?: string;
  disabled?: boolean;
  domicile_codes?: string[];
  /** Custom fields defined beforehand with the operator. */
  fields?: Record<string, unknown>;
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  kyc_level?: number;
  kyc_level_requested?: number;
  nationality_codes?: string[];
  parent_external_id?: string;
  phone?: string;
  registration_number?: string;
  review_groups?: DeltaList;
  trading_name?: string;
  variations?: SaveCustomerNameVariationInput[];
}

export interface SaveCustomerRelationInput {
  relation_external_id: string;
  parent_customer_external_id: string;
  child_customer_external_id: string;
  /** Refers to the RelationsTypes list. */
  relation_type?: number;
  disabled?: boolean;
  fields?: Record<string, unknown>;
}

export interface SaveCustomersRequest {
  customers?: SaveCustomerInput[];
  relations?: SaveCustomerRelationInput[];
  disable_risk_scan?: boolean;
  /** Validate only; nothing is persisted. */
  verify_input?: boolean;
}

/** The two integer query parameters of the timeline (names not shown in the spec). */
export interface TimelineQuery {
  limit?: number;
  offset?: number;
}

// ── Documents ────────────────────────────────────────────────────────────────────────────────

export interface DocumentOriginInput {
  type?: unknown;
  value?: string;
}

interface UploadDocumentBase {
  customer_external_id: string;
  display_name?: string;
  file_name: string;
  tag_codes?: string[];
  origin?: DocumentOriginInput;
}

/** Content inline (`internal`: base64 `file_data` or a byte array) or by reference (`external`). */
export type UploadDocumentRequest = UploadDocumentBase &
  (
    | {
        internal:
          { file_data: string; FileData?: never } | { FileData: number[]; file_data?: never };
        external?: never;
      }
    | { external: { file_size: number; file_url: string }; internal?: never }
  );

/**
 * An upload whose JSON is produced as a stream (a large file base64-encoded from disk by
 * main/uploads), so it is never whole in memory. `open` is called once per attempt.
 */
export interface StreamedUploadBody {
  kind: 'json-stream';
  open: () => AsyncIterable<Uint8Array>;
  contentLength?: number;
}

export interface UpdateDocumentRequest {
  display_name?: string;
  tag_codes?: string[];
}

export interface DocumentSearchRequest {
  filters?: {
    customer_external_id?: string;
    display_name?: string;
    file_name?: string;
    file_types?: string[];
    min_created_at?: number;
    max_created_at?: number;
    tags?: string[];
  };
  limit?: number;
  offset?: number;
}

// ── Alerts and threads ───────────────────────────────────────────────────────────────────────

export type AlertCategory = OpenString<
  'pep' | 'rca' | 'sip' | 'sie' | 'rca_pep' | 'rca_sip' | 'rca_sie'
>;

export interface AlertSearchRequest {
  id?: string;
  external_id?: string;
  name?: string;
  assigned_to_member_id?: number;
  only_without_assignment?: boolean;
  only_without_review_groups?: boolean;
  review_groups?: string[];
  categories?: AlertCategory[];
  /** Alert state values, 1 to 7 today. */
  states?: number[];
  /** ISO 8601 date-times with a UTC offset. */
  creation_date_from?: string;
  creation_date_to?: string;
  last_update_from?: string;
  last_update_to?: string;
  sanction_list_id?: number;
  sanction_list_str?: string;
  score_from?: number;
  score_to?: number;
  /** AlertSearchDTOOrderBy / OrderWay: objects whose inside is not shown. */
  order_by?: string | Record<string, unknown>;
  order_way?: string | Record<string, unknown>;
  limit?: number;
  offset?: number;
}

export interface ThreadSearchRequest {
  filters?: {
    assigned_to_member_id?: number;
    contact?: string;
    content?: string;
    customer_id?: string;
    customer_name?: string;
    id?: string;
    max_created_at?: string;
    max_updated_at?: string;
    min_created_at?: string;
    min_updated_at?: string;
    only_without_assignment?: boolean;
    only_without_review_groups?: boolean;
    review_groups?: string[];
    status?: number;
    tag_codes?: string[];
  };
  on_page?: number;
  per_page?: number;
}

// ── Press and KYT ────────────────────────────────────────────────────────────────────────────

export interface InstantReportRequest {
  name: string;
  previous_instant_report_id?: string;
  additional_info?: {
    country_codes?: string[];
    date_of_birth?: string;
    /** 1 individual, 2 firm, absent unknown. */
    entity_type?: number;
  };
}

export interface KytDeviceInput {
  '2fa'?: boolean;
  '3ds'?: boolean;
  country?: string;
  fingerprint?: string;
  geolocation?: string;
  ip?: string;
  language?: string;
  session_duration?: number;
  session_id?: string;
  user_agent?: string;
}

export interface KytParticipantInput {
  account_type?: string;
  device?: KytDeviceInput;
  domicile_code?: string;
  /** May be an alias. */
  external_id?: string;
  full_name?: string;
  payment_institution?: {
    code?: string;
    country?: string;
    external_id?: string;
    internal_customer_id?: string;
    name?: string;
    /** Computed by the service; need not be sent. */
    real_external_id?: string;
  };
  payment_method?: { code?: string; country?: string; type?: string };
}

export interface KytTransactionRequest {
  amount?: number;
  comment?: string;
  context?: string;
  crypto?: { blockchain: string; tx_hash: string };
  currency?: string;
  date?: string;
  external_id?: string;
  fields?: unknown;
  from?: KytParticipantInput;
  to?: KytParticipantInput;
  label?: string;
  review_groups?: string[];
}
