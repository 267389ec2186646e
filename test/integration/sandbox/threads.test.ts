import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ThreadPageShape, type ThreadShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

type Thread = z.infer<typeof ThreadShape>;

describe('sandbox threads and attachments', () => {
  let t: TestSandbox;
  let all: Thread[];
  const search = async (body: Record<string, unknown>) => {
    const response = await t.call('POST', '/api/v1/thread/search', { body });
    expect(response.status).toBe(200);
    return ThreadPageShape.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 80 });
    const page = await search({ per_page: 1000 });
    all = page.data;
    expect(page.total).toBe(all.length);
  });
  afterAll(() => t.close());

  it('serves e-mail threads as real mail looks: HTML and plain, replies, cc, attachments of every verdict', () => {
    expect(all.length).toBeGreaterThan(20);
    const messages = all.map((thread) => thread.last_message);
    expect(messages.some((m) => /<(html|div|p|table)/i.test(m.content))).toBe(true);
    expect(messages.some((m) => !/<[a-z]/i.test(m.content))).toBe(true);
    expect(all.some((thread) => thread.message_count > 1)).toBe(true);
    const attachments = all.flatMap((thread) => thread.attachments);
    expect(attachments.some((a) => a.file_not_dangerous === true)).toBe(true);
    expect(attachments.some((a) => a.file_not_dangerous === false)).toBe(true);
    expect(attachments.some((a) => a.file_not_dangerous === null)).toBe(true);
  });

  it('downloads an attachment’s bytes', async () => {
    const attachment = all.flatMap((thread) => thread.attachments).find((a) => a.file_size > 0);
    if (!attachment) throw new Error('no attachment');
    const response = await t.call('GET', `/api/v1/chat/attachment/${attachment.id}`);
    expect(response.status).toBe(200);
    expect(response.bytes.byteLength).toBe(attachment.file_size);
    expect(response.headers.get('content-type')).toBe(attachment.file_mime);
  });

  it('pages with on_page (from 1) and per_page, with an exact total', async () => {
    const pages: string[] = [];
    for (let page = 1; (page - 1) * 7 < all.length; page += 1)
      pages.push(...(await search({ on_page: page, per_page: 7 })).data.map((th) => th.id));
    expect(pages).toHaveLength(all.length);
    expect(new Set(pages).size).toBe(all.length);
    expect(await search({ on_page: 999, per_page: 7 })).toEqual({ data: [], total: all.length });
    expect((await search({ per_page: 0 })).data).toEqual([]);
    expect((await search({})).data.length).toBe(Math.min(20, all.length));
  });

  it('applies each filter', async () => {
    const sample =
      all.find(
        (thread) =>
          thread.customers.length > 0 && thread.tags.length > 0 && thread.contacts.length > 0,
      ) ?? all[0];
    if (!sample) throw new Error('no threads');
    const count = (test: (thread: Thread) => boolean) => all.filter(test).length;
    const customer = sample.customers[0];
    if (customer) {
      expect(
        (await search({ filters: { customer_id: customer.external_id }, per_page: 1000 })).total,
      ).toBe(count((th) => th.customers.some((c) => c.external_id === customer.external_id)));
      expect((await search({ filters: { customer_id: customer.id }, per_page: 1000 })).total).toBe(
        count((th) => th.customers.some((c) => c.id === customer.id)),
      );
    }
    const tag = sample.tags[0] ?? '';
    expect((await search({ filters: { tag_codes: [tag] }, per_page: 1000 })).total).toBe(
      count((th) => th.tags.includes(tag)),
    );
    const status = (sample.status as { code: number }).code;
    expect((await search({ filters: { status }, per_page: 1000 })).total).toBe(
      count((th) => (th.status as { code: number }).code === status),
    );
    const contact = (sample.contacts[0] ?? '').toUpperCase();
    expect(
      (await search({ filters: { contact }, per_page: 1000 })).data.every((th) =>
        th.contacts.some((c) => c.toLowerCase().includes(contact.toLowerCase())),
      ),
    ).toBe(true);
    expect((await search({ filters: { id: sample.id } })).data.map((th) => th.id)).toEqual([
      sample.id,
    ]);
    const word =
      sample.last_message.subject.split(/\s+/).find((w) => w.length > 4) ??
      sample.last_message.subject;
    expect(
      (await search({ filters: { content: word }, per_page: 1000 })).data.some(
        (th) => th.id === sample.id,
      ),
    ).toBe(true);
    const group = sample.review_groups[0];
    if (group)
      expect((await search({ filters: { review_groups: [group] }, per_page: 1000 })).total).toBe(
        count((th) => th.review_groups.includes(group)),
      );
    const noGroups = await search({
      filters: { only_without_review_groups: true },
      per_page: 1000,
    });
    expect(noGroups.total).toBe(count((th) => th.review_groups.length === 0));
    const middle =
      [...all].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at))[
        Math.floor(all.length / 2)
      ]?.created_at ?? '';
    expect((await search({ filters: { min_created_at: middle }, per_page: 1000 })).total).toBe(
      count((th) => Date.parse(th.created_at) >= Date.parse(middle)),
    );
    expect(
      (await search({ filters: { max_created_at: middle.replace('Z', '+00:00') }, per_page: 1000 }))
        .total,
    ).toBe(count((th) => Date.parse(th.created_at) <= Date.parse(middle)));
  });

  it('returns exactly the threads with new messages since min_updated_at', async () => {
    const newest = Math.max(...all.map((thread) => Date.parse(thread.updated_at)));
    const result = t.sandbox.advance({ messages: 4 });
    const changed = await search({
      filters: { min_updated_at: new Date(newest + 1).toISOString() },
      per_page: 1000,
    });
    expect(changed.data.map((th) => th.id).sort()).toEqual([...result.messages].sort());
    for (const thread of changed.data) {
      const before = all.find((th) => th.id === thread.id);
      expect(thread.message_count).toBe((before?.message_count ?? 0) + 1);
      expect(thread.last_message.created_at).toBe(result.at);
    }
  });
});
