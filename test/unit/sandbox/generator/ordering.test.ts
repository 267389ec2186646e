import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantItem } from '../../../../main/sandbox/generator';
import { EXTERNAL_FILE_PREFIX } from '../../../../main/sandbox/generator';
import { smallTenant } from './tenant-fixture';

describe('tenant stream', () => {
  let items: TenantItem[] = [];
  beforeAll(() => {
    items = smallTenant(11);
  });

  it('yields every customer before anything that names it', () => {
    const seen = new Set<string>();
    for (const item of items) {
      switch (item.kind) {
        case 'customer':
          if (item.customer.parent_external_id)
            expect(seen).toContain(item.customer.parent_external_id);
          seen.add(item.customer.external_id);
          break;
        case 'relation':
          expect(seen).toContain(item.relation.parent_customer_external_id);
          expect(seen).toContain(item.relation.child_customer_external_id);
          break;
        case 'alert':
          expect(seen).toContain(item.alert.customer_external_id);
          break;
        case 'document':
          expect(seen).toContain(item.document.customer_external_id);
          break;
        case 'thread':
          for (const customer of item.thread.customers)
            expect(seen).toContain(customer.external_id);
          break;
      }
    }
    expect(seen.size).toBe(300);
  });

  it('has the planned counts and unique ids', () => {
    const kinds = new Map<string, number>();
    for (const item of items) kinds.set(item.kind, (kinds.get(item.kind) ?? 0) + 1);
    expect(kinds.get('customer')).toBe(300);
    expect(kinds.get('thread')).toBe(300);
    expect(kinds.get('alert') ?? 0).toBeGreaterThan(600);
    expect(kinds.get('relation') ?? 0).toBeGreaterThan(20);
    expect(kinds.get('document') ?? 0).toBeGreaterThan(400);
    const ids = items.flatMap((item) =>
      item.kind === 'customer' ? [item.customer.id]
      : item.kind === 'alert' ? [item.alert.id, ...item.revisions.map((r) => r.id)]
      : item.kind === 'thread' ? [item.thread.id, ...item.messages.map((m) => m.id), ...item.thread.attachments.map((a) => a.id)]
      : item.kind === 'document' ? [item.document.id]
      : [item.relation.relation_external_id],
    ); // prettier-ignore
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('numbers alert revisions 1..n in time order, the last one being last_revision', () => {
    for (const item of items) {
      if (item.kind !== 'alert') continue;
      item.revisions.forEach((revision, i) => {
        expect(revision.revision_number).toBe(i + 1);
        expect(revision.state).toBeGreaterThanOrEqual(1);
        expect(revision.state).toBeLessThanOrEqual(7);
        if (i > 0)
          expect(revision.created_at >= (item.revisions[i - 1]?.created_at ?? '')).toBe(true);
      });
      expect(item.alert.last_revision).toEqual(item.revisions[item.revisions.length - 1]);
      expect(item.alert.created_at).toBe(item.revisions[0]?.created_at);
      expect(item.alert.created_at <= '2025-06-30T12:00:00Z').toBe(true);
    }
  });

  it('makes each alert state reachable and most namesakes false positives', () => {
    const last = items.flatMap((item) =>
      item.kind === 'alert' ? [item.alert.last_revision.state] : [],
    );
    const falsePositives = last.filter((state) => state === 7).length;
    expect(falsePositives / last.length).toBeGreaterThan(0.6);
    expect(last).toContain(2);
  });

  it('chains thread messages as replies, with the bytes of every attachment', () => {
    for (const item of items) {
      if (item.kind !== 'thread') continue;
      const { thread, messages } = item;
      expect(thread.message_count).toBe(messages.length);
      expect(thread.last_message).toEqual(messages[messages.length - 1]);
      expect(thread.external_message_ids).toEqual(messages.map((m) => m.external_message_id));
      messages.forEach((message, i) => {
        expect(message.reply_to_external_message_id).toBe(i === 0 ? '' : messages[i - 1]?.external_message_id); // prettier-ignore
      });
      for (const attachment of thread.attachments) {
        expect(item.attachmentBytes.get(attachment.id)?.length).toBe(attachment.file_size);
      }
      expect(thread.created_at).toBe(messages[0]?.created_at);
      expect(thread.updated_at).toBe(thread.last_message.created_at);
    }
  });

  it('stores internal documents with their bytes and points external ones at the placeholder', () => {
    let external = 0;
    for (const item of items) {
      if (item.kind !== 'document') continue;
      if (item.document.file_source === 'external') {
        external++;
        expect(item.bytes).toBeNull();
        expect(item.document.file_url.startsWith(EXTERNAL_FILE_PREFIX)).toBe(true);
      } else {
        expect(item.bytes?.length).toBe(item.document.file_size);
        expect(item.document.file_url).toBe('');
      }
    }
    expect(external).toBeGreaterThan(0);
  });

  it('counts alerts in the customer statistics', () => {
    const counts = new Map<string, number>();
    for (const item of items) {
      if (item.kind === 'alert') counts.set(item.alert.customer_external_id, (counts.get(item.alert.customer_external_id) ?? 0) + 1); // prettier-ignore
    }
    for (const item of items) {
      if (item.kind === 'customer')
        expect(item.stats.alerts).toBe(counts.get(item.customer.external_id) ?? 0);
    }
  });
});
