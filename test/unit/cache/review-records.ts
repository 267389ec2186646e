import Database from 'better-sqlite3';
import type { z } from 'zod';
import { migrate, type CacheDb } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import {
  AlertShape,
  AttachmentShape,
  CustomerDetailShape,
  CustomerEventShape,
  CustomerShape,
  DocumentShape,
  MessageShape,
  ThreadShape,
} from '../../support/spec-shapes';

// Records shaped exactly like the spec's (each builder's result is checked against the strict
// shapes of test/support/spec-shapes.ts), for the review screens' cache reads.

export type Customer = z.infer<typeof CustomerShape>;
export type Alert = z.infer<typeof AlertShape>;
export type Thread = z.infer<typeof ThreadShape>;
export type Message = z.infer<typeof MessageShape>;
export type Attachment = z.infer<typeof AttachmentShape>;
export type CustomerEvent = z.infer<typeof CustomerEventShape>;
export type CustomerDocument = z.infer<typeof DocumentShape>;
export type CustomerDetail = z.infer<typeof CustomerDetailShape>;

/** A cache at the latest schema, in memory. */
export function openTestCache(): { db: CacheDb; writer: ReturnType<typeof createCacheWriter> } {
  const db = new Database(':memory:');
  migrate(db);
  return { db, writer: createCacheWriter(db) };
}

export function customer(externalId: string, fields: Partial<Customer> = {}): Customer {
  return CustomerShape.parse({
    account_number: `ACC-${externalId}`,
    account_type: { code: 'N', label: 'Individual' },
    alias_ids: [],
    client_id: '1',
    comment: '',
    company_name: '',
    contacts: `${externalId.toLowerCase()}@mail.example`,
    created_at: '2024-01-02T09:00:00Z',
    created_by: 3,
    custom_fields: { segment: 'retail' },
    customer_type: 'retail',
    date_of_birth: '1980-05-06',
    disabled: false,
    domicile_code: 'FR',
    domicile_codes: ['FR'],
    external_id: externalId,
    first_name: 'Anne',
    id: `id-${externalId}`,
    kyc_level: 2,
    last_name: 'Martin',
    middle_name: '',
    name_variations: [],
    nationality_code: 'FR',
    nationality_codes: ['FR'],
    parent_external_id: '',
    phone: '+33 1 00 00 00 00',
    registration_number: '',
    review_groups: ['retail'],
    revision_number: '1',
    trading_name: '',
    ...fields,
  });
}

export function alert(
  id: string,
  customerExternalId: string,
  revision: Partial<Alert['last_revision']> = {},
): Alert {
  return AlertShape.parse({
    id,
    created_at: '2024-03-01T10:00:00Z',
    customer_external_id: customerExternalId,
    profile_number: `WL-${id}`,
    last_revision: {
      id: `${id}-r${revision.revision_number ?? 1}`,
      agent_id: '',
      comment: '',
      created_at: '2024-03-01T10:00:00Z',
      customer_revision_id: 'cr-1',
      profile_date: 1_709_251_200,
      revision_number: 1,
      score: 70,
      state: 2,
      top_category: 'PEP',
      ...revision,
    },
  });
}

export function attachment(id: string, notDangerous: boolean | null): Attachment {
  return AttachmentShape.parse({
    id,
    file_mime: 'application/pdf',
    file_name: `${id}.pdf`,
    file_size: 2048,
    file_type: 'pdf',
    file_not_dangerous: notDangerous,
    attachment_movements: { movements: [], total: 0 },
  });
}

export function message(id: string, fields: Partial<Message> = {}): Message {
  return MessageShape.parse({
    id,
    agent_id: 0,
    attachments: [],
    bcc: '',
    cc: '',
    content: '<p>Hello</p>',
    created_at: '2024-03-02T08:00:00Z',
    delivery: { code: 'delivered', label: 'Delivered' },
    error_when_trying_to_send: '',
    external_message_id: `<${id}@mail.example>`,
    from: 'anne.martin@mail.example',
    mailbox_id: 'kyc',
    origin: { code: 'email', label: 'E-mail' },
    priority: 2,
    raw_message: '',
    read_by_agents: [],
    reply_to_external_message_id: '',
    subject: 'Documents',
    to: 'kyc@bank.example',
    ...fields,
  });
}

/** Labels as a tenant might name its thread statuses; a code without one stays unlabelled. */
export const THREAD_STATUS_LABELS: Record<number, string> = {
  1: 'Open',
  2: 'Waiting for customer',
  3: 'Closed',
};

export function thread(
  id: string,
  fields: Partial<Omit<Thread, 'status'>> & { status?: number } = {},
): Thread {
  const { status = 1, ...rest } = fields;
  const last = rest.last_message ?? message(`${id}-m1`);
  return ThreadShape.parse({
    id,
    client_id: 1,
    contacts: ['anne.martin@mail.example'],
    created_at: '2024-03-02T08:00:00Z',
    updated_at: last.created_at,
    customers: [],
    external_message_ids: [last.external_message_id],
    message_count: 1,
    last_message: last,
    attachments: last.attachments,
    reminder: { delay: 0, next_date: '', number_left: 0 },
    review_groups: [],
    status: { code: status, label: THREAD_STATUS_LABELS[status] ?? '' },
    tags: [],
    ...rest,
  });
}

const indicator = (name: string, id: number, value: unknown) => ({
  fieldtype: { type: typeof value === 'boolean' ? 'boolean' : 'list' },
  id,
  name,
  value,
});

/** A customer cached as the sync caches one it fetched in full: no statistics, events or documents. */
export function cacheCustomer(
  writer: ReturnType<typeof createCacheWriter>,
  record: Customer,
  nowMs: number,
): void {
  writer.putCustomerDetail({
    customer: record,
    detail: detail(record),
    stats: null,
    events: [],
    documents: [],
    nowMs,
  });
}

export function detail(of: Customer, fields: Record<string, unknown> = {}): CustomerDetail {
  const names = [
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
  ];
  return CustomerDetailShape.parse({
    customer: of,
    ...Object.fromEntries(
      names.map((name, index) => [
        name,
        indicator(name, index + 1, name.endsWith('categories') ? [] : false),
      ]),
    ),
    custom_fields: [indicator('segment', 1000, 'retail')],
    edd_status: {
      agent_id: 4,
      agent_name: 'Jo Analyst',
      client_id: 1,
      comment: 'Reviewed',
      created_at: '2024-02-01T10:00:00Z',
      customer_id: of.id,
      disabled: false,
      edd_state: { code: 'required', label: 'Required' },
      id: 9,
      next_review_date: '2025-02-01',
      revision_number: 2,
    },
    overall_risk: { level: 'high', score: 64, reasons: ['politically exposed person'] },
    ...fields,
  });
}

export function event(id: string, customerExternalId: string, createdAt: string): CustomerEvent {
  return CustomerEventShape.parse({
    AgentID: 0,
    ClientID: 1,
    CreatedAt: createdAt,
    CustomerExternalID: customerExternalId,
    Description: `What happened in ${id}`,
    EventType: 'customer_updated',
    ID: id,
    ParentID: '',
    Title: `Event ${id}`,
    Url: '',
  });
}

export function document(
  id: string,
  customerExternalId: string,
  fields: Partial<CustomerDocument> = {},
): CustomerDocument {
  return DocumentShape.parse({
    id,
    customer_external_id: customerExternalId,
    display_name: `Passport ${id}`,
    file_name: `${id}.pdf`,
    file_mime: 'application/pdf',
    file_size: 4096,
    file_source: 'internal',
    file_type: 'pdf',
    file_url: '',
    created_at: 1_709_251_200,
    last_revision_id: `${id}-rev`,
    last_revision_agent_id: 2,
    last_revision_created_at: 1_709_251_200,
    origin: { type: { code: 'upload' }, value: 'agent' },
    tags: ['kyc'],
    ...fields,
  });
}

/**
 * Writes a damaged value into one row, as a disk error would: past the triggers, indexes and
 * generated columns that would refuse to parse it (dropped first, in this throwaway cache).
 */
export function damage(
  db: CacheDb,
  table: string,
  column: string,
  where: Record<string, string>,
  value = '{"last_revision": {"sta',
): void {
  for (const { type, name } of db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE tbl_name = ? AND type IN ('trigger', 'index') AND sql IS NOT NULL",
    )
    .all(table) as Array<{ type: string; name: string }>)
    db.exec(`DROP ${type === 'trigger' ? 'TRIGGER' : 'INDEX'} "${name}"`);
  const keys = Object.keys(where);
  const changed = db
    .prepare(
      `UPDATE ${table} SET ${column} = ? WHERE ${keys.map((key) => `${key} = ?`).join(' AND ')}`,
    )
    .run(value, ...keys.map((key) => where[key]));
  if (changed.changes !== 1) throw new Error(`no ${table} row ${JSON.stringify(where)} to damage`);
}
