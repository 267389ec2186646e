// The service's record shapes, as the spec (`shared/spec/service-interface.md`) defines them. The
// sandbox stores and serves exactly these; the generator produces them.

export type AccountType = 'N' | 'F';

/** Customer (read shape). */
export interface CustomerRecord {
  account_number: string;
  account_type: { code: AccountType; label: string };
  alias_ids: string[];
  client_id: string;
  comment: string;
  company_name: string;
  contacts: string;
  created_at: string;
  created_by: number;
  custom_fields: Record<string, unknown>;
  customer_type: string;
  date_of_birth: string;
  disabled: boolean;
  domicile_code: string;
  domicile_codes: string[];
  external_id: string;
  first_name: string;
  id: string;
  kyc_level: number;
  last_name: string;
  middle_name: string;
  name_variations: NameVariation[];
  nationality_code: string;
  nationality_codes: string[];
  parent_external_id: string;
  phone: string;
  registration_number: string;
  review_groups: string[];
  revision_number: string;
  trading_name: string;
}

export interface NameVariation {
  company_name: string;
  first_name: string;
  last_name: string;
  middle_name: string;
  trading_name: string;
}

export interface Indicator {
  fieldtype: { type: string };
  id: number;
  name: string;
  value: unknown;
}

export interface EddRevision {
  agent_id: number;
  agent_name: string;
  client_id: number;
  comment: string;
  created_at: string;
  customer_id: string;
  disabled: boolean;
  edd_state: { code: string; label: string };
  id: number;
  next_review_date: string;
  revision_number: number;
}

/** The indicator fields of a customer detail, by name. */
export const INDICATOR_NAMES = [
  'closed_chat_categories',
  'open_chat_categories',
  'may_be_pep',
  'may_be_press_risk',
  'may_be_san',
  'pep',
  'press_risk',
  'se',
  'str',
  'tm',
  'vid_failed',
  'vid_in_progress',
  'vid_outdated',
  'vid_success',
] as const;
export type IndicatorName = (typeof INDICATOR_NAMES)[number];

export type CustomerDetail = {
  customer: CustomerRecord;
  custom_fields: Indicator[];
  edd_status: EddRevision;
  overall_risk: { level: string; score: number; reasons: string[] };
} & Record<IndicatorName, Indicator>;

export interface CustomerStats {
  alerts: number;
  last_scan_date: string;
}

export interface CustomerEvent {
  AgentID: number;
  ClientID: number;
  CreatedAt: string;
  CustomerExternalID: string;
  Description: string;
  EventType: string;
  ID: string;
  ParentID: string;
  Title: string;
  Url: string;
}

export interface RelationRecord {
  relation_external_id: string;
  parent_customer_external_id: string;
  child_customer_external_id: string;
  relation_type: number;
  disabled: boolean;
  fields: Record<string, unknown>;
}

export interface AlertRevision {
  id: string;
  agent_id: string;
  comment: string;
  created_at: string;
  customer_revision_id: string;
  profile_date: number;
  revision_number: number;
  score: number;
  state: number;
  top_category: string;
}

export interface AlertRecord {
  id: string;
  created_at: string;
  customer_external_id: string;
  profile_number: string;
  last_revision: AlertRevision;
}

export interface AttachmentMeta {
  id: string;
  file_mime: string;
  file_name: string;
  file_size: number;
  file_type: string;
  file_not_dangerous: boolean | null;
  attachment_movements: {
    movements: Array<{ agent_id: number; customer_id: string; file_id: string }>;
    total: number;
  };
}

export interface MessageRecord {
  id: string;
  agent_id: number;
  attachments: AttachmentMeta[];
  bcc: string;
  cc: string;
  content: string;
  created_at: string;
  delivery: { status: string };
  error_when_trying_to_send: string;
  external_message_id: string;
  from: string;
  mailbox_id: string;
  origin: { type: string };
  priority: number;
  raw_message: string;
  read_by_agents: number[];
  reply_to_external_message_id: string;
  subject: string;
  to: string;
}

export interface ThreadRecord {
  id: string;
  client_id: number;
  contacts: string[];
  created_at: string;
  updated_at: string;
  customers: CustomerRecord[];
  external_message_ids: string[];
  message_count: number;
  last_message: MessageRecord;
  attachments: AttachmentMeta[];
  reminder: { delay: number; next_date: string; number_left: number };
  review_groups: string[];
  status: { code: number; label: string };
  tags: string[];
}

export interface DocumentRecord {
  id: string;
  customer_external_id: string;
  display_name: string;
  file_name: string;
  file_mime: string;
  file_size: number;
  file_source: string;
  file_type: string;
  file_url: string;
  created_at: number;
  last_revision_id: string;
  last_revision_agent_id: number;
  last_revision_created_at: number;
  origin: { type: Record<string, unknown>; value: string };
  tags: string[];
}

export interface PressSource {
  consulted_by_agents: number[];
  website: {
    images: string[];
    index: number;
    is_known_as_quality_source: boolean;
    snippet: string;
    summary: string;
    title: string;
    url: string;
  };
}

export interface PressReport {
  report_body_id: string;
  created_at: string;
  general_summary: string;
  risk_summary: string;
  general_sources: PressSource[];
  other_sources: PressSource[];
  report_categories: Array<{
    category: string;
    degree_of_certainty: string;
    reason: string;
    reverted: boolean;
    severity: string;
    sources: PressSource[];
  }>;
  namesake: { count: number; historical_or_dead_entity: boolean; indexes: number[]; score: number };
  metadata: {
    input: {
      additional_info: { Age: number; CountryCodes: string[]; Entity: number };
      name: string;
      search_name_components: {
        company_name: string;
        first_name: string;
        last_name: string;
        middle_name: string;
        raw_queried_name: string;
        trading_name: string;
      };
    };
    sources: Record<string, unknown>;
    time: Record<string, unknown>;
    tokens: Record<string, unknown>;
  };
}

export interface KytRule {
  active: boolean;
  code: string;
  score: number;
  use_weight: boolean;
  weight: number;
}

/** KYTTransactionState: its inside is not shown by the spec; the sandbox answers `{code, label}`. */
export interface KytState {
  code: 'accepted' | 'review' | 'blocked';
  label: string;
}

// A KYT answer carries every member of the interface's shapes; a member the client did not send
// is null (see the sandbox README).

export interface KytDevice {
  '2fa': boolean | null;
  '3ds': boolean | null;
  country: string | null;
  fingerprint: string | null;
  geolocation: string | null;
  ip: string | null;
  language: string | null;
  session_duration: number | null;
  session_id: string | null;
  user_agent: string | null;
}

export interface KytPaymentInstitution {
  code: string | null;
  country: string | null;
  external_id: string | null;
  internal_customer_id: string | null;
  name: string | null;
  /** Computed by the service: what `external_id` stands for when it is an alias, else the same. */
  real_external_id: string | null;
}

export interface KytPaymentMethod {
  code: string | null;
  country: string | null;
  type: string | null;
}

export interface KytParticipant {
  account_type: string | null;
  device: KytDevice;
  domicile_code: string | null;
  external_id: string | null;
  full_name: string | null;
  payment_institution: KytPaymentInstitution;
  payment_method: KytPaymentMethod;
}

/** KYT transaction: the input fields as sent, then the response fields. */
export interface KytTransaction {
  amount: number;
  comment: string | null;
  context: string | null;
  crypto: { blockchain: string | null; tx_hash: string | null } | null;
  currency: string;
  date: string | null;
  external_id: string;
  fields: unknown;
  from: KytParticipant;
  to: KytParticipant;
  label: string | null;
  review_groups: string[] | null;
  id: string;
  client_id: number;
  converted_amount: number;
  converted_currency: string;
  converted_date: string;
  /** The linked tenant customers' service ids (`Customer.id`). */
  customers: string[];
  rules: KytRule[];
  score: number;
  search_vector: string[];
  state: KytState;
}

export const ALERT_STATES = {
  1: 'Unknown',
  2: 'New',
  3: 'Pending Information',
  4: 'True Hit',
  5: 'True Hit Accepted',
  6: 'True Hit Rejected',
  7: 'False Positive',
} as const;

export const ALERT_CATEGORIES = [
  'pep',
  'rca',
  'sip',
  'sie',
  'rca_pep',
  'rca_sip',
  'rca_sie',
] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];
