import { expect, screenshot, test } from './fixtures';
import { ConnectionPage } from './pages/connection-page';

test.use({ hostArgs: ['--sandbox', '40'] });

test.describe('the built-in Sandbox profile', () => {
  test('a new user starts on the demo tenant, which answers as the service does', async ({
    page,
    service,
  }) => {
    const connection = new ConnectionPage(page);
    await expect(connection.activeProfile).toContainText('Sandbox (demo tenant)');
    await expect(connection.item('Sandbox (demo tenant)')).toContainText('Demo');
    await expect(page.getByTestId('sandbox-panel')).toBeVisible();
    await expect(page.getByTestId('remove-profile')).toHaveCount(0);
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'ok');
    await screenshot(page, 'connection-sandbox');

    // A profile of the user's own sits beside it; choosing the sandbox again is one click.
    await connection.add({ name: 'Production', baseUrl: service.baseUrl, token: service.token });
    await expect(connection.activeProfile).toContainText('Sandbox (demo tenant)');
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('Production');
    await connection.item('Sandbox (demo tenant)').click();
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('Sandbox (demo tenant)');
    expect(await page.content()).not.toMatch(/token: [\w-]{20,}/);
  });
});
