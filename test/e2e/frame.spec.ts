import { expect, screenshot, test } from './fixtures';

test.describe('the app frame', () => {
  test('every screen is one click or two keys away, and Back returns', async ({ page, tenant }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    const current = page.locator('.nav-item[aria-current="page"]');
    await expect(current).toHaveText(/Dashboard/);

    const go = async (key: string, label: RegExp, hash: RegExp) => {
      await page.keyboard.press('g');
      await page.keyboard.press(key);
      await expect(current).toHaveText(label);
      await expect.poll(() => page.evaluate(() => window.location.hash)).toMatch(hash);
      // Focus moves into the new screen (its heading, or the queue's table), so keys act there.
      await expect
        .poll(() =>
          page.evaluate(() =>
            Boolean(document.activeElement?.closest('.screen, [data-testid="connection-screen"]')),
          ),
        )
        .toBe(true);
    };
    await go('q', /Alert queue/, /^#\/queue/);
    await go('t', /Threads/, /^#\/threads$/);
    await go('p', /Connection/, /^#\/connection$/);
    await go('d', /Dashboard/, /^#\/dashboard$/);

    await page.keyboard.press('Alt+ArrowLeft');
    await expect(current).toHaveText(/Connection/);
    await page.goBack();
    await expect(current).toHaveText(/Threads/);

    await page.getByTestId('nav-queue').click();
    await expect(current).toHaveText(/Alert queue/);
  });

  test('? shows the shortcuts that work on the current screen', async ({ page, tenant }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    await page.keyboard.press('?');
    const sheet = page.getByTestId('shortcut-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Go to the alert queue');
    await expect(sheet).toContainText('Search');
    await screenshot(page, 'shortcut-sheet');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The sheet follows the screen: the queue adds its own keys.
    await page.getByTestId('nav-queue').click();
    await page.getByTestId('open-shortcuts').click();
    await expect(sheet).toContainText(/Queue/i);
    await page.keyboard.press('Escape');
  });

  test('while a dialog is open, the screen behind it takes no keys', async ({ page, tenant }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    await page.getByTestId('nav-queue').click();
    const first = page.getByTestId('queue-row').first();
    const alertId = await first.getAttribute('data-alert-id');
    await first.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/alert/${alertId}`);
    // Escape belongs to the shortcut sheet (closing it), not to the alert (back to the queue).
    await page.keyboard.press('?');
    await expect(page.getByTestId('shortcut-sheet')).toBeVisible();
    await page.keyboard.press('c');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('shortcut-sheet')).toBeHidden();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/alert/${alertId}`);
  });

  test('Enter on a sort button sorts; it does not open an alert', async ({ page, tenant }) => {
    expect(tenant.service.sandbox.baseUrl).toMatch(/^http/);
    await page.getByTestId('nav-queue').click();
    await expect(page.getByTestId('queue-row').first()).toBeVisible();
    await page.getByTestId('sort-score').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).toMatch(/^#\/queue\?.*sort=score/);
  });

  test('without a profile, CaseDesk opens on the connection screen', async ({ page }) => {
    await expect(page.getByTestId('connection-screen')).toBeVisible();
    await expect(page.locator('.nav-item[aria-current="page"]')).toHaveText(/Connection/);
  });
});
