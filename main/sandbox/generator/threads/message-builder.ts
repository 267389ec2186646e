// One e-mail of a thread, inbound (from a customer) or outbound (from an analyst): addresses,
// subject, body, attachments, delivery state and, for inbound mail, the raw message source.
import type { CustomerRecord, MessageRecord } from '../../model';
import { MEMBER_COUNT, memberEmail, memberName } from '../agents';
import { isoSeconds } from '../dates';
import { base64, utf8 } from '../files/bytes';
import type { Lang } from '../geo';
import { hexId, type Rng, uuidFor } from '../rng';
import { messageAttachments } from './attachments';
import { renderBody } from './mail-body';
import { type Topic, topicText } from './mail-text';

export interface ThreadSetting {
  threadId: string;
  topic: Topic;
  lang: Lang;
  mailbox: string;
  mailDomain: string;
  agent: number;
  customers: readonly CustomerRecord[];
  suspicious: boolean;
}

export interface PreviousMessage {
  externalId: string;
  subject: string;
  text: string;
  from: string;
  createdIso: string;
  inbound: boolean;
}

export type MessageKind = 'start' | 'reply' | 'reminder';

export interface BuiltMessage {
  message: MessageRecord;
  bytes: Map<string, Uint8Array>;
  text: string;
}

export function customerDisplayName(customer: CustomerRecord): string {
  return (
    customer.company_name ||
    [customer.first_name, customer.last_name].filter((part) => part).join(' ')
  );
}

export function firstContact(customer: CustomerRecord): string {
  return (
    customer.contacts.split(',')[0]?.trim() || `${customer.external_id.toLowerCase()}@mail.example`
  );
}

function address(name: string, email: string): string {
  return `"${name.replace(/"/g, '')}" <${email}>`;
}

/** A header address with its display name encoded for the wire (RFC 2047). */
function headerAddress(value: string): string {
  const match = /^"(.*)" (<.*>)$/.exec(value);
  const name = match?.[1] ?? '';
  return match && !/^[\x20-\x7e]*$/.test(name) ? `${encodeWord(name)} ${match[2] ?? ''}` : value;
}

/** RFC 2047 encoded-word for non-ASCII header text. */
function encodeWord(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${base64(utf8(text))}?=`;
}

function rfc2822(ms: number): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = [
    'Jan',
    'Feb',
    'Mar',
    'Apr',
    'May',
    'Jun',
    'Jul',
    'Aug',
    'Sep',
    'Oct',
    'Nov',
    'Dec',
  ];
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${days[d.getUTCDay()] ?? 'Mon'}, ${pad(d.getUTCDate())} ${months[d.getUTCMonth()] ?? 'Jan'} ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
}

function subjectFor(
  setting: ThreadSetting,
  kind: MessageKind,
  previous: PreviousMessage | null,
  inbound: boolean,
): string {
  const { text, language } = topicText(setting.lang, setting.topic);
  if (!previous) return text.subject;
  const bare = previous.subject.replace(
    /^((re|aw|rv|r|odp|ynt|wg|fw|sv|erinnerung|reminder|rappel|recordatorio|promemoria|lembrete|herinnering|przypomnienie|напоминание|hatırlatma)\s*:\s*)+/iu,
    '',
  );
  if (kind === 'reminder') return `${language.reminder}: ${bare}`;
  const prefix = inbound && setting.lang === 'de' ? 'AW' : inbound ? 'RE' : language.reply;
  return `${prefix}: ${bare}`;
}

function rawMessage(
  headers: Record<string, string>,
  body: string,
  html: boolean,
  attachments: { name: string; mime: string; bytes: Uint8Array }[],
): string {
  const head = Object.entries(headers)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}: ${value}`);
  const type = `${html ? 'text/html' : 'text/plain'}; charset="utf-8"`;
  if (attachments.length === 0) {
    return [
      ...head,
      'MIME-Version: 1.0',
      `Content-Type: ${type}`,
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
    ].join('\r\n');
  }
  const boundary = `----=_Part_${hexId(headers['Message-ID'] ?? '', 16)}`;
  const parts = [
    `--${boundary}`,
    `Content-Type: ${type}`,
    'Content-Transfer-Encoding: 8bit',
    '',
    body,
  ];
  for (const file of attachments) {
    const encoded = base64(file.bytes).replace(/(.{76})/g, '$1\r\n');
    parts.push(
      `--${boundary}`,
      `Content-Type: ${file.mime}; name="${file.name}"`,
      `Content-Disposition: attachment; filename="${file.name}"`,
      'Content-Transfer-Encoding: base64',
      '',
      encoded,
    );
  }
  parts.push(`--${boundary}--`, '');
  return [
    ...head,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    ...parts,
  ].join('\r\n');
}

export function buildMessage(
  rng: Rng,
  setting: ThreadSetting,
  input: {
    label: string;
    kind: MessageKind;
    inbound: boolean;
    previous: PreviousMessage | null;
    atMs: number;
  },
): BuiltMessage {
  const customer = setting.customers[0];
  if (!customer) throw new Error('a thread names at least one customer');
  const { text, language } = topicText(setting.lang, setting.topic);
  const bank = `${setting.mailbox}@${setting.mailDomain}`;
  const customerMail = firstContact(customer);
  const customerName = customerDisplayName(customer);
  const agentMail = memberEmail(setting.agent, setting.mailDomain);
  const from = input.inbound
    ? address(customerName, customerMail)
    : address(memberName(setting.agent), agentMail);
  const to = input.inbound ? bank : address(customerName, customerMail);
  const ccList: string[] = [];
  for (const other of setting.customers.slice(1))
    if (rng.chance(0.6)) ccList.push(firstContact(other));
  if (!input.inbound && rng.chance(0.2))
    ccList.push(memberEmail(rng.int(1, MEMBER_COUNT), setting.mailDomain));
  if (input.inbound && rng.chance(0.1))
    ccList.push(
      rng.pick([
        'office@tax-advisers.example',
        'kanzlei@recht-partner.example',
        'contact@avocats-associes.example',
      ]),
    );
  const bcc = !input.inbound && rng.chance(0.15) ? `archive@${setting.mailDomain}` : '';
  const answered = input.previous?.inbound === false && input.previous.text.includes(language.followUp); // prettier-ignore
  const paragraphs = input.inbound
    ? [answered ? language.replyAgain : text.reply]
    : input.kind === 'reminder'
      ? [`${language.reminder}: ${text.ask}`]
      : input.previous?.inbound
        ? [rng.chance(0.5) ? language.followUp : language.thanks]
        : [text.ask];
  const signature = input.inbound
    ? [language.regards, customerName]
    : [language.regards, memberName(setting.agent), 'Compliance', 'Sandbox Bank AG'];
  const greeting = input.inbound ? language.helloTeam : language.hello(customerName);
  const quote =
    input.previous && rng.chance(0.8)
      ? {
          header: language.wrote(
            `${input.previous.createdIso.slice(0, 16).replace('T', ' ')} UTC`,
            input.previous.from,
          ),
          text: input.previous.text,
        }
      : null;
  const html = input.inbound ? rng.chance(0.6) : rng.chance(0.7);
  const body = renderBody(rng, {
    html,
    inbound: input.inbound,
    greeting,
    paragraphs,
    signature,
    quote,
    token: hexId(input.label, 20),
  });
  const owner = {
    name: customerName,
    accountNumber: customer.account_number,
    customerId: customer.id,
    firm: customer.account_type.code === 'F',
  };
  const files = messageAttachments(rng, {
    label: input.label,
    topic: setting.topic,
    inbound: input.inbound,
    suspicious: setting.suspicious && input.inbound,
    owner,
    atMs: input.atMs,
  });
  const subject = subjectFor(setting, input.kind, input.previous, input.inbound);
  const domain = input.inbound
    ? (customerMail.split('@')[1] ?? 'mail.example')
    : setting.mailDomain;
  const externalId = `<${hexId(`${input.label}:message-id`, 24)}@${domain}>`;
  const portal = input.inbound && rng.chance(0.1);
  const failed = !input.inbound && rng.chance(0.02);
  const raw =
    input.inbound && !portal
      ? rawMessage(
          {
            'Return-Path': `<${customerMail}>`,
            Received: `from mx.${domain} (mx.${domain} [192.0.2.${rng.int(1, 254)}]) by mx.${setting.mailDomain}; ${rfc2822(input.atMs)}`,
            From: headerAddress(from),
            To: headerAddress(to),
            Cc: ccList.join(', '),
            Subject: encodeWord(subject),
            Date: rfc2822(input.atMs - rng.int(2, 90) * 1000),
            'Message-ID': externalId,
            'In-Reply-To': input.previous?.externalId ?? '',
          },
          body.content,
          html,
          files.metas.map((meta) => ({
            name: meta.file_name,
            mime: meta.file_mime,
            bytes: files.bytes.get(meta.id) ?? new Uint8Array(0),
          })),
        )
      : '';
  const message: MessageRecord = {
    id: uuidFor(`${input.label}:message`),
    agent_id: input.inbound ? 0 : setting.agent,
    attachments: files.metas,
    bcc,
    cc: ccList.join(', '),
    content: body.content,
    created_at: isoSeconds(input.atMs),
    delivery: { status: input.inbound ? 'received' : failed ? 'failed' : 'delivered' },
    error_when_trying_to_send: failed
      ? `550 5.1.1 <${customerMail}>: Recipient address rejected: mailbox unavailable`
      : '',
    external_message_id: externalId,
    from,
    mailbox_id: `mbx-${setting.mailbox}`,
    origin: {
      type: input.inbound
        ? portal
          ? 'portal'
          : 'email'
        : input.kind === 'reminder'
          ? 'automatic'
          : 'agent',
    },
    priority:
      setting.topic === 'sanctions-query' || setting.topic === 'complaint'
        ? 1
        : rng.chance(0.05)
          ? 5
          : 3,
    raw_message: raw,
    read_by_agents: input.inbound
      ? rng
          .sample(
            [setting.agent, rng.int(1, MEMBER_COUNT), rng.int(1, MEMBER_COUNT)],
            rng.int(0, 2),
          )
          .filter((id, i, all) => all.indexOf(id) === i)
      : [setting.agent],
    reply_to_external_message_id: input.previous?.externalId ?? '',
    subject,
    to,
  };
  return { message, bytes: files.bytes, text: body.text };
}
