import { expect, screenshot, test } from './fixtures';
import { ConnectionPage } from './pages/connection-page';

test.use({ hostArgs: ['--sandbox', '40'] });

test.describe('the built-in Sandbox profile', () => {
  test('a new user starts on the demo tenant, which answers as the service does', async ({
    page,
    service,
  }) => {
    // With a tenant to review, CaseDesk opens on the dashboard; the connection is one click away.
    await expect(page.getByTestId('nav-dashboard')).toHaveAttribute('aria-current', 'page');
    await page.getByTestId('nav-connection').click();
    const connection = new ConnectionPage(page);
    await expect(connection.activeProfile).toContainText('Sandbox');
    await expect(connection.item('Sandbox')).toContainText('Demo');
    await expect(page.getByTestId('sandbox-panel')).toBeVisible();
    await expect(page.getByTestId('remove-profile')).toHaveCount(0);
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'ok');
    await screenshot(page, 'connection-sandbox');

    // The user's first own profile takes over; going back to the sandbox is one click, and back again.
    await connection.add({ name: 'Production', baseUrl: service.baseUrl, token: service.token });
    await expect(connection.activeProfile).toContainText('Production');
    await connection.item('Sandbox').click();
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('Sandbox');
    await connection.item('Production').click();
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('Production');
    expect(await page.content()).not.toMatch(/token: [\w-]{20,}/);
  });
});

test.describe('sync status', () => {
  test('syncs the active profile on request, showing progress, then how fresh the cache is', async ({
    page,
  }) => {
    const bar = page.getByTestId('sync-status');
    await expect(bar).toContainText('Not synced yet');
    await page.getByTestId('sync-start').click();
    await expect(bar).toHaveAttribute('data-connectivity', 'online', { timeout: 30_000 });
    await expect(bar).toHaveAttribute('data-state', 'idle');
    await expect(bar).toContainText(/Online · synced \d{1,2}:\d{2}/);
    await screenshot(page, 'sync-status');
  });
});
