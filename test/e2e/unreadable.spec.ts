import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, screenshot, test } from './fixtures';

const MARKUP = '<img src=x onerror=alert(1)>';
const SET_ASIDE = {
  operation: 'alerts.search',
  reason: 'the alert id is empty',
  raw: JSON.stringify({ id: '', score: 55.5, state: 99, note: MARKUP }),
};

/** A record in the app's cache as the sync sets one aside, written straight into cache.db. */
function plantUnreadable(dataDir: string): void {
  const profiles = join(dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const db = new Database(join(profiles, profileId ?? '', 'cache.db'));
  try {
    const now = Date.now();
    db.prepare(
      `INSERT INTO unreadable_records
         (operation, digest, raw, reason, first_seen_ms, last_seen_ms, times_seen)
       VALUES (?, ?, ?, ?, ?, ?, 3)`,
    ).run(SET_ASIDE.operation, 'e2e-digest', SET_ASIDE.raw, SET_ASIDE.reason, now - 60_000, now);
  } finally {
    db.close();
  }
}

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

  test('a record set aside is listed with its operation, reason and raw JSON as text, and exported', async ({
    page,
    app,
    tenant,
  }) => {
    await tenant.sync();
    plantUnreadable(app.dataDir);
    await page.reload();
    await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
    await page.evaluate(() => {
      location.hash = '#/unreadable';
    });
    const item = page.getByTestId('unreadable-item');
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('unreadable-operation')).toHaveText(SET_ASIDE.operation);
    await expect(item.getByTestId('unreadable-reason')).toHaveText(SET_ASIDE.reason);
    await expect(item).toContainText('sent 3 times');
    // The raw record is text: its markup shows as written and makes no element.
    const raw = item.getByTestId('unreadable-raw');
    await expect(raw).toContainText(`"note": "${MARKUP}"`);
    await expect(raw).toContainText('"state": 99');
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    await screenshot(page, 'unreadable-filled');

    const exportButton = page.getByTestId('unreadable-export');
    await expect(exportButton).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), exportButton.click()]);
    expect(download.suggestedFilename()).toBe('unreadable-records.json');
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as unknown;
    expect(exported).toEqual([
      expect.objectContaining({
        operation: SET_ASIDE.operation,
        reason: SET_ASIDE.reason,
        times_seen: 3,
        record: JSON.parse(SET_ASIDE.raw) as unknown,
      }),
    ]);
  });
});
