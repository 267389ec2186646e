// Spec-complete sample bodies, one per resource, for the wire schema tests.

export const customer = {
  account_number: 'ACC-1',
  account_type: { code: 'N', label: 'Individual' },
  alias_ids: ['alias-1'],
  client_id: '17',
  comment: '',
  company_name: '',
  contacts: 'a@example.com, b@example.com',
  created_at: '2024-01-02T03:04:05Z',
  created_by: 3,
  custom_fields: { segment: 'retail' },
  customer_type: 'person',
  date_of_birth: '1980-02-03',
  disabled: false,
  domicile_code: 'FR',
  domicile_codes: ['FR'],
  external_id: 'C-1',
  first_name: 'Ann',
  id: 'cus_1',
  kyc_level: 2,
  last_name: 'Lee',
  middle_name: '',
  name_variations: [
    { company_name: '', first_name: 'Anne', last_name: 'Lee', middle_name: '', trading_name: '' },
  ],
  nationality_code: 'FR',
  nationality_codes: ['FR'],
  parent_external_id: '',
  phone: '+33 1 00 00 00 00',
  registration_number: '',
  review_groups: ['paris'],
  revision_number: '4',
  trading_name: '',
};

const indicator = { fieldtype: { kind: 'bool' }, id: 1, name: 'PEP', value: false };

export const customerDetail = {
  customer,
  custom_fields: [indicator],
  edd_status: {
    agent_id: 1,
    agent_name: 'Agent',
    client_id: 17,
    comment: '',
    created_at: '2024-01-02T03:04:05Z',
    customer_id: 'cus_1',
    disabled: false,
    edd_state: { code: 1, label: 'none' },
    id: 9,
    next_review_date: '2025-01-01',
    revision_number: 1,
  },
  overall_risk: { level: 'low', score: 12 },
  ...Object.fromEntries(
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
    ].map((name) => [name, indicator]),
  ),
};

export const revision = {
  id: 'rev_1',
  agent_id: '5',
  comment: 'looks like a match',
  created_at: '2024-03-01T10:00:00Z',
  customer_revision_id: '4',
  profile_date: 1709287200,
  revision_number: 2,
  score: 87,
  state: 2,
  top_category: 'PEP',
};

export const alert = {
  id: 'al_1',
  created_at: '2024-03-01T09:00:00Z',
  customer_external_id: 'C-1',
  profile_number: 'WL-77',
  last_revision: revision,
};

export const attachment = {
  id: 'att_1',
  file_mime: 'application/pdf',
  file_name: 'invoice.pdf',
  file_size: 2048,
  file_type: 'pdf',
  file_not_dangerous: null,
  attachment_movements: {
    movements: [{ agent_id: 1, customer_id: 'cus_1', file_id: 'f1' }],
    total: 1,
  },
};

export const message = {
  id: 'msg_1',
  agent_id: 1,
  attachments: [attachment],
  bcc: '',
  cc: '',
  content: 'Hello',
  created_at: '2024-03-01T09:00:00Z',
  delivery: { code: 1, label: 'sent' },
  error_when_trying_to_send: '',
  external_message_id: '<m1@example.com>',
  from: 'a@example.com',
  mailbox_id: 'mb1',
  origin: { code: 1, label: 'email' },
  priority: 0,
  raw_message: '',
  read_by_agents: [1, 2],
  reply_to_external_message_id: '',
  subject: 'Documents',
  to: 'b@example.com',
};

export const thread = {
  id: 'th_1',
  client_id: 17,
  contacts: ['a@example.com'],
  created_at: '2024-03-01T09:00:00Z',
  updated_at: '2024-03-02T09:00:00Z',
  customers: [customer],
  external_message_ids: ['<m1@example.com>'],
  message_count: 1,
  last_message: message,
  attachments: [attachment],
  reminder: { delay: 3, next_date: '2024-03-05', number_left: 2 },
  review_groups: ['paris'],
  status: { code: 1, label: 'open' },
  tags: ['kyc'],
};

export const document = {
  id: 'doc_1',
  customer_external_id: 'C-1',
  display_name: 'Passport',
  file_name: 'passport.pdf',
  file_mime: 'application/pdf',
  file_size: 1234,
  file_source: 'internal',
  file_type: 'pdf',
  file_url: '',
  created_at: 1709287200,
  last_revision_id: 'r1',
  last_revision_agent_id: 1,
  last_revision_created_at: 1709287200,
  origin: { type: { code: 1 }, value: 'upload' },
  tags: ['passport'],
};

const source = {
  consulted_by_agents: [1],
  website: {
    images: [],
    index: 0,
    is_known_as_quality_source: true,
    snippet: 's',
    summary: 'sum',
    title: 't',
    url: 'https://news.example/a',
  },
};

export const pressReport = {
  report_body_id: 'rb_1',
  created_at: '2024-03-01T09:00:00Z',
  general_summary: 'g',
  risk_summary: 'r',
  general_sources: [source],
  other_sources: [],
  report_categories: [
    {
      category: 'fraud',
      degree_of_certainty: 'high',
      reason: 'x',
      reverted: false,
      severity: 'high',
      sources: [source],
    },
  ],
  namesake: { count: 1, historical_or_dead_entity: false, indexes: [0], score: 40 },
  metadata: {
    input: {
      additional_info: { Age: 44, CountryCodes: ['RU'], Entity: 1 },
      name: 'Viktor Petrov',
      search_name_components: {
        company_name: '',
        first_name: 'Viktor',
        last_name: 'Petrov',
        middle_name: '',
        raw_queried_name: 'Viktor Petrov',
        trading_name: '',
      },
    },
    sources: {},
    time: { ms: 12 },
    tokens: {},
  },
};

export const kytTransaction = {
  id: 'kyt_1',
  amount: 100,
  currency: 'EUR',
  external_id: 'tx-1',
  from: { external_id: 'C-1', device: { '2fa': true, ip: '203.0.113.1' } },
  to: { full_name: 'Shop', payment_method: { type: 'card' } },
  client_id: 17,
  converted_amount: 100,
  converted_currency: 'EUR',
  converted_date: '2024-03-01',
  customers: ['C-1'],
  rules: [{ active: true, code: 'big_amount', score: 10, use_weight: false, weight: 1 }],
  score: 10,
  search_vector: ['c-1'],
  state: { code: 1, label: 'accepted' },
  review_groups: [],
};

export const saveResponse = {
  added: [{ customer_id: 'cus_1', external_id: 'C-1' }],
  detail: [{ external_id: 'C-2', errors: [{ detail: 'd', error: 'e' }], warnings: [] }],
  status: 'partial_success',
  verify_input: false,
};

export const event = {
  AgentID: 1,
  ClientID: 17,
  CreatedAt: '2024-03-01T09:00:00Z',
  CustomerExternalID: 'C-1',
  Description: 'Customer created',
  EventType: 'customer_created',
  ID: 'ev_1',
  ParentID: '',
  Title: 'Created',
  Url: '/api/v1/customers/C-1',
};
