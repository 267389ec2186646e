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

    // Adding a profile does not switch to it: the sandbox stays active until the user says so;
    // switching either way is one click.
    await connection.add({ name: 'Production', baseUrl: service.baseUrl, token: service.token });
    await expect(connection.notice).toContainText('Added “Production”.');
    await expect(connection.notice).toContainText('“Sandbox” stays the active profile');
    await expect(connection.activeProfile).toContainText('Sandbox');
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('Production');
    await connection.item('Sandbox').click();
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('Sandbox');
    expect(await page.content()).not.toMatch(/token: [\w-]{20,}/);
  });
});

test.describe('sync status', () => {
  test('the active profile syncs on launch, then on request, and the bar says how fresh the cache is', async ({
    page,
  }) => {
    const bar = page.getByTestId('sync-status');
    // Nothing to click on launch: the cache is brought up to date at once.
    await expect(bar).toHaveAttribute('data-connectivity', 'online', { timeout: 30_000 });
    await expect(bar).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
    await expect(bar).toContainText(/Online · synced \d{1,2}:\d{2}/);
    await expect(page.getByTestId('tile-total')).not.toHaveAttribute('data-count', '0');
    await page.getByTestId('sync-start').click();
    await expect(bar).toHaveAttribute('data-state', 'idle', { timeout: 30_000 });
    await expect(bar).toContainText(/Online · synced \d{1,2}:\d{2}/);
    // What the last sync brought is said beside it.
    await expect(page.getByTestId('sync-summary')).toContainText(/^Synced [\d,]+ alerts/);
    await screenshot(page, 'sync-status');
  });
});
