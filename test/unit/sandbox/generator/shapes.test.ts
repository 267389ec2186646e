// Every record the generator yields has exactly the fields of the model, with the right types
// and formats.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INDICATOR_NAMES } from '../../../../main/sandbox/model';
import type { TenantItem } from '../../../../main/sandbox/generator';
import { smallTenant } from './tenant-fixture';

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
const isoOrEmpty = z.union([iso, z.literal('')]);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const country = z.string().regex(/^[A-Z]{2}$/);
const int = z.number().int();
const text = z.string();
const record = z.record(z.string(), z.unknown());

const variation = z.strictObject({ company_name: text, first_name: text, last_name: text, middle_name: text, trading_name: text }); // prettier-ignore

const customer = z.strictObject({
  account_number: text,
  account_type: z.strictObject({ code: z.enum(['N', 'F']), label: text }),
  alias_ids: z.array(text),
  client_id: text,
  comment: text,
  company_name: text,
  contacts: text,
  created_at: iso,
  created_by: int,
  custom_fields: record,
  customer_type: text,
  date_of_birth: z.union([day, z.literal('')]),
  disabled: z.boolean(),
  domicile_code: country,
  domicile_codes: z.array(country).min(1),
  external_id: text.min(1),
  first_name: text,
  id: z.uuid(),
  kyc_level: int.min(1).max(4),
  last_name: text,
  middle_name: text,
  name_variations: z.array(variation),
  nationality_code: country,
  nationality_codes: z.array(country).min(1),
  parent_external_id: text,
  phone: z.string().regex(/^\+\d+( \d+)+$/),
  registration_number: text,
  review_groups: z.array(text).min(1),
  revision_number: z.string().regex(/^\d+$/),
  trading_name: text,
});

const indicator = z.strictObject({ fieldtype: z.strictObject({ type: text }), id: int, name: text, value: z.unknown() }); // prettier-ignore
const edd = z.strictObject({
  agent_id: int,
  agent_name: text,
  client_id: int,
  comment: text,
  created_at: iso,
  customer_id: z.uuid(),
  disabled: z.boolean(),
  edd_state: z.strictObject({ code: z.enum(['not_required', 'required', 'in_progress', 'completed']), label: text }), // prettier-ignore
  id: int,
  next_review_date: z.union([day, z.literal('')]),
  revision_number: int,
});
const detail = z.strictObject({
  custom_fields: z.array(indicator),
  edd_status: edd,
  overall_risk: z.strictObject({ level: z.enum(['low', 'medium', 'high', 'critical']), score: int.min(0).max(100), reasons: z.array(text).min(1) }), // prettier-ignore
  ...Object.fromEntries(INDICATOR_NAMES.map((name) => [name, indicator])),
});
const event = z.strictObject({ AgentID: int, ClientID: int, CreatedAt: iso, CustomerExternalID: text, Description: text, EventType: text, ID: z.uuid(), ParentID: text, Title: text, Url: text }); // prettier-ignore
const revision = z.strictObject({
  id: z.uuid(),
  agent_id: z.string().regex(/^\d+$/),
  comment: text.min(1),
  created_at: iso,
  customer_revision_id: z.uuid(),
  profile_date: int.positive(),
  revision_number: int.min(1),
  score: int.min(0).max(100),
  state: int.min(1).max(7),
  top_category: z.enum(['PEP', 'SAN', 'SIP', 'SIE', 'RCA_PEP', 'RCA_SIP', 'RCA_SIE']),
});
const alert = z.strictObject({ id: z.uuid(), created_at: iso, customer_external_id: text, profile_number: z.string().regex(/^\d{7}$/), last_revision: revision }); // prettier-ignore
const attachment = z.strictObject({
  id: z.uuid(),
  file_mime: text.min(3),
  file_name: text.min(1),
  file_size: int.positive(),
  file_type: text.min(1),
  file_not_dangerous: z.union([z.boolean(), z.null()]),
  attachment_movements: z.strictObject({ movements: z.array(z.strictObject({ agent_id: int, customer_id: text, file_id: text })), total: int }), // prettier-ignore
});
const message = z.strictObject({
  id: z.uuid(),
  agent_id: int,
  attachments: z.array(attachment),
  bcc: text,
  cc: text,
  content: text.min(1),
  created_at: iso,
  delivery: z.strictObject({ status: text }),
  error_when_trying_to_send: text,
  external_message_id: z.string().regex(/^<[0-9a-f]+@[a-z0-9.-]+>$/),
  from: text.min(3),
  mailbox_id: text,
  origin: z.strictObject({ type: text }),
  priority: int,
  raw_message: text,
  read_by_agents: z.array(int),
  reply_to_external_message_id: text,
  subject: text.min(1),
  to: text.min(3),
});
const thread = z.strictObject({
  id: z.uuid(),
  client_id: int,
  contacts: z.array(text).min(1),
  created_at: iso,
  updated_at: iso,
  customers: z.array(customer).min(1).max(3),
  external_message_ids: z.array(text).min(1),
  message_count: int.min(1),
  last_message: message,
  attachments: z.array(attachment),
  reminder: z.strictObject({ delay: int, next_date: isoOrEmpty, number_left: int }),
  review_groups: z.array(text),
  status: z.strictObject({
    code: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    label: text,
  }),
  tags: z.array(text).min(1),
});
const document = z.strictObject({
  id: z.uuid(),
  customer_external_id: text,
  display_name: text.min(1),
  file_name: text.min(1),
  file_mime: text,
  file_size: int.positive(),
  file_source: z.enum(['internal', 'external']),
  file_type: text,
  file_url: text,
  created_at: int.positive(),
  last_revision_id: z.uuid(),
  last_revision_agent_id: int,
  last_revision_created_at: int.positive(),
  origin: z.strictObject({ type: record, value: text }),
  tags: z.array(text).min(1),
});
const relation = z.strictObject({ relation_external_id: text.min(1), parent_customer_external_id: text, child_customer_external_id: text, relation_type: int.min(1).max(10), disabled: z.boolean(), fields: record }); // prettier-ignore

describe('record shapes', () => {
  let items: TenantItem[] = [];
  beforeAll(() => {
    items = smallTenant(21);
  });

  it('match the model for every item of a small tenant', () => {
    for (const item of items) {
      switch (item.kind) {
        case 'customer':
          customer.parse(item.customer);
          detail.parse(item.detail);
          z.strictObject({ alerts: int.min(0), last_scan_date: iso }).parse(item.stats);
          z.array(event).parse(item.events);
          break;
        case 'relation':
          relation.parse(item.relation);
          break;
        case 'alert':
          alert.parse(item.alert);
          z.array(revision).min(1).parse(item.revisions);
          expect(item.assignedToMemberId === null || (item.assignedToMemberId >= 1 && item.assignedToMemberId <= 25)).toBe(true); // prettier-ignore
          expect(item.customerName.length).toBeGreaterThan(0);
          break;
        case 'thread':
          thread.parse(item.thread);
          z.array(message).min(1).parse(item.messages);
          break;
        case 'document':
          document.parse(item.document);
          break;
      }
    }
  });

  it('uses names from many cultures and scripts', () => {
    const names = items.flatMap((item) =>
      item.kind === 'customer'
        ? [item.customer.last_name, item.customer.company_name, ...item.customer.name_variations.flatMap((v) => [v.last_name, v.company_name])] // prettier-ignore
        : [],
    );
    const scripts = ['Cyrillic', 'Arabic', 'Han', 'Hangul', 'Greek', 'Hebrew'].filter((script) =>
      names.some((name) => new RegExp(`\\p{Script=${script}}`, 'u').test(name)),
    );
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    expect(names.some((name) => /ü|ö|ä|é|ñ|ł|ş|ğ|ã/.test(name))).toBe(true);
    const legalForms = items.flatMap((item) => (item.kind === 'customer' && item.customer.company_name ? [item.customer.company_name] : [])); // prettier-ignore
    expect(legalForms.some((name) => /\b(GmbH|Ltd|LLC|S\.A\.|SARL|B\.V\.|S\.r\.l\.|Sp\. z o\.o\.|OOO|AG|Pte\. Ltd\.|K\.K\.)/.test(name))).toBe(true); // prettier-ignore
  });

  it('keeps indicators consistent with the alerts', () => {
    const alertsByCustomer = new Map<string, { category: string; state: number }[]>();
    for (const item of items) {
      if (item.kind !== 'alert') continue;
      const list = alertsByCustomer.get(item.alert.customer_external_id) ?? [];
      list.push({
        category: item.alert.last_revision.top_category,
        state: item.alert.last_revision.state,
      });
      alertsByCustomer.set(item.alert.customer_external_id, list);
    }
    for (const item of items) {
      if (item.kind !== 'customer') continue;
      const alerts = alertsByCustomer.get(item.customer.external_id) ?? [];
      const openPep = alerts.some((a) => ['PEP', 'RCA_PEP'].includes(a.category) && a.state <= 3);
      const confirmedPep = alerts.some((a) => ['PEP', 'RCA_PEP'].includes(a.category) && a.state >= 4 && a.state <= 6); // prettier-ignore
      expect(item.detail.may_be_pep.value).toBe(openPep);
      expect(item.detail.pep.value).toBe(confirmedPep);
      if (item.customer.account_type.code === 'N') {
        const vid = [item.detail.vid_success, item.detail.vid_failed, item.detail.vid_in_progress, item.detail.vid_outdated]; // prettier-ignore
        expect(vid.filter((indicatorValue) => indicatorValue.value === true)).toHaveLength(1);
      }
    }
  });
});
