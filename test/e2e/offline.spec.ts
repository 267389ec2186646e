import type {
  AlertView,
  DashboardSummary,
  QueueWindow,
  ThreadPage as ThreadPageData,
} from '../../preload/contract';
import { bridge, expect, screenshot, test } from './fixtures';

// The train with no network: the service goes away, and every screen still shows what the cache
// holds, reached the way an investigator would reach it (navigation, rows, links, search).
test('with the service stopped, every screen is browsed from the cache and says it is offline', async ({
  page,
  tenant,
}) => {
  const summary = await bridge<DashboardSummary>(page, 'dashboard.summary');
  const queue = await bridge<QueueWindow>(page, 'queue.window', { limit: 1 });
  const threads = await bridge<ThreadPageData>(page, 'threads.list', { limit: 1 });
  const first = queue.rows[0];
  const thread = threads.rows[0];
  expect(first && thread).toBeTruthy();
  if (!first || !thread) return;
  const alert = await bridge<AlertView>(page, 'alerts.get', { id: first.id });

  await tenant.stop();
  await page.getByTestId('sync-start').click();
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-connectivity', 'offline', { timeout: 30_000 });
  await expect(status).toContainText(/Offline — cache from \d{1,2}:\d{2}/);
  // Being offline is said once, plainly; the technical detail stays in the tooltip.
  await expect(status.getByRole('alert')).toHaveCount(0);

  // Dashboard: the same numbers as before.
  await page.getByTestId('nav-dashboard').click();
  await expect(page.getByTestId('tile-total')).toHaveAttribute('data-count', String(summary.total));
  await screenshot(page, 'offline-dashboard');

  // Queue, then the first alert by keyboard, then its customer.
  await page.getByTestId('nav-queue').click();
  await expect(page.getByTestId('queue-table')).toHaveAttribute('data-total', String(queue.total));
  await expect(page.getByTestId('queue-row').first()).toHaveAttribute('data-alert-id', first.id);
  await page.getByTestId('queue-table').focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/alert/${first.id}`);
  await expect(page.getByTestId('alert-screen')).toContainText(first.customerExternalId);
  await page.keyboard.press('c');
  await expect
    .poll(() => page.evaluate(() => location.hash))
    .toBe(`#/customer/${encodeURIComponent(alert.customerExternalId)}`);
  await expect(page.getByTestId('customer-screen')).toBeVisible();
  await expect(page.getByTestId('error')).toHaveCount(0);

  // Threads: the list, then the newest thread with its messages.
  await page.getByTestId('nav-threads').click();
  await expect(page.getByTestId('threads-total')).toContainText(String(threads.total));
  await page.getByTestId('thread-row').first().click();
  await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/thread/${thread.id}`);
  await expect(page.getByTestId('thread-screen')).toContainText(thread.subject);
  await expect(page.getByTestId('message').first()).toBeVisible();

  // Search finds the alert's customer by name.
  const name = alert.customer?.name ?? '';
  expect(name).not.toBe('');
  await page.keyboard.press('Control+k');
  await page.keyboard.type(name);
  await expect(page.getByRole('dialog').getByText(name).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('error')).toHaveCount(0);
});

test('when the service comes back, the top bar says so without the stale error, and the cache is synced', async ({
  page,
  tenant,
}) => {
  await tenant.stop();
  await page.getByTestId('sync-start').click();
  const status = page.getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-connectivity', 'offline', { timeout: 30_000 });
  const before = await bridge<{ lastSyncAt: string | null }>(page, 'sync.status');

  // Nothing asked of the user: CaseDesk notices the service is back and syncs.
  await tenant.restart();
  await expect(status).toHaveAttribute('data-connectivity', 'online', { timeout: 60_000 });
  await expect(status.getByRole('alert')).toHaveCount(0);
  await expect(status).not.toContainText('Could not');
  await expect
    .poll(
      async () => (await bridge<{ lastSyncAt: string | null }>(page, 'sync.status')).lastSyncAt,
      {
        timeout: 60_000,
      },
    )
    .not.toBe(before.lastSyncAt);
});
