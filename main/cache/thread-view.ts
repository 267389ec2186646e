import type {
  AttachmentSafety,
  AttachmentView,
  MessageView,
  ThreadView,
} from '../../preload/contract';
import { asObject, isoOrNull, numberOrNull, optionalText, parseObject, text } from './json-fields';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';
import { threadRows } from './thread-queries';

interface AttachmentRecord {
  id: string;
  message_id: string | null;
  file_name: string;
  file_mime: string;
  file_size: number;
  not_dangerous: number | null;
  raw: string;
}

interface MessageRecord {
  id: string;
  created_ms: number;
  subject: string;
  raw: string;
}

/** The cache's file_not_dangerous: 1 verified safe, 0 flagged, null never verified. */
export function attachmentSafety(notDangerous: number | null): AttachmentSafety {
  if (notDangerous === 1) return 'safe';
  if (notDangerous === 0) return 'dangerous';
  return 'unverified';
}

function attachmentView(record: AttachmentRecord): AttachmentView {
  return {
    id: record.id,
    fileName: record.file_name,
    fileMime: record.file_mime,
    fileType: text(parseObject(record.raw)?.file_type),
    fileSize: record.file_size,
    safety: attachmentSafety(record.not_dangerous),
  };
}

function messageView(record: MessageRecord, attachments: AttachmentView[]): MessageView {
  // A damaged message keeps what its columns say; its body shows as empty.
  const raw = parseObject(record.raw) ?? {};
  return {
    id: record.id,
    from: text(raw.from),
    to: text(raw.to),
    cc: text(raw.cc),
    bcc: text(raw.bcc),
    subject: typeof raw.subject === 'string' ? raw.subject : record.subject,
    createdAt: optionalText(raw.created_at) ?? isoOrNull(record.created_ms),
    priority: numberOrNull(raw.priority),
    html: text(raw.content),
    attachments,
  };
}

/** One cached thread with every message seen of it, oldest first, and their attachments. */
export function threadView(db: CacheDb, id: string): ThreadView | null {
  const [thread] = threadRows(db, [id]);
  if (!thread) return null;
  const messages = prepared(
    db,
    'SELECT id, created_ms, subject, raw FROM messages WHERE thread_id = ? ORDER BY created_ms, id',
  ).all(id) as MessageRecord[];
  const byMessage = new Map<string, AttachmentView[]>(messages.map((message) => [message.id, []]));
  const loose: AttachmentView[] = [];
  for (const record of prepared(
    db,
    `SELECT id, message_id, file_name, file_mime, file_size, not_dangerous, raw
       FROM attachments WHERE thread_id = ? ORDER BY rowid`,
  ).all(id) as AttachmentRecord[]) {
    const view = attachmentView(record);
    const owner = record.message_id === null ? undefined : byMessage.get(record.message_id);
    (owner ?? loose).push(view);
  }
  const raw = prepared(db, 'SELECT raw FROM threads WHERE id = ?').get(id) as { raw: string };
  const reminder = asObject(parseObject(raw.raw)?.reminder);
  return {
    thread,
    messages: messages.map((message) => messageView(message, byMessage.get(message.id) ?? [])),
    attachments: loose,
    reminder: reminder
      ? {
          delay: numberOrNull(reminder.delay),
          nextDate: optionalText(reminder.next_date),
          numberLeft: numberOrNull(reminder.number_left),
        }
      : null,
  };
}
