import { expect, screenshot, test } from './fixtures';

// Issue 13, "One bad record": what the sync set aside has a screen of its own, reached from the
// rail and by keyboard; a sandbox tenant sends only readable records, so it says so.
test.describe('records the service sent that CaseDesk could not read', () => {
  test('the screen is reached by keyboard and says every record could be read', async ({
    page,
    tenant,
  }) => {
    await tenant.sync();
    await page.locator('body').focus();
    await page.keyboard.press('g');
    await page.keyboard.press('u');
    const screen = page.getByTestId('unreadable-screen');
    await expect(screen).toBeVisible();
    await expect(
      screen.getByRole('heading', {
        name: 'Records the service sent that CaseDesk could not read',
      }),
    ).toBeVisible();
    await expect(page.getByTestId('unreadable-empty')).toContainText('Every record could be read');
    await expect(page.getByTestId('unreadable-export')).toBeDisabled();
    await screenshot(page, 'unreadable-empty');
  });
});
