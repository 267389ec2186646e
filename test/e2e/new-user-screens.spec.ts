import type { Customer360, QueueWindow } from '../../preload/contract';
import { createTenantStore } from '../../main/sandbox/db/tenant-store';
import type { MessageRecord, ThreadRecord } from '../../main/sandbox/model';
import { audit } from './axe-audit';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { CustomerPage } from './pages/customer-page';
import { DocumentsPage, type FileToDrop } from './pages/documents-page';
import { QueuePage } from './pages/queue-page';
import { ThreadPage } from './pages/threads-page';

// Defects a new user met on the screens: each checked as that user would see it.

const PLAIN_BODY = `Hello,

On Monday Jane Doe <jane.doe@example.com> wrote:
> Please send the <address> of the branch.

Regards`;

/** A plain-text message added to a thread of the tenant, later than anything in it, synced in. */
async function deliverPlainText(tenant: Tenant): Promise<{ threadId: string; messageId: string }> {
  const db = tenant.service.sandbox.db;
  const row = db.prepare('SELECT id, json, assigned_to FROM threads LIMIT 1').get() as {
    id: string;
    json: string;
    assigned_to: number | null;
  };
  const latest = db.prepare('SELECT MAX(updated_ms) AS m FROM threads').get() as { m: number };
  const at = new Date(Math.max(Date.now(), latest.m) + 60_000).toISOString();
  const thread = JSON.parse(row.json) as ThreadRecord;
  const message: MessageRecord = {
    ...thread.last_message,
    id: 'msg-plain',
    subject: 'Plain text',
    content: PLAIN_BODY,
    attachments: [],
    external_message_id: '<msg-plain@mail.example>',
    created_at: at,
  };
  createTenantStore(db).putThread(
    {
      ...thread,
      updated_at: at,
      message_count: thread.message_count + 1,
      last_message: message,
      external_message_ids: [...thread.external_message_ids, message.external_message_id],
    },
    [message],
    row.assigned_to,
    true,
  );
  await tenant.sync();
  return { threadId: row.id, messageId: message.id };
}

test.describe('defects a new user met', () => {
  test('a plain-text mail keeps its lines and <addresses>, on the theme’s background', async ({
    page,
    tenant,
  }) => {
    const { threadId, messageId } = await deliverPlainText(tenant);
    const thread = new ThreadPage(page);
    await thread.open(threadId);
    const message = thread.message(messageId);
    const body = thread.body(message).locator('body');
    await expect(body).toContainText('Jane Doe <jane.doe@example.com> wrote:');
    await expect(body).toContainText('the <address> of the branch');
    const text = await body.evaluate((element) => (element as HTMLElement).innerText);
    expect(text.trim()).toBe(PLAIN_BODY);

    const frame = message.getByTestId('message-frame');
    const scheme = () =>
      thread
        .body(message)
        .locator('html')
        .evaluate((element) => getComputedStyle(element).colorScheme);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(frame).toHaveAttribute('data-scheme', 'dark');
    await expect.poll(scheme).toBe('dark');
    // A message can be read on a light page, as mail clients offer.
    const toggle = message.getByTestId('message-scheme');
    await expect(toggle).toHaveText('Light background');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(frame).toHaveAttribute('data-scheme', 'light');
    await expect.poll(scheme).toBe('light');
    await page.keyboard.press('Enter');
    await expect(frame).toHaveAttribute('data-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(frame).toHaveAttribute('data-scheme', 'light');
    await screenshot(page, 'thread-plain-text');
  });

  test('while the cache is read for what it holds, the filter lists say so', async ({
    page,
    tenant,
  }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    // The cache's answer held back, as when its read worker is still starting.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/bridge/queue.facets', async (route) => {
      await held;
      await route.continue();
    });
    const queue = new QueuePage(page);
    await queue.open();
    const categories = page.getByTestId('filter-category');
    await categories.getByRole('button', { name: /Category/ }).click();
    await expect(categories.getByRole('status')).toHaveText('Reading the cache for more…');
    await expect(categories.getByRole('checkbox')).toHaveCount(7);
    await screenshot(page, 'queue-filter-reading-cache');
    expect(await audit(page, 'queue: a filter list while the cache is read')).toEqual([]);
    release();
    await expect(categories.getByRole('status')).toHaveCount(0);
    await expect(categories.getByRole('checkbox', { name: 'SAN' })).toBeVisible();
  });

  test('one list of categories with one label each, and one way to say who is assigned', async ({
    page,
    tenant,
  }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    const queue = new QueuePage(page);
    await queue.open();
    const categories = page.getByTestId('filter-category');
    await categories.getByRole('button', { name: /Category/ }).click();
    // Read once the cache has said what it holds (until then the list says it is reading it).
    await expect(categories.getByRole('status')).toHaveCount(0);
    const labels = await categories
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.textContent?.trim() ?? ''));
    const seen = await bridge<{ categories: string[] }>(page, 'queue.facets');
    expect(labels.slice(0, 7)).toEqual([
      'PEP',
      'RCA',
      'SIP',
      'SIE',
      'RCA_PEP',
      'RCA_SIP',
      'RCA_SIE',
    ]);
    // Categories the cache holds beyond the service's list (SAN) are offered too.
    expect(labels).toEqual(seen.categories.map((category) => category.toUpperCase()));
    await page.keyboard.press('Escape');

    // No "Agent 0": 0 or nothing is "Unassigned", in the filter and on every row.
    const assignee = page.getByTestId('filter-assignee');
    await assignee.getByRole('button', { name: /Assignee/ }).click();
    await expect(assignee.getByRole('radio', { name: 'Unassigned', exact: true })).toHaveCount(1);
    await expect(assignee.getByRole('radio', { name: 'Agent 0', exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const window = await bridge<QueueWindow>(page, 'queue.window', { limit: 500 });
    const customerId =
      window.rows.find((row) => row.agentId === '0' || row.agentId === '')?.customerExternalId ??
      window.rows[0]?.customerExternalId ??
      '';
    const customer = await bridge<Customer360>(page, 'customers.get', { externalId: customerId });
    const customerPage = new CustomerPage(page);
    await customerPage.open(customerId, 'alerts');
    const cells = page.getByTestId('customer-alert-agent');
    await expect(cells).toHaveCount(customer.alerts.length);
    const expected = customer.alerts.map((alert) =>
      alert.agentId === '' || alert.agentId === '0' ? 'Unassigned' : `Agent ${alert.agentId}`,
    );
    await expect(cells).toHaveText(expected);

    // The profile's sync scope names the categories the same way.
    await page.evaluate(() => {
      location.hash = '#/connection';
    });
    await page.getByTestId('connection-screen').waitFor();
    const scope = page.getByTestId('sync-scope');
    await expect(scope.locator('label.chip', { hasText: /^RCA_PEP$/ })).toHaveCount(1);
    await expect(scope).not.toContainText('RCA of PEP');
  });

  test('the queue shows time, the alert id and the assignee, and filters by name', async ({
    page,
    tenant,
  }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    const queue = new QueuePage(page);
    await queue.open(undefined, { column: 'updatedAt', direction: 'desc' });
    const first = queue.rows.first();
    await expect(first).toBeVisible();
    const id = (await first.getAttribute('data-alert-id')) ?? '';
    // The alert id and the assignee are offered as columns.
    await expect(first.locator('.queue-col-id')).toHaveCount(0);
    const chooser = page.getByTestId('queue-columns');
    await chooser.getByRole('button', { name: /Columns/ }).click();
    await chooser.getByRole('checkbox', { name: 'Alert ID', exact: true }).check();
    await chooser.getByRole('checkbox', { name: 'Assignee', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(first.locator('.queue-col-id')).toHaveText(id);
    await expect(first.locator('.queue-col-updatedAt')).toHaveText(/\d{1,2}:\d{2}/);
    await expect(first.locator('.queue-col-createdAt')).toHaveText(/\d{1,2}:\d{2}/);
    await expect(first.locator('.queue-col-agentId')).toHaveText(/^(Agent \S+|Unassigned)$/);
    await expect(page.getByTestId('sort-id')).toBeVisible();
    await expect(page.getByTestId('sort-agentId')).toBeVisible();
    await screenshot(page, 'queue-columns');

    // The alert search's name filter: every row shown is of a customer with that name.
    const window = await bridge<QueueWindow>(page, 'queue.window', { limit: 500 });
    const named = window.rows.find((row) => row.customerName.trim().length > 0);
    expect(named).toBeDefined();
    const word = (named?.customerName ?? '').split(/\s+/).filter(Boolean).at(-1) ?? '';
    await page.getByTestId('filter-name').fill(word);
    await expect(page).toHaveURL(/filter=.*name/);
    const byName = await bridge<QueueWindow>(page, 'queue.window', {
      filter: { name: word },
      limit: 500,
    });
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.total).toBeLessThan(window.total);
    await queue.expectTotal(byName.total);
    for (const row of byName.rows)
      expect(row.customerName.toLowerCase()).toContain(word.toLowerCase());

    // Sorted by the alert id.
    await queue.sortBy('id');
    await expect(page).toHaveURL(/sort=id(:|%3A)asc/);
  });

  test('an upload waiting offline is counted by the pager and the Documents tab', async ({
    page,
    tenant,
  }) => {
    test.setTimeout(120_000);
    const window = await bridge<QueueWindow>(page, 'queue.window', { limit: 50 });
    let externalId = '';
    let documents = 0;
    for (const row of window.rows) {
      const customer = await bridge<Customer360>(page, 'customers.get', {
        externalId: row.customerExternalId,
      });
      if (customer && customer.documents.length > 0) {
        externalId = row.customerExternalId;
        documents = customer.documents.length;
        break;
      }
    }
    expect(externalId).not.toBe('');
    const customerPage = new CustomerPage(page);
    const documentsPage = new DocumentsPage(page);
    await customerPage.open(externalId, 'documents');
    await expect(customerPage.tab('documents')).toContainText(String(documents));
    await tenant.stop();

    const note: FileToDrop = {
      name: 'waiting-note.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('Notes taken offline\n'),
    };
    await documentsPage.drop(documentsPage.customerDropTarget, [note]);
    await documentsPage.fileAll.click();
    await expect(documentsPage.uploadItem(note.name).getByTestId('upload-waiting')).toBeVisible({
      timeout: 30_000,
    });
    await expect(documentsPage.pendingUploads).toHaveCount(1);
    await expect(page.getByTestId('customer-documents-pending')).toHaveText('1 waiting to upload');
    await expect(customerPage.tab('documents')).toContainText(String(documents + 1));
    await screenshot(page, 'customer-documents-pending');
  });
});
