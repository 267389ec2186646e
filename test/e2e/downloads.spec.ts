import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type {
  AttachmentView,
  OutboxItemView,
  ProfileSettings,
  ThreadPage,
  ThreadView,
} from '../../preload/contract';
import { makeTempDir } from '../support/temp-dir';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { DownloadsPage } from './pages/downloads-page';

// Safe downloads through the browser host: the folder is asked for once, warnings come before
// anything is saved, an external document's address is shown and never followed, and a saved
// file is shown by its path (never opened).

interface ServiceDocument {
  id: string;
  customer_external_id: string;
  display_name: string;
  file_name: string;
  file_source: string;
  file_url: string;
}

async function serviceDocuments(tenant: Tenant, filters: Record<string, unknown> = {}) {
  const reply = await tenant.service.call('POST', '/api/v1/customer_documents/search', {
    body: { filters, limit: 200, offset: 0 },
  });
  expect(reply.status).toBe(200);
  return reply.json<{ documents: ServiceDocument[] }>().documents;
}

/** The documents screen, filtered to one customer: the row of a document, with its Download button. */
async function documentRow(page: Page, document: ServiceDocument) {
  await page.evaluate((customer) => {
    const filter = JSON.stringify({ customerExternalId: customer });
    location.hash = `#/documents?${new URLSearchParams({ filter }).toString()}`;
  }, document.customer_external_id);
  const row = page.locator(`[data-document-id="${document.id}"]`);
  await row.waitFor();
  return row;
}

/** The cached threads' attachments, with the thread each is in. */
async function cachedAttachments(page: Page) {
  const threads = await bridge<ThreadPage>(page, 'threads.list', { limit: 200 });
  const found: Array<{ threadId: string; attachment: AttachmentView }> = [];
  for (const row of threads.rows) {
    const view = await bridge<ThreadView | null>(page, 'threads.get', { id: row.id });
    if (!view) continue;
    for (const attachment of [
      ...view.messages.flatMap((message) => message.attachments),
      ...view.attachments,
    ])
      found.push({ threadId: row.id, attachment });
  }
  return found;
}

const filesIn = (folder: string) => readdirSync(folder).filter((name) => !name.startsWith('.'));

test('a document is saved into the folder typed in the folder dialog, with the service’s bytes', async ({
  page,
  tenant,
}) => {
  const folder = makeTempDir('casedesk-downloads-');
  try {
    const document = (await serviceDocuments(tenant)).find(
      (candidate) =>
        candidate.file_source === 'internal' &&
        /\.(pdf|png|jpe?g|csv|txt)$/i.test(candidate.file_name),
    );
    if (!document) throw new Error('the tenant has no internal document to download');
    const downloads = new DownloadsPage(page);
    const row = await documentRow(page, document);

    // No folder yet: the first download asks for one, offering the suggested folder.
    await downloads.buttonOf(row).click();
    await expect(downloads.folderDialog).toBeVisible();
    await expect(downloads.folderPath).not.toHaveValue('');
    await expect(downloads.folderPath).toBeFocused();
    // A folder that is not there is refused beside the field; nothing is lost.
    await downloads.folderPath.fill(join(folder.path, 'not-there'));
    await downloads.folderSave.click();
    await expect(downloads.folderDialogError).toHaveText('This folder does not exist.');
    await downloads.folderPath.fill(folder.path);
    await downloads.folderPath.press('Enter');
    await expect(downloads.folderDialog).toHaveCount(0);

    await expect(downloads.buttonOf(row)).toHaveAttribute('data-download-state', 'saved', {
      timeout: 30_000,
    });
    const expected = await tenant.service.call(
      'GET',
      `/api/v1/customer_documents/${document.id}/download`,
    );
    expect(expected.status).toBe(200);

    // The tray: the saved file, shown by its path in the browser host (it cannot open a file manager).
    await downloads.openTray();
    const item = downloads.itemOf(document.id);
    await expect(item).toHaveAttribute('data-state', 'saved');
    await expect(item).toContainText('Saved');
    await screenshot(page, 'downloads-tray');
    await item.getByTestId('download-show-in-folder').click();
    const shown = item.getByTestId('download-path');
    await expect(shown).toContainText(folder.path);
    const path = (await shown.innerText()).trim();
    expect(filesIn(folder.path)).toHaveLength(1);
    expect(readFileSync(path).equals(Buffer.from(expected.bytes))).toBe(true);

    // Escape closes the tray, and the keyboard is back on its button.
    await page.keyboard.press('Escape');
    await expect(downloads.panel).toHaveCount(0);
    await expect(downloads.trayButton).toBeFocused();

    // Downloading again keeps the first file and saves another beside it.
    await downloads.buttonOf(row).click();
    await expect.poll(() => filesIn(folder.path).length, { timeout: 30_000 }).toBe(2);
    expect(readFileSync(path).equals(Buffer.from(expected.bytes))).toBe(true);
  } finally {
    folder.remove();
  }
});

test('the file settings keep the download folder and the upload limit, with clear errors', async ({
  page,
  tenant: _tenant,
}) => {
  const folder = makeTempDir('casedesk-downloads-');
  try {
    const downloads = new DownloadsPage(page);
    await page.getByTestId('nav-connection').click();
    await expect(downloads.settings).toBeVisible();
    await expect(downloads.settingsFolder).toHaveValue('');

    await downloads.settingsFolder.fill('relative/folder');
    await downloads.settingsLimit.fill('0');
    await downloads.settingsSave.click();
    await expect(downloads.settings.locator('.field-error')).toHaveText(/from 1 to 10240/);
    await downloads.settingsLimit.fill('250');
    await downloads.settingsSave.click();
    await expect(downloads.settings.locator('.field-error')).toHaveText(
      'Give the full path of the folder, e.g. /home/you/Downloads.',
    );

    await downloads.settingsFolder.fill(folder.path);
    await downloads.settingsSave.click();
    await expect(page.getByTestId('settings-flash')).toHaveText('The file settings were saved.');
    const saved = await bridge<ProfileSettings>(page, 'settings.get');
    expect(saved.downloadFolder).toBe(folder.path);
    expect(saved.maxUploadMb).toBe(250);
    await screenshot(page, 'file-settings');

    await downloads.settingsClear.click();
    await expect(downloads.settingsFolder).toHaveValue('');
    expect((await bridge<ProfileSettings>(page, 'settings.get')).downloadFolder).toBeNull();
  } finally {
    folder.remove();
  }
});

test('an attachment marked dangerous is saved only after the warning and “Save anyway”', async ({
  page,
  tenant,
}) => {
  const folder = makeTempDir('casedesk-downloads-');
  try {
    await bridge(page, 'settings.save', { downloadFolder: folder.path });
    const attachments = await cachedAttachments(page);
    const dangerous = attachments.find((entry) => entry.attachment.safety === 'dangerous');
    const unverified = attachments.find((entry) => entry.attachment.safety === 'unverified');
    if (!dangerous || !unverified)
      throw new Error('the tenant lacks a dangerous or unverified attachment');
    const downloads = new DownloadsPage(page);

    // Unverified: said plainly, and Cancel saves nothing.
    await page.evaluate((id) => {
      location.hash = `#/thread/${encodeURIComponent(id)}`;
    }, unverified.threadId);
    const unverifiedCard = page
      .locator(`[data-testid="attachment"][data-attachment-id="${unverified.attachment.id}"]`)
      .first();
    await downloads.buttonOf(unverifiedCard).click();
    await expect(downloads.warning).toContainText(
      'This attachment has not been checked for malware',
    );
    await expect(downloads.warningCancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(downloads.warning).toHaveCount(0);
    await expect(downloads.buttonOf(unverifiedCard)).toBeFocused();

    // Dangerous: warned, cancelled, nothing saved; then saved after "Save anyway".
    await page.evaluate((id) => {
      location.hash = `#/thread/${encodeURIComponent(id)}`;
    }, dangerous.threadId);
    const card = page
      .locator(`[data-testid="attachment"][data-attachment-id="${dangerous.attachment.id}"]`)
      .first();
    await expect(card.getByTestId('attachment-safety')).toHaveText('Marked dangerous');
    await downloads.buttonOf(card).click();
    await expect(downloads.warning).toContainText(
      'The service marked this attachment as dangerous',
    );
    await expect(downloads.warning.getByTestId('download-file-name')).toHaveText(
      dangerous.attachment.fileName,
    );
    await expect(downloads.warningCancel).toBeFocused();
    await screenshot(page, 'download-warning');
    await downloads.warningCancel.click();
    await expect(downloads.warning).toHaveCount(0);
    expect(filesIn(folder.path)).toEqual([]);

    await downloads.buttonOf(card).click();
    await downloads.saveAnyway.click();
    await expect(downloads.buttonOf(card)).toHaveAttribute('data-download-state', 'saved', {
      timeout: 30_000,
    });
    const expected = await tenant.service.call(
      'GET',
      `/api/v1/chat/attachment/${dangerous.attachment.id}`,
    );
    expect(expected.status).toBe(200);
    const saved = filesIn(folder.path);
    expect(saved).toHaveLength(1);
    expect(
      readFileSync(join(folder.path, saved[0] ?? '')).equals(Buffer.from(expected.bytes)),
    ).toBe(true);
  } finally {
    folder.remove();
  }
});

test('an external document shows its address and the app does not follow it', async ({
  page,
  tenant,
}) => {
  const folder = makeTempDir('casedesk-downloads-');
  try {
    await bridge(page, 'settings.save', { downloadFolder: folder.path });
    const external = (await serviceDocuments(tenant)).find(
      (document) => document.file_source === 'external',
    );
    if (!external) throw new Error('the tenant has no external document');
    const downloads = new DownloadsPage(page);
    const row = await documentRow(page, external);
    const address = page.url();

    await downloads.buttonOf(row).click();
    await expect(downloads.external).toBeVisible();
    await expect(downloads.externalUrl).toHaveText(external.file_url);
    // The sandbox's addresses are http: they can be copied, not handed to the browser.
    await expect(downloads.externalOpen).toHaveCount(0);
    await expect(downloads.externalCopy).toBeVisible();
    await expect(downloads.externalClose).toBeFocused();
    await screenshot(page, 'download-external');
    await downloads.externalClose.click();
    await expect(downloads.external).toHaveCount(0);
    expect(page.url()).toBe(address);
    expect(page.context().pages()).toHaveLength(1);
    expect(filesIn(folder.path)).toEqual([]);

    // An https address is offered to the system browser (here: a new tab), never opened in the app.
    const url = `https://files.example.com/kyc/${randomUUID()}.pdf`;
    await page
      .context()
      .route('https://files.example.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/plain', body: 'held elsewhere' }),
      );
    const filed = await bridge<OutboxItemView>(page, 'uploads.file', {
      requestId: randomUUID(),
      customerExternalId: external.customer_external_id,
      displayName: `Held elsewhere ${url.slice(-12)}`,
      fileName: 'held-elsewhere.pdf',
      source: { kind: 'external', url, size: 1234 },
    });
    await expect
      .poll(async () => {
        const items = await bridge<OutboxItemView[]>(page, 'outbox.list');
        return items.find((item) => item.id === filed.id)?.state;
      })
      .toBe('done');
    await tenant.sync();
    const [held] = (
      await serviceDocuments(tenant, { customer_external_id: external.customer_external_id })
    ).filter((document) => document.file_url === url);
    if (!held) throw new Error('the external document was not filed');
    const heldRow = await documentRow(page, held);
    await downloads.buttonOf(heldRow).click();
    await expect(downloads.externalUrl).toHaveText(url);
    const before = page.url();
    const popup = page.waitForEvent('popup');
    await downloads.externalOpen.click();
    expect((await popup).url()).toBe(url);
    await expect(downloads.external).toHaveCount(0);
    expect(page.url()).toBe(before);
    expect(filesIn(folder.path)).toEqual([]);
  } finally {
    folder.remove();
  }
});
