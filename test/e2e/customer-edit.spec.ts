import type { Page } from '@playwright/test';
import { expect, screenshot, test, type Tenant } from './fixtures';
import { twoCustomers } from './kyt-tenant';

// Editing and creating customers: verify first (each problem beside its field), then save; the
// customer page shows what the service now holds. Offline, the save waits in the outbox and is
// delivered exactly once when the service is back.

const go = async (page: Page, hash: string) => {
  await page.evaluate((target) => {
    location.hash = target;
  }, hash);
  await expect(page.getByTestId('customer-form')).toBeVisible();
};

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

async function savedEvents(tenant: Tenant, externalId: string): Promise<number> {
  const reply = await tenant.service.call(
    'GET',
    `/api/v1/customers/${encodeURIComponent(externalId)}/timeline?limit=1000&offset=0`,
  );
  if (reply.status === 404) return 0;
  expect(reply.status).toBe(200);
  return reply
    .json<Array<{ EventType: string }>>()
    .filter((event) => ['customer_created', 'customer_updated'].includes(event.EventType)).length;
}

test.describe('customer form', () => {
  test.setTimeout(180_000);

  test('edit: a problem shows beside its field, fixed, verified, saved, and the page shows it', async ({
    page,
    tenant,
  }) => {
    expect(tenant).toBeTruthy();
    const [customer] = await twoCustomers(page);
    await page.evaluate(
      (target) => {
        location.hash = target;
      },
      `#/customer/${encodeURIComponent(customer.externalId)}`,
    );
    await page.getByTestId('customer-edit').click();
    await expect(page.getByTestId('customer-form')).toBeVisible();
    await expect(field(page, 'external_id')).toHaveValue(customer.externalId);

    await field(page, 'account_type').selectOption('N');
    await field(page, 'first_name').fill('Ines');
    await field(page, 'last_name').fill('Edited-Okafor');
    await field(page, 'date_of_birth').fill('1980-02-30');
    await field(page, 'kyc_level').fill('11');
    await page.getByTestId('customer-verify').click();
    // The form's own check, before any call: beside the date.
    await expect(page.getByTestId('problems-date_of_birth')).toContainText('not a real date');
    await expect(page.getByTestId('customer-save')).toBeDisabled();

    await field(page, 'date_of_birth').fill('1980-02-28');
    await page.getByTestId('customer-verify').click();
    // The service's answer: beside the KYC level.
    await expect(page.getByTestId('problems-kyc_level')).toContainText('kyc_level', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('customer-save')).toBeDisabled();
    await screenshot(page, 'customer-edit-problem');

    await field(page, 'kyc_level').fill('3');
    await page.getByTestId('customer-verify').click();
    await expect(page.getByTestId('customer-outcome')).toContainText('Verified', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('customer-save')).toBeEnabled();
    await page.getByTestId('customer-save').click();
    await expect(page.getByTestId('customer-screen')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('customer-screen')).toContainText('Edited-Okafor');
    await expect(page.getByTestId('customer-screen')).toContainText('Feb 28, 1980');
  });

  test('create: a new customer is verified, saved and shown', async ({ page, tenant }) => {
    expect(tenant).toBeTruthy();
    await go(page, '#/customer-new');
    await field(page, 'external_id').fill('E2E-NEW-1');
    await field(page, 'account_type').selectOption('F');
    await expect(field(page, 'first_name')).toHaveCount(0);
    await field(page, 'company_name').fill('Harbour Lantern Trading');
    await page.getByTestId('nationality-codes-input').fill('DE');
    await page.getByTestId('nationality-codes-add').click();
    await expect(page.getByTestId('nationality-codes-chip')).toContainText('DE');
    await page.getByTestId('customer-verify').click();
    await expect(page.getByTestId('customer-outcome')).toContainText('Verified', {
      timeout: 30_000,
    });
    await screenshot(page, 'customer-new');
    await page.getByTestId('customer-save').click();
    await expect(page.getByTestId('customer-screen')).toContainText('Harbour Lantern Trading', {
      timeout: 30_000,
    });
    expect(await savedEvents(tenant, 'E2E-NEW-1')).toBe(1);
  });

  test('offline: the save waits in the outbox and is delivered once when the service is back', async ({
    page,
    tenant,
  }) => {
    await tenant.stop();
    await page.getByTestId('sync-start').click();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-connectivity', 'offline', {
      timeout: 30_000,
    });
    await go(page, '#/customer-new');
    await expect(page.getByTestId('customer-offline')).toContainText('outbox');
    await field(page, 'external_id').fill('E2E-OFFLINE-1');
    await field(page, 'account_type').selectOption('N');
    await field(page, 'last_name').fill('Traveller');
    await page.getByTestId('customer-save').click();
    await expect(page.getByTestId('customer-outcome')).toContainText('Waiting in the outbox', {
      timeout: 30_000,
    });
    await screenshot(page, 'customer-queued');

    const item = page.locator('[data-testid="outbox-item"][data-kind="customers.save"]');
    await page.evaluate(() => {
      location.hash = '#/outbox';
    });
    await expect(item).toHaveCount(1);

    await tenant.restart();
    await tenant.sync();
    await expect(item).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    expect(await savedEvents(tenant, 'E2E-OFFLINE-1')).toBe(1);
    await tenant.sync();
    expect(await savedEvents(tenant, 'E2E-OFFLINE-1')).toBe(1);
    await page.evaluate(() => {
      location.hash = '#/customer/E2E-OFFLINE-1';
    });
    await expect(page.getByTestId('customer-screen')).toContainText('Traveller', {
      timeout: 30_000,
    });
  });
});
