import { expect, test } from './fixtures';
import { ConnectionPage } from './pages/connection-page';
import { QueuePage } from './pages/queue-page';

// The service's tokens expire. A refused token is said above every screen, with the token field
// one click away; a token kept in memory only does not stand between the investigator and the cache.

test('a refused token is said above every screen, and its button opens the token field', async ({
  page,
  service,
}) => {
  const connection = new ConnectionPage(page);
  await connection.fill({
    name: 'Field office',
    baseUrl: service.baseUrl,
    token: 'an-expired-token-0123456789',
  });
  await connection.saveButton.click();
  await expect(connection.activeProfile).toContainText('Field office');

  await page.getByTestId('sync-start').click();
  const notice = page.getByTestId('token-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The token for Field office was refused — enter a new one');
  await expect(page.getByTestId('sync-status')).toHaveAttribute(
    'data-connectivity',
    'token_refused',
  );
  // Another screen (the outbox, `g o`): still said.
  await page.locator('body').focus();
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expect(page.locator('#screen-title')).toContainText(/outbox/i);
  await expect(notice).toBeVisible();

  // From the keyboard: the button, then Enter, and the token field is ready to type in.
  await page.getByTestId('token-notice-enter').focus();
  await page.keyboard.press('Enter');
  await expect(connection.screen).toBeVisible();
  await expect(connection.name).toHaveValue('Field office');
  await expect(connection.token).toBeFocused();
  await expect(connection.token).toHaveValue('');
  // The field says the stored token is no good, not that it may be kept.
  await expect(connection.token).toHaveAccessibleDescription(
    /stored token was refused.*enter a new token/i,
  );
});

test.describe('a token kept in memory only', () => {
  test.use({ tenantTokenStorage: 'memory' });

  test('after a restart, the cache opens and the notice asks for the token to sync', async ({
    page,
    app,
    tenant: _tenant,
  }) => {
    await app.restart();
    const notice = page.getByTestId('token-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('enter the token to sync');
    const queue = new QueuePage(page);
    await queue.open();
    await expect(queue.rows.first()).toBeVisible();

    await page.getByTestId('token-notice-enter').click();
    const connection = new ConnectionPage(page);
    await expect(connection.name).toHaveValue('Tenant');
    await expect(connection.token).toBeFocused();
  });
});
