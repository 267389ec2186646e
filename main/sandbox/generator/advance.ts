// Advancing a tenant at run time (for incremental-sync tests): the next revision of an alert and
// a new message on a thread, each a pure function of the seed, the record and a position.
import type { AlertRecord, AlertRevision, MessageRecord, ThreadRecord } from '../model';
import { REOPEN_COMMENT, pendingComment } from './alerts/alert-comments';
import { revisionId, revisionStream } from './alerts/alert-history';
import { MEMBER_COUNT, SYSTEM_AGENT } from './agents';
import { isoSeconds, unixSeconds } from './dates';
import { languageOf } from './customers/customer-draft';
import { Rng } from './rng';
import { MAIL_DOMAIN } from './tenant-context';
import { type Topic, TOPIC_TAGS } from './threads/mail-text';
import { buildMessage } from './threads/message-builder';
import { mailboxFor, previousOf } from './threads/thread-builder';

const FALSE_POSITIVE = [
  'False positive: date of birth on the passport differs from the profile.',
  'False positive: profile relates to another country; customer has no link there.',
  'Not a match: only the family name matches.',
  'Discounted: identity document checked, different person.',
];

export function advanceAlert(seed: number, alert: AlertRecord, at: Date): AlertRevision {
  const last = alert.last_revision;
  const rng = revisionStream(seed, alert.id, last.revision_number);
  const analyst = Number(last.agent_id) >= 1 ? Number(last.agent_id) : rng.int(1, MEMBER_COUNT);
  let state: number;
  let comment: string;
  let agent = analyst;
  let score = last.score;
  let profileDate = last.profile_date;
  switch (last.state) {
    case 1:
      state = rng.chance(0.6) ? 2 : 7;
      comment =
        state === 2 ? 'Legacy alert opened for review after migration.' : rng.pick(FALSE_POSITIVE);
      break;
    case 2:
      state = rng.weighted([
        [3, 35],
        [7, 55],
        [4, last.score >= 85 ? 12 : 0],
      ]);
      comment =
        state === 3
          ? pendingComment(rng, false)
          : state === 7
            ? rng.pick(FALSE_POSITIVE)
            : 'True hit confirmed: date of birth and nationality match the listed person.';
      break;
    case 3:
      state = rng.weighted([
        [4, last.score >= 80 ? 30 : 10],
        [7, 70],
      ]);
      comment =
        state === 4 ? 'True hit confirmed after document review.' : rng.pick(FALSE_POSITIVE);
      break;
    case 4:
      state = rng.chance(0.7) ? 5 : 6;
      comment =
        state === 5
          ? 'Risk accepted after EDD; enhanced monitoring applies.'
          : 'Relationship exited; report filed with the financial intelligence unit.';
      agent = rng.int(1, MEMBER_COUNT);
      break;
    default:
      state = 2;
      comment = REOPEN_COMMENT;
      agent = SYSTEM_AGENT;
      score = Math.max(0, Math.min(100, last.score + rng.int(-4, 4)));
      profileDate = unixSeconds(at.getTime());
  }
  const number = last.revision_number + 1;
  return {
    id: revisionId(alert.id, number),
    agent_id: String(agent),
    comment,
    created_at: isoSeconds(at.getTime()),
    customer_revision_id: last.customer_revision_id,
    profile_date: profileDate,
    revision_number: number,
    score,
    state,
    top_category: last.top_category,
  };
}

function topicOf(tags: readonly string[]): Topic {
  const topics = Object.keys(TOPIC_TAGS) as Topic[];
  return topics.find((topic) => tags.includes(TOPIC_TAGS[topic][0] ?? '')) ?? 'kyc-refresh';
}

/** The readable text of a message, for quoting: HTML loses its markup, scripts and styles. */
export function plainText(content: string): string {
  if (!/<html|<p|<div|<br/i.test(content)) return content;
  return content
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function advanceThread(
  seed: number,
  thread: ThreadRecord,
  at: Date,
  index: number,
): { message: MessageRecord; attachmentBytes: Map<string, Uint8Array> } {
  const rng = Rng.fromSeed(seed).fork(`advance:thread:${thread.id}:${index}`);
  const last = thread.last_message;
  const lastInbound = last.agent_id === 0;
  const topic = topicOf(thread.tags);
  const customer = thread.customers[0];
  const lang = customer
    ? languageOf(customer.nationality_codes[0] ?? customer.domicile_code, customer.domicile_code)
    : 'en';
  const agent = lastInbound
    ? (last.read_by_agents[0] ?? rng.int(1, MEMBER_COUNT))
    : last.agent_id || rng.int(1, MEMBER_COUNT);
  const inbound = lastInbound ? false : rng.chance(0.85);
  const customers = thread.customers.length > 0 ? thread.customers : [];
  if (customers.length === 0) throw new Error(`thread ${thread.id} names no customer`);
  const built = buildMessage(
    rng,
    {
      threadId: thread.id,
      topic,
      lang,
      mailbox: last.mailbox_id.replace(/^mbx-/, '') || mailboxFor(topic),
      mailDomain: MAIL_DOMAIN,
      agent,
      customers,
      suspicious: thread.tags.includes('suspicious-attachment') && rng.chance(0.3),
    },
    {
      label: `${thread.id}:advance:${seed}:${index}`,
      kind: !inbound && !lastInbound ? 'reminder' : 'reply',
      inbound,
      previous: previousOf(last, plainText(last.content)),
      atMs: at.getTime(),
    },
  );
  return { message: built.message, attachmentBytes: built.bytes };
}
