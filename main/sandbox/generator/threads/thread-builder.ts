// A message thread about one customer (sometimes copying related customers): its messages in
// order, each replying to the one before, and the thread's status, reminder and tags.
// Thread status codes: 1 Open (the team owes an answer), 2 Waiting for customer, 3 Closed.
import type { CustomerRecord, MessageRecord, ThreadRecord } from '../../model';
import { MEMBER_COUNT } from '../agents';
import { DAY, HOUR, isoSeconds, officeHours } from '../dates';
import type { Lang } from '../geo';
import type { GeneratedThread } from '../index';
import { type Rng, uuidFor } from '../rng';
import type { TenantContext } from '../tenant-context';
import { BANK_STARTED, type Topic, TOPIC_TAGS } from './mail-text';
import {
  buildMessage,
  firstContact,
  type PreviousMessage,
  type ThreadSetting,
} from './message-builder';

export const THREAD_STATUSES = { 1: 'Open', 2: 'Waiting for customer', 3: 'Closed' } as const;

export interface ThreadSubject {
  customers: readonly CustomerRecord[];
  createdMs: number;
  lang: Lang;
  firm: boolean;
}

function topicFor(rng: Rng, firm: boolean): Topic {
  return rng.weighted<Topic>([
    ['kyc-refresh', 20],
    ['source-of-funds', 14],
    ['edd', 8],
    ['sanctions-query', 8],
    ['address-change', firm ? 3 : 10],
    ['document-expiry', firm ? 2 : 12],
    ['account-closure', 5],
    ['ubo', firm ? 14 : 0],
    ['complaint', 5],
    ['transaction-inquiry', 8],
  ]);
}

export function mailboxFor(topic: Topic): string {
  switch (topic) {
    case 'kyc-refresh':
    case 'address-change':
    case 'document-expiry':
      return 'kyc';
    case 'sanctions-query':
    case 'transaction-inquiry':
      return 'payments';
    case 'account-closure':
    case 'complaint':
      return 'service';
    default:
      return 'compliance';
  }
}

export function previousOf(message: MessageRecord, text: string): PreviousMessage {
  return {
    externalId: message.external_message_id,
    subject: message.subject,
    text,
    from: message.from,
    createdIso: message.created_at,
    inbound: message.agent_id === 0,
  };
}

function statusOf(
  rng: Rng,
  topic: Topic,
  messages: readonly MessageRecord[],
  nowMs: number,
): 1 | 2 | 3 {
  const last = messages[messages.length - 1];
  if (!last) return 1;
  const ageDays = (nowMs - Date.parse(last.created_at)) / DAY;
  if (topic === 'account-closure' && messages.length >= 2) return 3;
  if (ageDays > 45) return rng.chance(0.85) ? 3 : last.agent_id === 0 ? 1 : 2;
  return last.agent_id === 0 ? 1 : 2;
}

export function threadStatus(code: 1 | 2 | 3): { code: number; label: string } {
  return { code, label: THREAD_STATUSES[code] };
}

export function buildThread(
  ctx: TenantContext,
  threadIndex: number,
  subject: ThreadSubject,
): GeneratedThread {
  const rng = ctx.root.fork(`thread:${threadIndex}`);
  const id = uuidFor(`${ctx.seed}:thread:${threadIndex}`);
  const topic = topicFor(rng, subject.firm);
  const setting: ThreadSetting = {
    threadId: id,
    topic,
    lang: subject.lang,
    mailbox: mailboxFor(topic),
    mailDomain: ctx.mailDomain,
    agent: rng.int(1, MEMBER_COUNT),
    customers: subject.customers,
    suspicious: rng.chance(0.04),
  };
  const count = rng.weighted([
    [1, 14],
    [2, 24],
    [3, 24],
    [4, 16],
    [5, 10],
    [6, 7],
    [8, 5],
  ]);
  const span = Math.max(HOUR, ctx.nowMs - subject.createdMs - 2 * HOUR);
  let at = subject.createdMs + HOUR + Math.pow(rng.next(), 0.6) * span;
  let inbound = !BANK_STARTED.has(topic);
  const messages: MessageRecord[] = [];
  const attachmentBytes = new Map<string, Uint8Array>();
  let previous: PreviousMessage | null = null;
  for (let position = 0; position < count; position++) {
    if (position > 0) {
      const reminder = !inbound && previous !== null && !previous.inbound;
      at = inbound
        ? at + rng.float(0.2, 7) * DAY
        : reminder
          ? at + 7 * DAY
          : officeHours(at + rng.float(1, 48) * HOUR, rng);
    } else if (!inbound) {
      at = officeHours(at, rng);
    }
    if (at >= ctx.nowMs - 60_000) break;
    const kind =
      position === 0
        ? 'start'
        : !inbound && previous !== null && !previous.inbound
          ? 'reminder'
          : 'reply';
    const built = buildMessage(rng, setting, {
      label: `${id}:${position}`,
      kind,
      inbound,
      previous,
      atMs: at,
    });
    messages.push(built.message);
    for (const [key, bytes] of built.bytes) attachmentBytes.set(key, bytes);
    previous = previousOf(built.message, built.text);
    // Customers sometimes stay silent, and the bank then sends a reminder.
    inbound = inbound ? false : rng.chance(0.85);
  }
  if (messages.length === 0) {
    const built = buildMessage(rng, setting, {
      label: `${id}:0`,
      kind: 'start',
      inbound: !BANK_STARTED.has(topic),
      previous: null,
      atMs: ctx.nowMs - rng.int(2, 48) * HOUR,
    });
    messages.push(built.message);
    for (const [key, bytes] of built.bytes) attachmentBytes.set(key, bytes);
  }
  const first = messages[0];
  const last = messages[messages.length - 1];
  if (!first || !last) throw new Error('a thread has at least one message');
  const status = statusOf(rng, topic, messages, ctx.nowMs);
  const lastMs = Date.parse(last.created_at);
  let nextReminder = lastMs + 7 * DAY;
  while (nextReminder < ctx.nowMs) nextReminder += 7 * DAY;
  const contacts = new Set<string>(subject.customers.map(firstContact));
  for (const message of messages)
    for (const cc of message.cc.split(', '))
      if (cc && !cc.endsWith(ctx.mailDomain)) contacts.add(cc);
  const tags = [...TOPIC_TAGS[topic]];
  if (setting.suspicious) tags.push('suspicious-attachment');
  if (last.priority === 1 && rng.chance(0.4)) tags.push('urgent');
  const thread: ThreadRecord = {
    id,
    client_id: ctx.clientId,
    contacts: [...contacts],
    created_at: first.created_at,
    updated_at: last.created_at,
    customers: subject.customers.slice(),
    external_message_ids: messages.map((message) => message.external_message_id),
    message_count: messages.length,
    last_message: last,
    attachments: messages.flatMap((message) => message.attachments),
    reminder:
      status === 2
        ? { delay: 7, next_date: isoSeconds(nextReminder), number_left: rng.int(0, 2) }
        : { delay: 0, next_date: '', number_left: 0 },
    review_groups: [...new Set(subject.customers.flatMap((customer) => customer.review_groups))],
    status: threadStatus(status),
    tags,
  };
  return {
    kind: 'thread',
    thread,
    messages,
    attachmentBytes,
    assignedToMemberId: rng.chance(0.75) ? setting.agent : null,
  };
}
