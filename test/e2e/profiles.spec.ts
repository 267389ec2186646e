import { closedPort } from '../support/fake-service';
import { expect, screenshot, test } from './fixtures';
import { ConnectionPage } from './pages/connection-page';

test.describe('connection profiles', () => {
  test('a new user lands on the connection screen, told where tokens can be kept', async ({
    page,
    app,
  }) => {
    const connection = new ConnectionPage(page);
    await expect(connection.screen).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New connection profile' })).toBeVisible();
    await expect(page.getByText('No profiles yet')).toBeVisible();
    await expect(connection.activeProfile).toHaveText('No active profile');
    await expect(page.getByTestId('storage-warning')).toContainText(
      'cannot use the system keyring',
    );
    await expect(connection.storage('Encrypted by the system keyring')).toBeDisabled();
    await expect(connection.storage('In memory for this run only')).toBeChecked();
    await expect(connection.name).toBeFocused();
    expect(app.dataDir).toBeTruthy();
    await screenshot(page, 'connection-empty');
  });

  test('add, test, edit, switch and remove profiles', async ({ page, app, service }) => {
    const connection = new ConnectionPage(page);
    await connection.fill({
      name: 'EU production',
      baseUrl: `${service.baseUrl}/`,
      token: service.token,
      storage: 'In a private file, not encrypted',
    });
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'ok');
    await expect(connection.result).toContainText('Connected');
    await connection.saveButton.click();
    await expect(connection.notice).toContainText('Added “EU production”.');
    await expect(connection.item('EU production')).toContainText('Active');
    await expect(connection.activeProfile).toContainText('EU production');
    // The URL was normalised on the way in.
    await expect(connection.baseUrl).toHaveValue(service.baseUrl);

    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'ok');
    await expect(connection.item('EU production').locator('.status-success')).toBeVisible();

    await connection.add({ name: 'UK staging', baseUrl: service.baseUrl, token: service.token });
    await expect(connection.items).toHaveCount(2);
    await expect(connection.activeProfile).toContainText('EU production');
    await page.getByTestId('activate-profile').click();
    await expect(connection.activeProfile).toContainText('UK staging');
    await expect(connection.item('UK staging')).toContainText('Active');
    await screenshot(page, 'connection-profiles');

    // Edit: rename, keeping the stored token.
    await connection.item('EU production').click();
    await expect(connection.token).toHaveAttribute('placeholder', /stored/);
    await connection.name.fill('EU production (Frankfurt)');
    await connection.saveButton.click();
    await expect(connection.notice).toContainText('Saved “EU production (Frankfurt)”.');
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'ok');

    // Remove, after confirming.
    await page.getByTestId('remove-profile').click();
    const dialog = page.getByRole('dialog', { name: /Remove “EU production \(Frankfurt\)”/ });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(connection.items).toHaveCount(2);
    await page.getByTestId('remove-profile').click();
    await dialog.getByRole('button', { name: 'Remove profile' }).click();
    await expect(connection.items).toHaveCount(1);
    await expect(connection.notice).toContainText('Removed “EU production (Frankfurt)”.');

    // Profiles survive a restart of CaseDesk (which opens on the dashboard of the active one).
    await app.restart();
    await page.getByTestId('nav-connection').click();
    await expect(connection.items).toHaveCount(1);
    await expect(connection.activeProfile).toContainText('UK staging');
  });

  test('says clearly whether the URL is unreachable or the token refused', async ({
    page,
    service,
  }) => {
    const connection = new ConnectionPage(page);
    const port = await closedPort();
    await connection.fill({
      name: 'Nowhere',
      baseUrl: `http://127.0.0.1:${port}`,
      token: 'anything',
    });
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'unreachable');
    await expect(connection.result).toContainText('Service unreachable');
    await expect(connection.result).toContainText('could not reach');

    await connection.fill({ baseUrl: service.baseUrl, token: 'expired-token-1234' });
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'token_refused');
    await expect(connection.result).toContainText('Token refused');
    await expect(connection.result).toContainText('The access token is invalid or expired');
    await screenshot(page, 'connection-token-refused');
  });

  test('moving a profile to another address asks for a token for it', async ({ page, service }) => {
    const connection = new ConnectionPage(page);
    await connection.add({ name: 'Prod', baseUrl: service.baseUrl, token: service.token });
    await connection.item('Prod').click();
    await expect(connection.token).toHaveAttribute('placeholder', /stored/);
    const elsewhere = `http://127.0.0.1:${await closedPort()}`;
    await connection.fill({ baseUrl: elsewhere });
    await expect(connection.token).toHaveAttribute('aria-required', 'true');
    await expect(
      page.getByText(`the stored token is only ever sent to ${service.baseUrl}`),
    ).toBeVisible();
    await connection.testButton.click();
    await expect(page.getByText(`Enter the API token for ${elsewhere} to test it.`)).toBeVisible();
    await connection.saveButton.click();
    await expect(page.getByText(`Enter the API token for ${elsewhere}.`)).toBeVisible();
    await expect(connection.token).toHaveAttribute('aria-invalid', 'true');
    // Back on the saved address, the stored token is good again.
    await connection.fill({ baseUrl: service.baseUrl });
    await expect(connection.token).toHaveAttribute('placeholder', /stored/);
    await connection.fill({ baseUrl: elsewhere, token: 'another-token-1234' });
    await connection.saveButton.click();
    await expect(connection.notice).toContainText('Saved “Prod”.');
  });

  test('bad input is explained beside the field, and nothing is saved', async ({ page }) => {
    const connection = new ConnectionPage(page);
    await connection.fill({ name: 'Prod', baseUrl: 'http://tenant.example.com', token: 'abc' });
    await connection.saveButton.click();
    await expect(
      page.getByText(/a token is only sent over plain http to this computer/),
    ).toBeVisible();
    await expect(connection.baseUrl).toHaveAttribute('aria-invalid', 'true');
    await expect(connection.name).toHaveValue('Prod');
    await expect(connection.items).toHaveCount(0);

    await connection.fill({ baseUrl: 'https://tenant.example.com', token: '' });
    await connection.saveButton.click();
    await expect(page.getByText('Enter the API token.')).toBeVisible();
    await expect(connection.items).toHaveCount(0);
  });

  test('a token kept in memory is gone after a restart, and the profile asks for it', async ({
    page,
    app,
    service,
  }) => {
    const connection = new ConnectionPage(page);
    await connection.add({
      name: 'Travel',
      baseUrl: service.baseUrl,
      token: service.token,
      storage: 'In memory for this run only',
    });
    await app.restart();
    await page.getByTestId('nav-connection').click();
    await expect(connection.item('Travel')).toContainText('No token');
    await connection.item('Travel').click();
    await expect(
      page.getByText('No token is kept for this profile any more. Enter it again.'),
    ).toBeVisible();
    await connection.testButton.click();
    await expect(
      page.getByText('No token is stored for this profile. Enter it again.'),
    ).toBeVisible();
    await connection.fill({ token: service.token });
    await connection.saveButton.click();
    await expect(connection.item('Travel')).not.toContainText('No token');
  });

  test('the token never reaches the page', async ({ page, service }) => {
    const connection = new ConnectionPage(page);
    // Every bridge answer passes through here and is read whole, so none is missed, even one that
    // arrives as the page reloads (the page's own copy of its body is gone then).
    const bodies: string[] = [];
    await page.route('**/bridge/**', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      bodies.push(body);
      await route.fulfill({ response, body });
    });
    await connection.add({
      name: 'Secret',
      baseUrl: service.baseUrl,
      token: service.token,
      storage: 'In a private file, not encrypted',
    });
    await connection.testButton.click();
    await expect(connection.result).toHaveAttribute('data-outcome', 'ok');
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await connection.item('Secret').click();
    await expect(connection.token).toHaveValue('');

    expect(await page.content()).not.toContain(service.token);
    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage, ...sessionStorage }) + document.cookie,
    );
    expect(storage).not.toContain(service.token);
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(body).not.toContain(service.token);
  });

  test('keyboard: Ctrl+N starts a new profile, arrows walk the list', async ({ page, service }) => {
    const connection = new ConnectionPage(page);
    await connection.add({ name: 'Alpha', baseUrl: service.baseUrl, token: service.token });
    await connection.add({ name: 'Bravo', baseUrl: service.baseUrl, token: service.token });
    await connection.item('Alpha').click();
    await connection.item('Alpha').focus();
    await page.keyboard.press('ArrowDown');
    await expect(connection.item('Bravo')).toHaveAttribute('aria-selected', 'true');
    await expect(connection.item('Bravo')).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Bravo' })).toBeVisible();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('heading', { name: 'Alpha' })).toBeVisible();
    await page.keyboard.press('Control+n');
    await expect(page.getByRole('heading', { name: 'New connection profile' })).toBeVisible();
    await expect(connection.name).toBeFocused();
  });
});

test.describe('sync scope', () => {
  test('a profile keeps what to sync offline: states, categories, review groups, assignee', async ({
    page,
    service,
  }) => {
    const connection = new ConnectionPage(page);
    await connection.fill({ name: 'Scoped', baseUrl: service.baseUrl, token: service.token });
    const scope = page.getByTestId('sync-scope');
    // The chips are labels around visually hidden checkboxes: people click the chip.
    for (const chip of ['New', 'Pending information', 'PEP']) {
      await scope.locator('label.chip', { hasText: new RegExp(`^${chip}$`) }).click();
    }
    await expect(scope.getByLabel('New', { exact: true })).toBeChecked();
    await scope.getByLabel('Review groups').fill('retail-eu; high-risk');
    await scope.getByLabel('Assigned to member').fill('7');
    await screenshot(page, 'connection-scope');
    await connection.saveButton.click();
    await expect(connection.notice).toContainText('Added “Scoped”.');
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await connection.item('Scoped').click();
    await expect(scope.getByLabel('New', { exact: true })).toBeChecked();
    await expect(scope.getByLabel('Pending information')).toBeChecked();
    await expect(scope.getByLabel('False positive')).not.toBeChecked();
    await expect(scope.getByLabel('PEP', { exact: true })).toBeChecked();
    await expect(scope.getByLabel('Review groups')).toHaveValue('retail-eu, high-risk');
    await expect(scope.getByLabel('Assigned to member')).toHaveValue('7');
  });
});
