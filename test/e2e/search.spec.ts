import type { Page } from '@playwright/test';
import { expect, screenshot, test, type Tenant } from './fixtures';
import { DashboardPage } from './pages/dashboard-page';
import { SearchPalette } from './pages/search-palette';

interface ServiceCustomer {
  external_id: string;
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  company_name?: string | null;
}

interface ServiceThread {
  id: string;
  customers?: ServiceCustomer[] | null;
  last_message?: { id: string; subject: string } | null;
}

/** Every thread the service holds, as a client pages through them. */
async function serviceThreads(tenant: Tenant): Promise<ServiceThread[]> {
  const threads: ServiceThread[] = [];
  for (let page = 1; ; page++) {
    const response = await tenant.service.call('POST', '/api/v1/thread/search', {
      body: { on_page: page, per_page: 50 },
    });
    expect(response.status).toBe(200);
    const { data, total } = response.json<{ data: ServiceThread[]; total: number }>();
    threads.push(...data);
    if (!data.length || threads.length >= total) return threads;
  }
}

/** The name an investigator would type: the person's names, or the company's. */
function nameOf(customer: ServiceCustomer): string {
  const person = [customer.first_name, customer.middle_name, customer.last_name]
    .filter(Boolean)
    .join(' ');
  return person || customer.company_name || '';
}

/** A person among the service's customers, with the name to search for. */
async function somePerson(tenant: Tenant): Promise<{ id: string; name: string; lastName: string }> {
  const threads = await serviceThreads(tenant);
  const customer = threads
    .flatMap((thread) => thread.customers ?? [])
    .find((candidate) => candidate.first_name && candidate.last_name);
  if (!customer?.last_name) throw new Error('The service has no customer who is a person.');
  return { id: customer.external_id, name: nameOf(customer), lastName: customer.last_name };
}

const hash = (page: Page) => page.evaluate(() => location.hash);

test.describe('global search', () => {
  test('Ctrl+K finds a customer by name; the arrows and Enter open it', async ({
    page,
    tenant,
  }) => {
    const customer = await somePerson(tenant);
    await new DashboardPage(page).open();
    const search = new SearchPalette(page);

    await search.openWithKeyboard();
    await expect(search.dialog).toBeVisible();
    await expect(search.dialog).toHaveAttribute('aria-modal', 'true');
    await expect(search.input).toBeFocused();

    await search.type(customer.name);
    const hit = search.hit('customer', customer.id);
    await expect(hit).toBeVisible();
    await expect(search.group('customer')).toContainText('Customers');
    // The words typed are marked in the title.
    await expect(hit.locator('mark').filter({ hasText: customer.lastName })).toHaveCount(1);
    await screenshot(page, 'search');

    await search.arrowTo(hit);
    await expect(search.dialog).toBeHidden();
    await expect.poll(() => hash(page)).toBe(`#/customer/${encodeURIComponent(customer.id)}`);
  });

  test('a message subject finds its thread', async ({ page, tenant }) => {
    const threads = await serviceThreads(tenant);
    const threadOfMessage = new Map(
      threads.flatMap((thread) =>
        thread.last_message ? [[thread.last_message.id, thread.id] as const] : [],
      ),
    );
    const subject = threads.find((thread) => thread.last_message?.subject)?.last_message?.subject;
    if (!subject) throw new Error('The service has no message with a subject.');

    const search = new SearchPalette(page);
    await search.openWithKeyboard();
    await search.type(subject);
    const message = search.group('message').getByRole('option').first();
    await expect(message).toContainText(subject);
    const messageId = (await message.getAttribute('data-id')) ?? '';
    const threadId = threadOfMessage.get(messageId);
    expect(threadId).toBeTruthy();

    await search.arrowTo(message);
    await expect.poll(() => hash(page)).toBe(`#/thread/${encodeURIComponent(threadId ?? '')}`);
  });

  test('Escape closes it and gives focus back; nothing found says so', async ({ page, tenant }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    const search = new SearchPalette(page);
    const opener = page.getByTestId('open-search');
    await opener.click();
    await expect(search.input).toBeFocused();

    await search.type('zzqxv nothing like this');
    await expect(search.empty).toContainText('No matches in the offline cache');
    await expect(search.hits).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect.poll(() => hash(page)).not.toMatch(/^#\/(customer|thread|alert)/);

    // Opened again, it starts afresh.
    await search.openWithKeyboard();
    await expect(search.input).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();
  });

  test('it works offline, from the cache alone', async ({ page, tenant }) => {
    const customer = await somePerson(tenant);
    await tenant.stop();
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();

    const search = new SearchPalette(page);
    await search.openWithKeyboard();
    await search.type(customer.name);
    await expect(search.hit('customer', customer.id)).toBeVisible();
  });
});
