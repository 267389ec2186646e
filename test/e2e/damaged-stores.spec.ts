import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { silentLogger } from '../../main/lib/logger';
import { openOutbox } from '../../main/outbox/outbox-store';
import { corruptPages, rootPageOf } from '../support/database-files';
import { expect, test } from './fixtures';
import { OutboxPage } from './pages/outbox-page';
import { QueuePage } from './pages/queue-page';

// Nothing is lost in silence: an outbox that cannot be read is kept, what can be read of it comes
// back into the Outbox held for the investigator; a damaged cache is set aside and rebuilt; every
// screen says what happened.
test.use({ tenantTokenStorage: 'weak' });

interface ServiceDocument {
  id: string;
  display_name: string;
  file_source: string;
}

test('a damaged outbox is reported above every screen; its changes come back held, to send or discard', async ({
  page,
  app,
  tenant,
}) => {
  const serviceDocuments = async () => {
    const reply = await tenant.service.call('POST', '/api/v1/customer_documents/search', {
      body: { filters: {}, limit: 100, offset: 0 },
    });
    expect(reply.status).toBe(200);
    return reply.json<{ documents: ServiceDocument[] }>().documents;
  };
  const [toRename, toDelete] = (await serviceDocuments()).filter(
    (document) => document.file_source === 'internal',
  );
  if (!toRename || !toDelete) throw new Error('the tenant has no two internal documents');

  const profiles = join(app.dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const outboxPath = join(profiles, profileId ?? '', 'outbox.db');
  let renameId = '';
  let deleteId = '';
  await app.restart(() => {
    // Two changes made offline, then the disk damages the outbox file.
    const outbox = openOutbox(outboxPath, silentLogger);
    renameId = outbox.enqueue({
      kind: 'document.update',
      id: toRename.id,
      display_name: 'Renamed while offline',
      label: toRename.display_name,
    }).id;
    deleteId = outbox.enqueue({
      kind: 'document.delete',
      id: toDelete.id,
      label: toDelete.display_name,
    }).id;
    outbox.close();
    corruptPages(outboxPath, [rootPageOf(outboxPath, 'outbox_by_state')]);
  });

  const notice = page.getByTestId('outbox-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The outbox could not be read');
  await expect(notice).toContainText('2 changes were recovered');
  // Named by its file only: the window is not told where the data folder is.
  await expect(notice).toContainText('beside it in this profile’s folder as outbox.db.unreadable-');
  await expect(notice).not.toContainText(app.dataDir);

  // Another screen: still said.
  const queue = new QueuePage(page);
  await queue.open();
  await expect(notice).toBeVisible();

  // To the Outbox from the notice, by the keyboard.
  await page.getByTestId('outbox-notice-open').focus();
  await page.keyboard.press('Enter');
  const outbox = new OutboxPage(page);
  await outbox.screen.waitFor();
  // The list is read after the screen shows: its rows, not the screen, say it is there.
  await expect(outbox.items).toHaveCount(2);
  expect(await outbox.states()).toEqual({ [renameId]: 'failed', [deleteId]: 'failed' });
  await expect(outbox.error(renameId)).toContainText('Recovered from a damaged outbox');
  await expect(outbox.error(deleteId)).toContainText('check, then send or discard');

  // Nothing went out on its own.
  const before = await serviceDocuments();
  expect(before.find((document) => document.id === toRename.id)?.display_name).toBe(
    toRename.display_name,
  );
  expect(before.some((document) => document.id === toDelete.id)).toBe(true);

  // The investigator sends one and discards the other.
  await outbox.retry(renameId).click();
  await expect(outbox.item(renameId)).toHaveAttribute('data-state', 'done');
  await outbox.discard(deleteId).click();
  await outbox.confirmButton('Discard').click();
  await expect(outbox.item(deleteId)).toHaveCount(0);
  const after = await serviceDocuments();
  expect(after.find((document) => document.id === toRename.id)?.display_name).toBe(
    'Renamed while offline',
  );
  expect(after.some((document) => document.id === toDelete.id)).toBe(true);
});

test('a cache of 0 bytes is set aside and said above every screen; a full sync rebuilds it on its own', async ({
  page,
  app,
  tenant: _tenant,
}) => {
  const profiles = join(app.dataDir, 'profiles');
  const [profileId] = readdirSync(profiles);
  const cacheDb = join(profiles, profileId ?? '', 'cache.db');
  await app.restart(() => {
    for (const suffix of ['-wal', '-shm']) rmSync(`${cacheDb}${suffix}`, { force: true });
    writeFileSync(cacheDb, '');
  });

  const notice = page.getByTestId('cache-notice');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('The offline cache was damaged (the file was empty)');
  await expect(notice).toContainText('deleted after 30 days');
  // The queue fills again from the service, with no sync asked for.
  const queue = new QueuePage(page);
  await queue.open();
  await expect(notice).toBeVisible();
  await expect(queue.rows.first()).toBeVisible({ timeout: 20_000 });
  expect(
    readdirSync(join(profiles, profileId ?? '')).some((name) =>
      /^cache\.db\.damaged-\d+$/.test(name),
    ),
  ).toBe(true);

  await page.getByTestId('cache-notice-dismiss').click();
  await expect(notice).toBeHidden();
});
