import type { QueueWindow } from '../../preload/contract';
import { bridge, expect, test } from './fixtures';
import { CustomerPage } from './pages/customer-page';

// A generation may take long. Closing its dialog does not stop it, and opening the dialog again
// for the same customer shows it still running instead of offering to generate (and pay) again.

test('a generation still running is shown as running when its dialog is opened again, and only one report is made', async ({
  page,
  tenant,
}) => {
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 50 });
  const externalId = queue.rows[0]?.customerExternalId;
  if (!externalId) throw new Error('The tenant has no customer with alerts.');
  const customer = new CustomerPage(page);
  await customer.open(externalId, 'press');
  await expect(page.getByTestId('press-customer-tab')).toBeVisible();
  const dialog = page.getByTestId('press-generate-dialog');

  // The service holds this one until the test lets it go, however slow the machine is.
  const held = await tenant.service.call('PUT', '/__sandbox/hold', {
    body: { path: '/press/instantreport' },
  });
  expect(held.status).toBe(200);
  await page.getByTestId('press-generate').click();
  await page.getByTestId('press-generate-next').click();
  await page.getByTestId('press-generate-confirm').click();
  await expect(page.getByTestId('press-generate-progress')).toBeVisible();
  await expect
    .poll(async () => {
      const state = await tenant.service.call('GET', '/__sandbox/hold');
      return state.json<{ waiting: number }>().waiting;
    })
    .toBe(1);

  // Closed from its button this time, from the keyboard the next.
  await page.getByTestId('press-generate-close').click();
  await expect(dialog).toBeHidden();
  await page.keyboard.press('n');
  await expect(dialog).toHaveAttribute('data-step', 'running');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // A loaded run once lost the first `n` right after Escape (the dialog stayed closed): pressed
  // again while it is still closed, never while open.
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.keyboard.press('n');
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(dialog).toHaveAttribute('data-step', 'running');
  await expect(page.getByTestId('press-generate-running-since')).toContainText(
    'does not start another one',
  );
  await expect(page.getByTestId('press-generate-confirm')).toBeDisabled();
  expect((await tenant.service.call('DELETE', '/__sandbox/hold')).status).toBe(200);

  // Its answer still takes the investigator to the report, and only one was made.
  await expect(page.getByTestId('press-report-screen')).toBeVisible({ timeout: 45_000 });
  await customer.open(externalId, 'press');
  await expect(customer.pressReports).toHaveCount(1);
});
