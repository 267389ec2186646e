import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { DocumentSearchPage, DownloadView } from '../../preload/contract';
import { makeTempDir } from '../support/temp-dir';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { CustomerPage } from './pages/customer-page';
import { DocumentsPage, type FileToDrop } from './pages/documents-page';

interface ServiceDocument {
  id: string;
  file_url: string;
  file_source: string;
  customer_external_id: string;
  display_name: string;
  file_name: string;
  file_type: string;
  file_size: number;
  created_at: number;
  tags: string[] | null;
}

const SEARCH = '/api/v1/customer_documents/search';

async function serviceSearch(
  tenant: Tenant,
  filters: Record<string, unknown>,
  limit = 100,
): Promise<{ documents: ServiceDocument[]; total: number }> {
  const response = await tenant.service.call('POST', SEARCH, { body: { filters, limit } });
  expect(response.status).toBe(200);
  return response.json<{ documents: ServiceDocument[]; total: number }>();
}

/** Customers the app has synced (those of the alerts), through the service. */
async function syncedCustomers(tenant: Tenant): Promise<string[]> {
  const alerts = await tenant.service.call('POST', '/api/v1/alerts/search', {
    body: { limit: 200 },
  });
  return [
    ...new Set(
      alerts
        .json<{ data: Array<{ customer_external_id: string }> }>()
        .data.map((alert) => alert.customer_external_id),
    ),
  ];
}

/** A synced customer with documents, one of which has tags: what the filters can find. */
async function customerWithTaggedDocument(
  tenant: Tenant,
): Promise<{ externalId: string; document: ServiceDocument }> {
  for (const externalId of await syncedCustomers(tenant)) {
    const { documents } = await serviceSearch(tenant, { customer_external_id: externalId });
    const document = documents.find(
      (candidate) => (candidate.tags?.length ?? 0) > 0 && candidate.display_name.length >= 4,
    );
    if (document) return { externalId, document };
  }
  throw new Error('no synced customer has a tagged document');
}

/** Bytes that look like a PDF and are different every run. */
function pdfBytes(size: number): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size)]);
}

test.describe('documents', () => {
  test('files dropped on a customer reach the service and the cache, and download as the same bytes', async ({
    page,
    tenant,
  }) => {
    const [externalId] = await syncedCustomers(tenant);
    if (!externalId) throw new Error('the tenant has no synced customer');
    const customerPage = new CustomerPage(page);
    const documents = new DocumentsPage(page);
    await customerPage.open(externalId);
    // "Customer" is the title while the record loads; its name follows.
    await expect(customerPage.externalId).toHaveText(externalId);
    const name = (await customerPage.title.textContent()) ?? '';

    // Dropped anywhere on the customer (here: its overview), the form opens on the documents tab.
    const scan: FileToDrop = {
      name: 'passport-scan.pdf',
      mimeType: 'application/pdf',
      bytes: pdfBytes(48 * 1024),
    };
    const drag = await documents.dragOver(documents.customerDropTarget, [scan]);
    await expect(documents.dropOverlay).toContainText(`Drop to file on ${name}`);
    await screenshot(page, 'documents-drop-overlay');
    await drag.drop();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(customerPage.tab('documents')).toHaveAttribute('aria-selected', 'true');
    const item = documents.uploadItem(scan.name);
    await expect(item).toBeVisible();
    await expect(documents.uploadPanel).toContainText(`File on ${name}`);
    await expect(item.getByTestId('upload-display-name')).toHaveValue('passport-scan');
    await expect(item.getByTestId('upload-size')).toHaveText('48 KB');

    // The form: a display name and two tags (one typed with a comma, one with Enter).
    await item.getByTestId('upload-display-name').fill('Passport scan (e2e)');
    const tags = item.getByTestId('upload-tags-input');
    await tags.fill('kyc,');
    await tags.fill('passport-e2e');
    await tags.press('Enter');
    await expect(item.getByTestId('tag-chip')).toHaveText(['kyc×', 'passport-e2e×']);
    await expect(documents.fileAll).toHaveText('File 1 document');
    await documents.fileAll.click();
    await expect(item).toHaveAttribute('data-stage', 'done', { timeout: 30_000 });
    await expect(item.getByTestId('upload-status')).toContainText('Filed');

    // In the service, as filed.
    const inService = await serviceSearch(tenant, {
      customer_external_id: externalId,
      file_name: scan.name,
    });
    expect(inService.documents).toHaveLength(1);
    const filed = inService.documents[0];
    if (!filed) throw new Error('unreachable');
    expect(filed.display_name).toBe('Passport scan (e2e)');
    expect(filed.file_size).toBe(scan.bytes.length);
    expect([...(filed.tags ?? [])].sort()).toEqual(['kyc', 'passport-e2e']);

    // In the cache: the customer's list shows it, not pending.
    const row = documents.row(filed.id);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('document-name')).toHaveText('Passport scan (e2e)');
    await expect(row).not.toHaveAttribute('data-pending', /.+/);
    await expect(documents.pendingUploads).toHaveCount(0);
    await screenshot(page, 'customer-documents');

    // Its download is the same bytes.
    const folder = makeTempDir('casedesk-e2e-downloads-');
    try {
      await bridge(page, 'settings.save', { downloadFolder: folder.path });
      await row.getByTestId('download-button').click();
      let saved: DownloadView | undefined;
      await expect
        .poll(
          async () => {
            const list = await bridge<DownloadView[]>(page, 'downloads.list');
            saved = list.find((download) => download.target.id === filed.id);
            return saved?.state;
          },
          { timeout: 30_000 },
        )
        .toBe('saved');
      expect(saved?.path?.startsWith(folder.path)).toBe(true);
      expect(readFileSync(saved?.path ?? '').equals(scan.bytes)).toBe(true);
    } finally {
      folder.remove();
    }
  });

  test('a document’s display name and tags are edited, and it is deleted after a confirmation', async ({
    page,
    tenant,
  }) => {
    const { externalId, document } = await customerWithTaggedDocument(tenant);
    const documents = new DocumentsPage(page);
    await documents.open({ customerExternalId: externalId });
    const row = documents.row(document.id);
    await expect(row).toBeVisible();

    // Select the row, then `e` edits it.
    await row.getByTestId('document-name').click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('e');
    await expect(documents.editDialog).toBeVisible();
    await expect(documents.editDisplayName).toHaveValue(document.display_name);
    const [firstTag, ...otherTags] = document.tags ?? [];
    await documents.editDisplayName.fill('Renamed by the e2e test');
    await documents.editDialog.getByRole('button', { name: `Remove tag ${firstTag}` }).click();
    await documents.editTagInput.fill('reviewed-e2e');
    await documents.editTagInput.press('Enter');
    await screenshot(page, 'documents-edit-dialog');
    await documents.editSave.click();
    await expect(documents.editDialog).toBeHidden();

    // Round trip: the service has it, and the list shows it, no longer pending.
    const newTags = [...otherTags, 'reviewed-e2e'].sort();
    await expect
      .poll(async () => {
        const { documents: found } = await serviceSearch(tenant, {
          customer_external_id: externalId,
          file_name: document.file_name,
        });
        const current = found.find((candidate) => candidate.id === document.id);
        return current && { name: current.display_name, tags: [...(current.tags ?? [])].sort() };
      })
      .toEqual({ name: 'Renamed by the e2e test', tags: newTags });
    await expect(row.getByTestId('document-name')).toHaveText('Renamed by the e2e test');
    await expect(row).not.toHaveAttribute('data-pending', /.+/);
    for (const tag of newTags) await expect(row.getByTestId('document-tags')).toContainText(tag);
    await expect(row.getByTestId('document-tags')).not.toContainText(firstTag ?? '');

    // Delete asks first, naming the document; Cancel keeps it.
    await row.getByTestId('document-delete').click();
    await expect(documents.confirmDialog).toBeVisible();
    await expect(documents.confirmDialog).toContainText('Renamed by the e2e test');
    await documents.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(documents.confirmDialog).toBeHidden();
    await expect(row).toBeVisible();

    // The Delete key on the selected row, then confirm.
    await row.getByTestId('document-name').click();
    await page.keyboard.press('Delete');
    await expect(documents.confirmDialog).toBeVisible();
    await documents.confirmDialog.getByRole('button', { name: 'Delete document' }).click();
    await expect(row).toHaveCount(0, { timeout: 30_000 });
    const { documents: left } = await serviceSearch(tenant, { customer_external_id: externalId });
    expect(left.map((candidate) => candidate.id)).not.toContain(document.id);
  });

  test('of two files dropped at once, the one over the limit is refused before sending and the other is filed', async ({
    page,
    tenant,
  }) => {
    const [externalId] = await syncedCustomers(tenant);
    if (!externalId) throw new Error('the tenant has no synced customer');
    await bridge(page, 'settings.save', { maxUploadMb: 1 });
    const documents = new DocumentsPage(page);
    // The customer filter names where dropped files go.
    await documents.open({ customerExternalId: externalId });
    const small: FileToDrop = {
      name: 'statement-note.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(`Bank statement reviewed ${new Date().toISOString()}\n`.repeat(40)),
    };
    const big: FileToDrop = {
      name: 'annual-report-scan.pdf',
      mimeType: 'application/pdf',
      bytes: pdfBytes(2 * 1024 * 1024),
    };
    await documents.drop(documents.dropTarget, [small, big]);

    const refused = documents.uploadItem(big.name);
    await expect(refused.getByTestId('upload-problem')).toContainText(
      'Too large: 2.0 MB, over this profile’s limit of 1.0 MB. Nothing was sent',
    );
    const accepted = documents.uploadItem(small.name);
    await expect(accepted.getByTestId('upload-customer')).toHaveValue(externalId);
    await expect(accepted.getByTestId('upload-display-name')).toHaveValue('statement-note');
    await expect(documents.fileAll).toHaveText('File 1 document');
    await screenshot(page, 'documents-upload-form');

    await documents.fileAll.click();
    await expect(accepted).toHaveAttribute('data-stage', 'done', { timeout: 30_000 });
    await expect(refused).toHaveAttribute('data-stage', 'draft');
    // Nothing is left to file: the button goes.
    await expect(documents.fileAll).toHaveCount(0);

    const { documents: filed } = await serviceSearch(tenant, { customer_external_id: externalId });
    expect(filed.map((document) => document.file_name)).toContain(small.name);
    expect(filed.map((document) => document.file_name)).not.toContain(big.name);
    await expect(documents.rowsByFile(small.name)).toHaveCount(1);

    // The refused file leaves the list when removed.
    await refused.getByTestId('upload-remove').click();
    await expect(refused).toHaveCount(0);
  });

  test('a dropped file whose name hides its type behind a bidirectional override is shown and filed as it really is', async ({
    page,
    tenant,
  }) => {
    const [externalId] = await syncedCustomers(tenant);
    if (!externalId) throw new Error('the tenant has no synced customer');
    const documents = new DocumentsPage(page);
    await documents.open({ customerExternalId: externalId });
    // Honoured, the override makes "invoice‮fdp.exe" read as "invoiceexe.pdf".
    const disguised: FileToDrop = {
      name: `invoice-${Date.now()}\u202Efdp.exe`,
      mimeType: 'application/octet-stream',
      bytes: Buffer.from('MZ not a pdf'),
    };
    const shown = disguised.name.replace('\u202E', '');
    await documents.drop(documents.dropTarget, [disguised]);
    const item = documents.uploadItem(disguised.name);
    const name = item.getByTestId('upload-file-name');
    await expect(name).toHaveText(shown);
    // Isolated from the text around it.
    expect(await name.evaluate((element) => element.tagName)).toBe('BDI');
    await expect(name).toHaveAttribute('dir', 'auto');
    await expect(item.getByTestId('upload-display-name')).toHaveValue(shown.replace(/\.exe$/, ''));

    await documents.fileAll.click();
    await expect(item).toHaveAttribute('data-stage', 'done', { timeout: 30_000 });
    const { documents: filed } = await serviceSearch(tenant, { customer_external_id: externalId });
    expect(filed.map((document) => document.file_name)).toContain(shown);
    expect(filed.map((document) => document.file_name)).not.toContain(disguised.name);
  });

  test('filters find a document by part of its name, its type and a tag; pages move through the list', async ({
    page,
    tenant,
  }) => {
    const { externalId, document } = await customerWithTaggedDocument(tenant);
    const part = document.display_name.slice(1, 4).toUpperCase();
    const tag = document.tags?.[0] ?? '';
    const documents = new DocumentsPage(page);
    await documents.open();
    await expect(documents.total).toBeVisible();

    // `/` goes to the first filter; filters apply as typed and land in the address.
    await documents.screen.locator('#screen-title').click();
    await page.keyboard.press('/');
    await expect(documents.displayNameFilter).toBeFocused();
    await page.keyboard.type(part);
    await documents.fileType(document.file_type.toLowerCase()).click();
    await documents.tagFilter.fill(tag);
    await documents.tagFilter.press('Enter');
    await expect
      .poll(() => {
        const query = new URL(page.url()).hash.split('?')[1] ?? '';
        return JSON.parse(new URLSearchParams(query).get('filter') ?? '{}') as unknown;
      })
      .toEqual({ displayName: part, fileTypes: [document.file_type.toLowerCase()], tags: [tag] });

    // Every row shown matches all three.
    await expect(documents.rows.first()).toBeVisible();
    for (const row of await documents.rows.all()) {
      await expect(row.getByTestId('document-name')).toContainText(part, { ignoreCase: true });
      await expect(row.getByTestId('document-type')).toContainText(document.file_type, {
        ignoreCase: true,
      });
      await expect(row.getByTestId('document-tags')).toContainText(tag);
    }
    // With its customer as well, the list is the service's answer to the same search.
    await documents.customerFilter.fill(externalId);
    const expected = await serviceSearch(tenant, {
      customer_external_id: externalId,
      display_name: part,
      file_types: [document.file_type],
      tags: [tag],
    });
    await expect(documents.rows).toHaveCount(expected.total);
    await expect(documents.row(document.id)).toBeVisible();
    await screenshot(page, 'documents');

    // A created range that ends the day before the document leaves nothing; Clear brings all back.
    const createdMs =
      document.created_at > 100_000_000_000 ? document.created_at : document.created_at * 1000;
    const dayBefore = new Date(createdMs - 86_400_000).toISOString().slice(0, 10);
    await documents.createdTo.fill(dayBefore);
    await expect(documents.row(document.id)).toHaveCount(0);
    await documents.createdTo.fill(new Date(createdMs).toISOString().slice(0, 10));
    await expect(documents.row(document.id)).toBeVisible();
    await documents.clearFilters.click();
    await expect(page).toHaveURL(/#\/documents$/);

    // Paging, by buttons and keys.
    const { total } = await bridge<DocumentSearchPage>(page, 'documents.search', {
      filter: {},
      limit: 1,
    });
    expect(total).toBeGreaterThan(50);
    const all = total.toLocaleString('en-US');
    await expect(documents.range).toHaveText(`1–50 of ${all}`);
    await expect(documents.rows).toHaveCount(50);
    await documents.next.click();
    await expect(documents.range).toHaveText(
      `51–${Math.min(100, total).toLocaleString('en-US')} of ${all}`,
    );
    await expect(documents.rows).toHaveCount(Math.min(50, total - 50));
    await documents.screen.locator('#screen-title').click();
    await page.keyboard.press('p');
    await expect(documents.range).toHaveText(`1–50 of ${all}`);
    await expect(documents.previous).toBeDisabled();
    await page.keyboard.press('n');
    await expect(documents.range).toHaveText(new RegExp(`^51–`));

    // j/k move the selection; Enter opens the selected document's customer.
    await page.keyboard.press('j');
    await expect(documents.rows.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('k');
    const first = documents.rows.first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const customerOfFirst = (await first.getByTestId('document-customer').textContent()) ?? '';
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`#/customer/${encodeURIComponent(customerOfFirst)}/documents$`),
    );
  });
  test('offline, a dropped file waits in the outbox, shows as pending, and is filed once the service is back', async ({
    page,
    tenant,
  }) => {
    // Stopping and restarting the service, and waiting on three deliveries, take longer than most.
    test.setTimeout(120_000);
    const [externalId] = await syncedCustomers(tenant);
    if (!externalId) throw new Error('the tenant has no synced customer');
    const customerPage = new CustomerPage(page);
    const documents = new DocumentsPage(page);
    await customerPage.open(externalId, 'documents');
    await tenant.stop();

    const note: FileToDrop = {
      name: 'offline-interview-note.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from(`Interview notes taken offline ${new Date().toISOString()}\n`),
    };
    await documents.drop(documents.customerDropTarget, [note]);
    const item = documents.uploadItem(note.name);
    await documents.fileAll.click();
    await expect(item.getByTestId('upload-waiting')).toContainText(
      'Waiting for the service — it will be sent when CaseDesk is back online, see Outbox',
      { timeout: 30_000 },
    );
    await expect(item.getByTestId('upload-outbox-link')).toHaveAttribute('href', '#/outbox');
    // The list shows it as a pending row on top.
    const pending = documents.pendingUploads.filter({ hasText: note.name });
    await expect(pending).toHaveCount(1);
    await expect(pending.getByTestId('pending-upload-state')).toHaveText(
      /Waiting to upload|Upload failed/,
    );

    // An edit and a delete made offline show on their rows until the service takes them.
    const [edited, deleted] = await documents.customerRows.all();
    if (!edited || !deleted) throw new Error('the customer needs two documents');
    const editedId = (await edited.getAttribute('data-document-id')) ?? '';
    const deletedId = (await deleted.getAttribute('data-document-id')) ?? '';
    await edited.getByTestId('document-edit').click();
    await documents.editDisplayName.fill('Edited while offline');
    await documents.editSave.click();
    await expect(documents.editDialog).toBeHidden();
    await expect(edited.getByTestId('document-name')).toHaveText('Edited while offline');
    await expect(edited.getByTestId('document-pending')).toHaveText('Pending edit');
    await deleted.getByTestId('document-delete').click();
    await documents.confirmDialog.getByRole('button', { name: 'Delete document' }).click();
    await expect(deleted).toHaveAttribute('data-pending', 'delete');
    await expect(deleted.getByTestId('document-pending')).toHaveText('Deleting…');
    await expect(deleted.getByTestId('document-delete')).toBeDisabled();
    await screenshot(page, 'documents-offline-upload');

    // Back online: the investigator syncs (the outbox would also retry on its own within a minute).
    await tenant.restart();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(item).toHaveAttribute('data-stage', 'done', { timeout: 30_000 });
    await expect(documents.pendingUploads).toHaveCount(0);
    await expect(documents.rowsByFile(note.name)).toHaveCount(1);
    const { documents: filed } = await serviceSearch(tenant, {
      customer_external_id: externalId,
      file_name: note.name,
    });
    expect(filed).toHaveLength(1);
    expect(filed[0]?.file_size).toBe(note.bytes.length);
    await expect(documents.row(deletedId)).toHaveCount(0, { timeout: 60_000 });
    await expect(documents.row(editedId)).not.toHaveAttribute('data-pending', /.+/, {
      timeout: 60_000,
    });
    const { documents: after } = await serviceSearch(tenant, { customer_external_id: externalId });
    expect(after.map((document) => document.id)).not.toContain(deletedId);
    expect(after.find((document) => document.id === editedId)?.display_name).toBe(
      'Edited while offline',
    );
  });

  test('an external document is filed by its address and size, without bytes', async ({
    page,
    tenant,
  }) => {
    const [externalId] = await syncedCustomers(tenant);
    if (!externalId) throw new Error('the tenant has no synced customer');
    const customerPage = new CustomerPage(page);
    const documents = new DocumentsPage(page);
    await customerPage.open(externalId, 'documents');

    // Without a mouse drag: Add files… opens the system's picker from the keyboard.
    await documents.addFiles.focus();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.keyboard.press('Enter'),
    ]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({
      name: 'picked-contract.pdf',
      mimeType: 'application/pdf',
      buffer: pdfBytes(1024),
    });
    const picked = documents.uploadItem('picked-contract.pdf');
    await expect(picked.getByTestId('upload-display-name')).toHaveValue('picked-contract');
    await picked.getByTestId('upload-remove').click();
    await expect(documents.uploadPanel).toHaveCount(0);

    await page.getByTestId('add-external').click();
    const dialog = documents.externalDialog;
    await expect(dialog).toBeVisible();
    // A wrong address and size are refused with what to do.
    await dialog.getByTestId('external-url').fill('ftp://records.example.com/bill.pdf');
    await dialog.getByTestId('external-size').fill('12.5');
    await dialog.getByTestId('external-file').click();
    await expect(dialog).toContainText('Give a full web address starting with https://');
    await expect(dialog).toContainText('Give the size in bytes as a whole number');

    const url = 'https://records.example.com/kyc/utility-bill-2024.pdf';
    await dialog.getByTestId('external-url').fill(url);
    await dialog.getByTestId('external-size').focus();
    // The file name and display name come from the address.
    await expect(dialog.getByTestId('external-file-name')).toHaveValue('utility-bill-2024.pdf');
    await expect(dialog.getByTestId('external-display-name')).toHaveValue('utility-bill-2024');
    await dialog.getByTestId('external-size').fill('245760');
    await dialog.getByTestId('external-tags-input').fill('proof-of-address');
    await dialog.getByTestId('external-tags-input').press('Enter');
    await screenshot(page, 'documents-external-dialog');
    await dialog.getByTestId('external-file').click();
    await expect(dialog).toBeHidden();

    const item = documents.uploadItem('utility-bill-2024.pdf');
    await expect(item).toHaveAttribute('data-stage', 'done', { timeout: 30_000 });
    const { documents: filed } = await serviceSearch(tenant, {
      customer_external_id: externalId,
      file_name: 'utility-bill-2024.pdf',
    });
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      file_size: 245760,
      file_url: url,
      file_source: 'external',
      tags: ['proof-of-address'],
    });
    await expect(documents.rowsByFile('utility-bill-2024.pdf')).toContainText('external');
  });
});
