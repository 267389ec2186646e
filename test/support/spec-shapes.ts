import { z } from 'zod';

// Strict shapes taken from the spec's field tables (shared/spec/service-interface.md): every
// documented field present with its documented type, and nothing the spec's shapes cannot hold.
// Objects whose inside the spec does not show ("object", "any") are z.record / z.unknown.

const str = z.string();
const int = z.number().int();
const num = z.number();
const bool = z.boolean();
const obj = z.record(z.string(), z.unknown());

export const NameVariationShape = z.strictObject({
  company_name: str,
  first_name: str,
  last_name: str,
  middle_name: str,
  trading_name: str,
});

export const CustomerShape = z.strictObject({
  account_number: str,
  account_type: obj,
  alias_ids: z.array(str),
  client_id: str,
  comment: str,
  company_name: str,
  contacts: str,
  created_at: str,
  created_by: int,
  custom_fields: obj,
  customer_type: str,
  date_of_birth: str,
  disabled: bool,
  domicile_code: str,
  domicile_codes: z.array(str),
  external_id: str,
  first_name: str,
  id: str,
  kyc_level: int,
  last_name: str,
  middle_name: str,
  name_variations: z.array(NameVariationShape),
  nationality_code: str,
  nationality_codes: z.array(str),
  parent_external_id: str,
  phone: str,
  registration_number: str,
  review_groups: z.array(str),
  revision_number: str,
  trading_name: str,
});

export const IndicatorShape = z.strictObject({
  fieldtype: obj,
  id: int,
  name: str,
  value: z.unknown(),
});

export const EddShape = z.strictObject({
  agent_id: int,
  agent_name: str,
  client_id: int,
  comment: str,
  created_at: str,
  customer_id: str,
  disabled: bool,
  edd_state: obj,
  id: int,
  next_review_date: str,
  revision_number: int,
});

const indicators = Object.fromEntries(
  [
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
  ].map((name) => [name, IndicatorShape]),
);

export const CustomerDetailShape = z.strictObject({
  customer: CustomerShape,
  custom_fields: z.array(IndicatorShape),
  edd_status: EddShape,
  overall_risk: obj,
  ...indicators,
});

export const StatsShape = z.strictObject({ alerts: int, last_scan_date: str });

export const CustomerEventShape = z.strictObject({
  AgentID: int,
  ClientID: int,
  CreatedAt: str,
  CustomerExternalID: str,
  Description: str,
  EventType: str,
  ID: str,
  ParentID: str,
  Title: str,
  Url: str,
});

export const DocumentShape = z.strictObject({
  id: str,
  customer_external_id: str,
  display_name: str,
  file_name: str,
  file_mime: str,
  file_size: int,
  file_source: str,
  file_type: str,
  file_url: str,
  created_at: int,
  last_revision_id: str,
  last_revision_agent_id: int,
  last_revision_created_at: int,
  origin: z.strictObject({ type: obj, value: str }),
  tags: z.array(str),
});

export const AlertRevisionShape = z.strictObject({
  id: str,
  agent_id: str,
  comment: str,
  created_at: str,
  customer_revision_id: str,
  profile_date: int,
  revision_number: int,
  score: int.min(0).max(100),
  state: int.min(1).max(7),
  top_category: str,
});

export const AlertShape = z.strictObject({
  id: str,
  created_at: str,
  customer_external_id: str,
  profile_number: str,
  last_revision: AlertRevisionShape,
});

export const AttachmentShape = z.strictObject({
  id: str,
  file_mime: str,
  file_name: str,
  file_size: int,
  file_type: str,
  file_not_dangerous: bool.nullable(),
  attachment_movements: z.strictObject({
    movements: z.array(z.strictObject({ agent_id: int, customer_id: str, file_id: str })),
    total: int,
  }),
});

export const MessageShape = z.strictObject({
  id: str,
  agent_id: int,
  attachments: z.array(AttachmentShape),
  bcc: str,
  cc: str,
  content: str,
  created_at: str,
  delivery: obj,
  error_when_trying_to_send: str,
  external_message_id: str,
  from: str,
  mailbox_id: str,
  origin: obj,
  priority: int,
  raw_message: str,
  read_by_agents: z.array(int),
  reply_to_external_message_id: str,
  subject: str,
  to: str,
});

export const ThreadShape = z.strictObject({
  id: str,
  client_id: int,
  contacts: z.array(str),
  created_at: str,
  updated_at: str,
  customers: z.array(CustomerShape),
  external_message_ids: z.array(str),
  message_count: int,
  last_message: MessageShape,
  attachments: z.array(AttachmentShape),
  reminder: z.strictObject({ delay: int, next_date: str, number_left: int }),
  review_groups: z.array(str),
  status: obj,
  tags: z.array(str),
});

const SourceShape = z.strictObject({
  consulted_by_agents: z.array(int),
  website: z.strictObject({
    images: z.array(str),
    index: int,
    is_known_as_quality_source: bool,
    snippet: str,
    summary: str,
    title: str,
    url: str,
  }),
});

export const PressReportShape = z.strictObject({
  report_body_id: str,
  created_at: str,
  general_summary: str,
  risk_summary: str,
  general_sources: z.array(SourceShape),
  other_sources: z.array(SourceShape),
  report_categories: z.array(
    z.strictObject({
      category: str,
      degree_of_certainty: str,
      reason: str,
      reverted: bool,
      severity: str,
      sources: z.array(SourceShape),
    }),
  ),
  namesake: z.strictObject({
    count: int,
    historical_or_dead_entity: bool,
    indexes: z.array(z.unknown()),
    score: int,
  }),
  metadata: z.strictObject({
    input: z.strictObject({
      additional_info: z.strictObject({ Age: int, CountryCodes: z.array(str), Entity: int }),
      name: str,
      search_name_components: z.strictObject({
        company_name: str,
        first_name: str,
        last_name: str,
        middle_name: str,
        raw_queried_name: str,
        trading_name: str,
      }),
    }),
    sources: obj,
    time: obj,
    tokens: obj,
  }),
});

// KYT answers carry every member of the spec's shapes; what the client did not send is null
// (the sandbox's choice where the spec is silent, see main/sandbox/README.md).
const DeviceShape = z.strictObject({
  '2fa': bool.nullable(),
  '3ds': bool.nullable(),
  country: str.nullable(),
  fingerprint: str.nullable(),
  geolocation: str.nullable(),
  ip: str.nullable(),
  language: str.nullable(),
  session_duration: num.nullable(),
  session_id: str.nullable(),
  user_agent: str.nullable(),
});

export const KytParticipantShape = z.strictObject({
  account_type: str.nullable(),
  device: DeviceShape,
  domicile_code: str.nullable(),
  external_id: str.nullable(),
  full_name: str.nullable(),
  payment_institution: z.strictObject({
    code: str.nullable(),
    country: str.nullable(),
    external_id: str.nullable(),
    internal_customer_id: str.nullable(),
    name: str.nullable(),
    real_external_id: str.nullable(),
  }),
  payment_method: z.strictObject({
    code: str.nullable(),
    country: str.nullable(),
    type: str.nullable(),
  }),
});

/** Every input field (null when not sent) plus the response fields. */
export const KytTransactionShape = z.strictObject({
  amount: num,
  comment: str.nullable(),
  context: str.nullable(),
  crypto: z.strictObject({ blockchain: str.nullable(), tx_hash: str.nullable() }).nullable(),
  currency: str,
  date: str.nullable(),
  external_id: str,
  fields: z.unknown(),
  from: KytParticipantShape,
  to: KytParticipantShape,
  label: str.nullable(),
  review_groups: z.array(str).nullable(),
  id: str,
  client_id: int,
  converted_amount: num,
  converted_currency: str,
  converted_date: str,
  customers: z.array(str),
  rules: z.array(
    z.strictObject({ active: bool, code: str, score: num, use_weight: bool, weight: num }),
  ),
  score: num,
  search_vector: z.array(str),
  state: obj,
});
export type KytTransactionAnswer = z.output<typeof KytTransactionShape>;

const LineProblem = z.strictObject({ detail: str, error: str });
export const SaveResponseShape = z.strictObject({
  added: z.array(z.strictObject({ customer_id: str, external_id: str })),
  detail: z.array(
    z.strictObject({
      external_id: str,
      errors: z.array(LineProblem),
      warnings: z.array(LineProblem),
    }),
  ),
  status: str,
  verify_input: bool,
});

export const ErrorBodyShape = z.strictObject({
  errors: z
    .array(z.strictObject({ code: str, message: str, deprecated: bool, will_be_deprecated: bool }))
    .min(1),
});

export const BareErrorBodyShape = z.strictObject({
  errors: z.array(z.strictObject({ code: str, message: str })).min(1),
});

export const AlertPageShape = z.strictObject({ data: z.array(AlertShape), total: int });
export const ThreadPageShape = z.strictObject({ data: z.array(ThreadShape), total: int });
export const DocumentPageShape = z.strictObject({ documents: z.array(DocumentShape), total: int });
export const TimelineShape = z.array(CustomerEventShape);
