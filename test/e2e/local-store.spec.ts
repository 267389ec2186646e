import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeNewerDatabase } from '../support/database-files';
import { expect, test } from './fixtures';
import { QueuePage } from './pages/queue-page';

// The local store holds what only CaseDesk knows: a damaged one is kept aside and what can be read
// of it recovered; one written by a newer CaseDesk is left untouched. Every screen says what
// happened, and reviewing goes on from the cache.
test.use({ tenantTokenStorage: 'weak' });

test('a damaged local store is kept aside, its records recovered, and said above every screen; review goes on', async ({
  page,
  app,
  tenant: _tenant,
}) => {
  const profiles = join(app.dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const folder = join(profiles, profileId ?? '');
  const localDb = join(folder, 'local.db');
  const damaged = Buffer.concat([Buffer.from('SQLite format 3\0'), Buffer.alloc(4080, 0x5a)]);
  await app.restart(() => writeFileSync(localDb, damaged));

  const notice = page.getByTestId('local-store-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The local store could not be read');
  await expect(notice).toContainText('beside it in this profile’s folder as local.db.unreadable-');
  await expect(notice).toContainText('The damaged copy is kept');
  await expect(notice).not.toContainText(app.dataDir);

  // Another screen: the notice is still there, and the cache still answers.
  const queue = new QueuePage(page);
  await queue.open();
  await expect(notice).toBeVisible();
  await expect(queue.rows.first()).toBeVisible();

  await page.getByTestId('local-store-keep-working').click();
  await expect(notice).toBeHidden();
  await expect(queue.rows.first()).toBeVisible();

  // The damaged copy is kept byte for byte beside the new store, never deleted.
  const kept = readdirSync(folder).filter((name) => /^local\.db\.unreadable-\d+$/.test(name));
  expect(kept).toHaveLength(1);
  expect(readFileSync(join(folder, kept[0] ?? '')).equals(damaged)).toBe(true);
});

test('a local store written by a newer CaseDesk is reported and left untouched; review goes on from the cache', async ({
  page,
  app,
  tenant: _tenant,
}) => {
  const profiles = join(app.dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const localDb = join(profiles, profileId ?? '', 'local.db');
  let before = Buffer.alloc(0);
  await app.restart(() => {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${localDb}${suffix}`, { force: true });
    writeNewerDatabase(localDb, 99);
    before = readFileSync(localDb);
  });

  const notice = page.getByTestId('local-store-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(
    'local store (local.db in this profile’s folder) could not be opened',
  );
  await expect(notice).toContainText('newer CaseDesk');
  await expect(notice).not.toContainText(app.dataDir);
  const queue = new QueuePage(page);
  await queue.open();
  await expect(queue.rows.first()).toBeVisible();

  // Never replaced, moved or rebuilt.
  expect(readFileSync(localDb).equals(before)).toBe(true);
});
