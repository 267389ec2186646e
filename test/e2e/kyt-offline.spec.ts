import type { Page } from '@playwright/test';
import { expect, screenshot, test, type Tenant } from './fixtures';
import { kytEvents, twoCustomers, type NamedCustomer } from './kyt-tenant';
import { OutboxPage } from './pages/outbox-page';
import { KytPage } from './pages/kyt-page';

// KYT submissions when the service cannot be reached or an answer is lost: a submission made
// offline waits in the outbox and is scored, once, when the service is back; one whose answer
// was lost is in doubt, never sent again by itself, and the investigator marks it sent or sends
// it again. The service's timeline of the customer says how many times each reached it.

const hash = (page: Page) => page.evaluate(() => location.hash);

/** The new-transaction form with the customer as receiver, amount and sender filled. */
async function formFor(kyt: KytPage, customer: NamedCustomer, label: string): Promise<void> {
  await kyt.openCustomerTab(customer.externalId);
  await kyt.newAsReceiver.click();
  await expect(kyt.field('to.external_id')).toHaveValue(customer.externalId);
  await kyt.field('amount').fill('730');
  await kyt.field('currency').fill('EUR');
  await kyt.field('label').fill(label);
  await kyt.field('from.full_name').fill('Anna Lind');
}

/** Submits from the form while every answer is dropped after the service did its work. */
async function submitLosingTheAnswer(
  kyt: KytPage,
  tenant: Tenant,
  customer: NamedCustomer,
  label: string,
): Promise<void> {
  await formFor(kyt, customer, label);
  const faults = await tenant.service.call('PUT', '/__sandbox/faults', { body: { dropRate: 1 } });
  expect(faults.status).toBe(200);
  await kyt.submit();
  // Whatever the form says then (the submission's screen, or that the answer was lost), the list
  // names it in doubt.
  await expect(kyt.submission.or(kyt.submitError)).toBeVisible({ timeout: 30_000 });
  expect((await tenant.service.call('DELETE', '/__sandbox/faults')).status).toBe(200);
}

/** Opens the kept submission with this label from the list, once it is in doubt. */
async function openInDoubt(kyt: KytPage, label: string): Promise<void> {
  await kyt.open();
  await kyt.filter('status').selectOption('in-doubt');
  await kyt.filter('label').fill(label);
  const row = kyt.rows.filter({ hasText: label });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  await expect(row).toHaveAttribute('data-status', 'in-doubt', { timeout: 30_000 });
  await row.getByTestId('kyt-row-link').click();
  await expect(kyt.status).toHaveAttribute('data-status', 'in-doubt');
}

test.describe('KYT transactions without the service', () => {
  test.setTimeout(180_000);

  test('submitted offline, it waits in the outbox and is scored once the service is back, once', async ({
    page,
    tenant,
  }) => {
    const [customer] = await twoCustomers(page);
    const recorded = (await kytEvents(tenant, customer.externalId)).length;
    const kyt = new KytPage(page);

    await tenant.stop();
    await page.getByTestId('sync-start').click();
    await expect(page.getByTestId('sync-status')).toHaveAttribute('data-connectivity', 'offline', {
      timeout: 30_000,
    });

    await formFor(kyt, customer, 'Offline transfer');
    await kyt.review.click();
    await expect(kyt.confirmOffline).toContainText('waits in the outbox');
    await expect(kyt.confirmText).toContainText('stores every transaction');
    await kyt.confirmSubmit.click();
    await expect(kyt.status).toHaveAttribute('data-status', 'waiting', { timeout: 30_000 });
    await expect(kyt.statusText).toContainText('Waiting in the outbox');
    const id = await kyt.shownId();
    await screenshot(page, 'kyt-waiting');

    const outbox = new OutboxPage(page);
    await outbox.open();
    const item = page.locator('[data-testid="outbox-item"][data-kind="kyt.submit"]');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-state', /queued|failed/, { timeout: 30_000 });

    // Back online: sent by the outbox, scored, kept; the screen follows.
    await page.evaluate(
      (target) => {
        location.hash = target;
      },
      `#/kyt/${encodeURIComponent(id)}`,
    );
    await tenant.restart();
    await tenant.sync();
    await expect(kyt.status).toHaveAttribute('data-status', 'scored', { timeout: 60_000 });
    await expect(kyt.score).not.toHaveText('—');
    await expect(kyt.rules.first()).toBeVisible();
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 1);

    // Another sync sends nothing again.
    await tenant.sync();
    await outbox.open();
    await expect(item).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 1);
  });

  test('an answer lost in transit leaves it in doubt: never re-sent alone; marked as sent, or sent again on the word', async ({
    page,
    tenant,
  }) => {
    const [customer] = await twoCustomers(page);
    const recorded = (await kytEvents(tenant, customer.externalId)).length;
    const kyt = new KytPage(page);

    // The first: its answer lost after the service stored it.
    await submitLosingTheAnswer(kyt, tenant, customer, 'Lost answer one');
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 1);
    await kyt.open();
    await expect(kyt.inDoubtBanner).toContainText('1 submission is in doubt', { timeout: 30_000 });
    await kyt.showInDoubt.click();
    await expect(kyt.rows).toHaveCount(1);
    await expect(kyt.rows.first()).toHaveAttribute('data-status', 'in-doubt');
    await kyt.rows.first().getByTestId('kyt-row-link').click();
    await expect(kyt.status).toHaveAttribute('data-status', 'in-doubt');
    await expect(kyt.statusText).toContainText('never sends it again by itself');
    const first = await kyt.shownId();
    await screenshot(page, 'kyt-in-doubt');

    // The service is fine again and a sync runs: still in doubt, nothing sent again.
    await tenant.sync();
    await expect(kyt.status).toHaveAttribute('data-status', 'in-doubt');
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 1);

    // Mark as sent: settled, nothing sent.
    await kyt.markSent.click();
    await expect(kyt.decideText).toContainText('stop asking');
    await kyt.decideConfirm('Mark as sent').click();
    await expect(kyt.status).toHaveAttribute('data-status', 'marked-sent', { timeout: 30_000 });
    await expect(kyt.sendAgain).toHaveCount(0);
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 1);

    // The second: its answer lost too, then sent again on the investigator's word.
    await submitLosingTheAnswer(kyt, tenant, customer, 'Lost answer two');
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 2);
    await tenant.sync();
    await openInDoubt(kyt, 'Lost answer two');
    const second = await kyt.shownId();
    expect(second).not.toBe(first);
    await kyt.sendAgain.click();
    await expect(kyt.decideText).toContainText('store this transaction twice');
    await kyt.decideConfirm('Send again').click();
    await expect(kyt.status).toHaveAttribute('data-status', 'scored', { timeout: 60_000 });
    await expect(kyt.rules.first()).toBeVisible();
    // Stored twice, as the question said it might be.
    expect((await kytEvents(tenant, customer.externalId)).length).toBe(recorded + 3);

    // Nothing left in doubt.
    await kyt.open();
    await expect(kyt.inDoubtBanner).toHaveCount(0);
    await expect.poll(() => hash(page)).toBe('#/kyt');
  });
});
