import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { QueuePage } from './pages/queue-page';

// The local store holds what only CaseDesk knows: when it cannot be opened, every screen says so,
// nothing in it is touched, and reviewing goes on from the cache.
test.use({ tenantTokenStorage: 'weak' });

test('a damaged local store is reported above every screen and kept; review goes on from the cache', async ({
  page,
  app,
  tenant: _tenant,
}) => {
  const profiles = join(app.dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const localDb = join(profiles, profileId ?? '', 'local.db');
  const damaged = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080, 0x5a)]);
  await app.restart(() => writeFileSync(localDb, damaged));

  const notice = page.getByTestId('local-store-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('local store could not be opened');
  await expect(notice).toContainText(localDb);

  // Another screen: the notice is still there, and the cache still answers.
  const queue = new QueuePage(page);
  await queue.open();
  await expect(notice).toBeVisible();
  await expect(queue.rows.first()).toBeVisible();

  await page.getByTestId('local-store-keep-working').click();
  await expect(notice).toBeHidden();
  await expect(queue.rows.first()).toBeVisible();

  // Never replaced, moved or rebuilt.
  expect(readFileSync(localDb).equals(damaged)).toBe(true);
});
