import { beforeAll, describe, expect, it } from 'vitest';
import {
  nextMessage,
  nextRevision,
  type GeneratedAlert,
  type GeneratedThread,
} from '../../../../main/sandbox/generator';
import { smallTenant } from './tenant-fixture';

const TRANSITIONS: Record<number, number[]> = {
  1: [2, 7],
  2: [3, 4, 7],
  3: [4, 7],
  4: [5, 6],
  5: [2],
  6: [2],
  7: [2],
};

describe('advancing a tenant', () => {
  let alerts: GeneratedAlert[] = [];
  let threads: GeneratedThread[] = [];
  beforeAll(() => {
    const items = smallTenant(31);
    alerts = items.filter((item): item is GeneratedAlert => item.kind === 'alert');
    threads = items.filter((item): item is GeneratedThread => item.kind === 'thread');
  });

  it('gives each alert a realistic next revision, the same for the same input', () => {
    const at = new Date('2025-07-01T09:30:00Z');
    for (const { alert } of alerts.slice(0, 200)) {
      const revision = nextRevision(31, alert, at);
      expect(revision).toEqual(nextRevision(31, alert, at));
      expect(revision.revision_number).toBe(alert.last_revision.revision_number + 1);
      expect(revision.created_at).toBe('2025-07-01T09:30:00Z');
      expect(TRANSITIONS[alert.last_revision.state]).toContain(revision.state);
      expect(revision.top_category).toBe(alert.last_revision.top_category);
      expect(revision.id).not.toBe(alert.last_revision.id);
      expect(revision.comment.length).toBeGreaterThan(10);
    }
  });

  it('adds a reply to a thread, deterministic per seed, thread and index', () => {
    const at = new Date('2025-07-01T10:00:00Z');
    for (const { thread } of threads.slice(0, 50)) {
      const { message, attachmentBytes } = nextMessage(31, thread, at, thread.message_count);
      expect(message.created_at).toBe('2025-07-01T10:00:00Z');
      expect(message.reply_to_external_message_id).toBe(thread.last_message.external_message_id);
      expect(thread.external_message_ids).not.toContain(message.external_message_id);
      expect(nextMessage(31, thread, at, thread.message_count)).toEqual({
        message,
        attachmentBytes,
      });
      expect(nextMessage(31, thread, at, thread.message_count + 1).message.id).not.toBe(message.id);
      for (const attachment of message.attachments)
        expect(attachmentBytes.get(attachment.id)?.length).toBe(attachment.file_size);
      if (thread.last_message.agent_id === 0) expect(message.agent_id).toBeGreaterThan(0);
    }
  });
});
