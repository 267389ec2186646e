import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { AlertPage } from './pages/alert-page';
import { QueuePage } from './pages/queue-page';

// Odd records as the interface allows them (an unreadable date, a score of 250, a state of 99, a
// customer without names, a 10,000-character name, a name with a direction override), planted in
// the app's cache after a sync, as a service answering them would leave it.

const LONG_NAME = `Very long name ${'N'.repeat(10_000)}`;
const BIDI_NAME = 'invoice\u202Efdp.exe';

interface Planted {
  undated: { id: string; customer: string };
  oddState: { id: string };
  longName: { id: string; customer: string };
  bidiName: { id: string; customer: string };
}

function plantOddRecords(dataDir: string): Planted {
  const profiles = join(dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const db = new Database(join(profiles, profileId ?? '', 'cache.db'));
  try {
    // Four alerts of four different customers.
    const rows = db
      .prepare(
        `SELECT a.id, a.customer_external_id AS customer FROM alerts a
         JOIN customers c ON c.external_id = a.customer_external_id
         WHERE a.state IN (2, 3) GROUP BY a.customer_external_id ORDER BY a.id LIMIT 4`,
      )
      .all() as Array<{ id: string; customer: string }>;
    const [undated, oddState, longName, bidiName] = rows;
    if (!undated || !oddState || !longName || !bidiName) throw new Error('tenant too small');
    db.transaction(() => {
      db.prepare(
        `UPDATE alerts SET created_ms = 0, score = 250,
           raw = json_set(raw, '$.created_at', 'not a date', '$.last_revision.score', 250)
         WHERE id = ?`,
      ).run(undated.id);
      db.prepare(
        `UPDATE alerts SET state = 99, raw = json_set(raw, '$.last_revision.state', 99) WHERE id = ?`,
      ).run(oddState.id);
      const rename = db.prepare(
        `UPDATE customers SET name = ?, raw = json_set(raw, '$.first_name', ?, '$.middle_name', '',
           '$.last_name', '', '$.company_name', '', '$.trading_name', '')
         WHERE external_id = ?`,
      );
      rename.run('', '', undated.customer);
      rename.run(LONG_NAME, LONG_NAME, longName.customer);
      rename.run(BIDI_NAME, BIDI_NAME, bidiName.customer);
    })();
    return { undated, oddState, longName, bidiName };
  } finally {
    db.close();
  }
}

// Each test syncs a tenant first, which a loaded machine takes a while to do.
test.slow();

async function plantAndReload(page: Page, dataDir: string): Promise<Planted> {
  const planted = plantOddRecords(dataDir);
  await page.reload();
  await expect(page.locator('html[data-app-state="ready"]')).toBeAttached();
  return planted;
}

test('odd records are shown plainly: dates, scores, states, names', async ({
  page,
  app,
  tenant: _tenant,
}) => {
  const planted = await plantAndReload(page, app.dataDir);
  const queue = new QueuePage(page);
  await queue.open({}, { column: 'customerExternalId', direction: 'asc' });

  const row = (id: string) => page.locator(`[data-testid="queue-row"][data-alert-id="${id}"]`);
  const search = async (customer: string) =>
    queue.open({ customerExternalId: customer }, { column: 'createdAt', direction: 'asc' });

  await search(planted.undated.customer);
  const undated = row(planted.undated.id);
  // A customer whose names are all empty is named by its external id.
  await expect(undated.locator('.queue-col-customerName')).toHaveText(planted.undated.customer);
  await expect(undated.locator('.queue-col-customerName')).not.toContainText('Not cached yet');
  // An unreadable date is a dash with the value in the tooltip, never 1970.
  await expect(undated.locator('.queue-col-createdAt [data-unreadable-date]')).toHaveAttribute(
    'title',
    /Unreadable date/,
  );
  await expect(undated).not.toContainText('1970');
  // A score of 250 as received, flagged in words.
  await expect(undated.locator('.queue-col-score')).toContainText('250');
  await expect(undated.locator('.queue-col-score')).toContainText('outside 0–100');

  await search(planted.longName.customer);
  const long = row(planted.longName.id);
  const box = await long.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(80);
  await expect(long.locator('.queue-col-customerName bdi')).toHaveAttribute('title', LONG_NAME);

  await search(planted.bidiName.customer);
  const bidi = row(planted.bidiName.id).locator('.queue-col-customerName');
  await expect(bidi).toHaveText('invoiceRLOfdp.exe');
  await expect(bidi.locator('bdi')).toHaveAttribute('dir', 'auto');

  const alert = new AlertPage(page);
  await alert.open(planted.oddState.id);
  await expect(alert.state).toContainText('unknown state');
  await expect(alert.state).toContainText('99');

  await alert.open(planted.undated.id);
  await expect(page.getByTestId('alert-created')).toHaveAttribute('title', /"not a date"/);
  await expect(alert.screen).not.toContainText('1970');
  await expect(alert.score).toContainText('outside 0–100');
  await screenshot(page, 'odd-alert-undated');

  // A 10,000-character title is clamped and keeps clear of the buttons beside it.
  await alert.open(planted.longName.id);
  const title = page.getByTestId('alert-title');
  await expect(title).toHaveAttribute('title', LONG_NAME);
  const titleBox = await page.locator('.screen-titles').boundingBox();
  const actionsBox = await page.locator('.screen-actions').boundingBox();
  expect(titleBox && actionsBox).toBeTruthy();
  expect((titleBox?.x ?? 0) + (titleBox?.width ?? 0)).toBeLessThanOrEqual(actionsBox?.x ?? 0);
  expect(titleBox?.height ?? 0).toBeLessThan(200);
  await screenshot(page, 'odd-alert-long-name');

  await page.evaluate((id) => {
    location.hash = `#/customer/${encodeURIComponent(id)}`;
  }, planted.longName.customer);
  await expect(page.getByTestId('customer-screen')).toBeVisible();
  expect((await page.locator('.screen-head').boundingBox())?.height ?? 0).toBeLessThan(220);
  // The 10,000-character first name in the identity facts: clamped too, the whole in its tooltip.
  const firstName = page.locator('[data-testid="identity-field"][data-key="first_name"]');
  expect((await firstName.boundingBox())?.height ?? 0).toBeLessThan(150);
  await expect(firstName.locator('bdi')).toHaveAttribute('title', LONG_NAME);
  await screenshot(page, 'odd-customer-long-name');

  await page.evaluate(() => {
    location.hash = '#/dashboard';
  });
  await expect(page.getByTestId('open-age-undated')).toHaveText(
    '1 alert has no readable creation date and is in no age bucket.',
  );
  const states = page.getByTestId('chart-states');
  await expect(states.locator('button[data-key="other"]')).toHaveAttribute('data-count', '1');
  await expect(states.locator('button[data-key="other"]')).toContainText('unknown state 99');
  await expect(
    page.getByTestId('chart-scores').locator('button[data-key="other"]'),
  ).toHaveAttribute('data-count', '1');
  await screenshot(page, 'odd-dashboard');
});

test('a screen that fails says what failed, keeps the app usable and reloads from the keyboard', async ({
  page,
  tenant: _tenant,
}) => {
  // Any render error will do: date formatting that throws makes the queue fail as it draws rows.
  await page.evaluate(() => {
    const proto = Intl.DateTimeFormat.prototype;
    const original = Object.getOwnPropertyDescriptor(proto, 'format');
    (window as unknown as { restoreFormat: () => void }).restoreFormat = () => {
      if (original) Object.defineProperty(proto, 'format', original);
    };
    Object.defineProperty(proto, 'format', {
      configurable: true,
      get: () => () => {
        throw new Error('Date formatting broke');
      },
    });
  });
  await page.evaluate(() => {
    location.hash = '#/queue';
  });
  const failed = page.getByTestId('screen-failed');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('The queue screen failed');
  await expect(page.getByTestId('screen-failed-message')).toHaveText('Date formatting broke');
  await screenshot(page, 'screen-failed');

  // The rail still leads elsewhere, and back.
  await page
    .locator('.nav-rail')
    .getByRole('link', { name: /Outbox/ })
    .click();
  await expect(page.getByTestId('outbox-screen')).toBeVisible();
  await page
    .locator('.nav-rail')
    .getByRole('link', { name: /Alert queue/ })
    .click();
  await expect(failed).toBeVisible();

  await page.evaluate(() => (window as unknown as { restoreFormat: () => void }).restoreFormat());
  const reload = page.getByRole('button', { name: 'Reload this screen' });
  await reload.focus();
  await page.keyboard.press('Enter');
  await expect(failed).toBeHidden();
  await expect(page.locator('[data-testid="queue-row"]').first()).toBeVisible();
});
