import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { OutboxItemView, StagedFile } from '../../preload/contract';
import { bridge, expect, screenshot, test, type Tenant } from './fixtures';
import { OutboxPage } from './pages/outbox-page';

// Offline filing: what an investigator files, edits and deletes while the service cannot be
// reached waits in the outbox, and reaches the service exactly once when it is back.

interface ServiceDocument {
  id: string;
  customer_external_id: string;
  display_name: string;
  file_name: string;
  file_source: string;
}

async function searchDocuments(
  tenant: Tenant,
  filters: Record<string, unknown>,
  limit = 100,
): Promise<{ documents: ServiceDocument[]; total: number }> {
  const reply = await tenant.service.call('POST', '/api/v1/customer_documents/search', {
    body: { filters, limit, offset: 0 },
  });
  expect(reply.status).toBe(200);
  return reply.json();
}

/** Two internal documents of one customer, to edit and to delete, and that customer. */
async function documentsToChange(tenant: Tenant) {
  const { documents } = await searchDocuments(tenant, {});
  const internal = documents.filter((document) => document.file_source === 'internal');
  const byCustomer = new Map<string, ServiceDocument[]>();
  for (const document of internal)
    byCustomer.set(document.customer_external_id, [
      ...(byCustomer.get(document.customer_external_id) ?? []),
      document,
    ]);
  const pair = [...byCustomer.values()].find((list) => list.length >= 2);
  if (!pair?.[0] || !pair[1]) throw new Error('the tenant has no customer with two documents');
  return { customer: pair[0].customer_external_id, toEdit: pair[0], toDelete: pair[1] };
}

/**
 * Files real bytes onto a customer exactly as the renderer does in the browser host: the bytes
 * are streamed to the host (POST /files), then filed by the token it answers with.
 */
async function fileDocument(
  page: Page,
  input: { customer: string; displayName: string; fileName: string; bytes: Buffer },
): Promise<OutboxItemView> {
  const staged = await page.evaluate(
    async ({ name, data }) => {
      const response = await fetch('/files', {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'x-casedesk-file-name': encodeURIComponent(name),
          'x-casedesk-page':
            (window as unknown as { __casedeskTestPageSecret?: string }).__casedeskTestPageSecret ??
            '',
        },
        body: new Blob([new Uint8Array(data)]),
      });
      return (await response.json()) as {
        ok: boolean;
        value?: { token: string };
        error?: unknown;
      };
    },
    { name: input.fileName, data: [...input.bytes] },
  );
  if (!staged.ok || !staged.value) throw new Error(`staging failed: ${JSON.stringify(staged)}`);
  const token = (staged.value as StagedFile).token;
  return bridge<OutboxItemView>(page, 'uploads.file', {
    requestId: randomUUID(),
    customerExternalId: input.customer,
    displayName: input.displayName,
    tagCodes: ['e2e'],
    source: { kind: 'staged', token },
  });
}

/** The service's own copy of a document, found by its display name: every one of them. */
async function filedAs(tenant: Tenant, customer: string, displayName: string) {
  const { documents } = await searchDocuments(tenant, {
    customer_external_id: customer,
    display_name: displayName,
  });
  return documents.filter((document) => document.display_name === displayName);
}

async function downloadBytes(tenant: Tenant, id: string): Promise<Buffer> {
  const reply = await tenant.service.call('GET', `/api/v1/customer_documents/${id}/download`);
  expect(reply.status).toBe(200);
  return Buffer.from(reply.bytes);
}

/** Files two documents, renames one existing document and deletes another, all while offline. */
async function changeWhileOffline(page: Page, tenant: Tenant) {
  const { customer, toEdit, toDelete } = await documentsToChange(tenant);
  const suffix = randomUUID().slice(0, 8);
  const files = [
    { displayName: `Offline passport ${suffix}`, fileName: `passport-${suffix}.pdf` },
    { displayName: `Offline statement ${suffix}`, fileName: `statement-${suffix}.csv` },
  ].map((file) => ({ ...file, customer, bytes: randomBytes(48 * 1024 + 17) }));
  const renamed = `Renamed offline ${suffix}`;

  await tenant.stop();
  const uploads: OutboxItemView[] = [];
  for (const file of files) uploads.push(await fileDocument(page, file));
  const edit = await bridge<OutboxItemView>(page, 'documents.update', {
    id: toEdit.id,
    displayName: renamed,
  });
  const removal = await bridge<OutboxItemView>(page, 'documents.remove', { id: toDelete.id });
  return { customer, toEdit, toDelete, files, uploads, renamed, edit, removal };
}

type OfflineChanges = Awaited<ReturnType<typeof changeWhileOffline>>;

/** The service holds every change exactly once: each upload once with its bytes, the edit, the deletion. */
async function expectDeliveredOnce(tenant: Tenant, changes: OfflineChanges) {
  for (const file of changes.files) {
    const found = await filedAs(tenant, changes.customer, file.displayName);
    expect(found, `${file.displayName} is filed exactly once`).toHaveLength(1);
    const [document] = found;
    if (!document) continue;
    expect(document.file_name).toBe(file.fileName);
    expect((await downloadBytes(tenant, document.id)).equals(file.bytes)).toBe(true);
  }
  const edited = await filedAs(tenant, changes.customer, changes.renamed);
  expect(edited.map((document) => document.id)).toEqual([changes.toEdit.id]);
  const { documents } = await searchDocuments(tenant, { customer_external_id: changes.customer });
  expect(documents.map((document) => document.id)).not.toContain(changes.toDelete.id);
}

const ids = (changes: OfflineChanges) => [
  ...changes.uploads.map((item) => item.id),
  changes.edit.id,
  changes.removal.id,
];

test('changes made offline wait in the outbox and reach the service exactly once when it is back', async ({
  page,
  tenant,
}) => {
  const changes = await changeWhileOffline(page, tenant);
  const outbox = new OutboxPage(page);
  await outbox.open();

  await expect(outbox.explainer).toContainText(
    'sent in order as soon as the service can be reached, and again after each sync',
  );
  await expect(outbox.items).toHaveCount(4);
  for (const id of ids(changes)) {
    await expect(outbox.item(id)).toHaveAttribute('data-state', 'queued', { timeout: 30_000 });
    await expect(outbox.state(id)).toHaveText('Waiting');
  }
  // In the order they will be sent, each said in a line.
  expect(await outbox.items.evaluateAll((rows) => rows.map((row) => row.dataset.outboxId))).toEqual(
    ids(changes),
  );
  await expect(outbox.item(changes.uploads[0]!.id)).toContainText(changes.files[0]!.displayName);
  await expect(outbox.item(changes.edit.id)).toHaveAttribute('data-kind', 'document.update');
  await expect(outbox.item(changes.removal.id)).toHaveAttribute('data-kind', 'document.delete');
  await expect(outbox.badge).toHaveAttribute('data-pending', '4');
  await expect(outbox.badge).toHaveAttribute('data-failed', '0');
  await screenshot(page, 'outbox');

  await tenant.restart();
  await tenant.sync();
  for (const id of ids(changes)) {
    await expect(outbox.item(id)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(outbox.state(id)).toHaveText('Sent');
  }
  await expect(outbox.badge).toHaveCount(0);
  await expectDeliveredOnce(tenant, changes);

  // Another sync sends nothing again.
  await tenant.sync();
  await expectDeliveredOnce(tenant, changes);
  await screenshot(page, 'outbox-sent');
});

test.describe('across an app restart', () => {
  // The profile's token must outlive the app, as an investigator's saved profile does.
  test.use({ tenantTokenStorage: 'weak' });

  test('changes made offline survive the app restarting and are delivered exactly once', async ({
    page,
    tenant,
    app,
  }) => {
    const changes = await changeWhileOffline(page, tenant);
    const outbox = new OutboxPage(page);

    await app.restart();
    await outbox.open();
    await expect(outbox.items).toHaveCount(4);
    for (const id of ids(changes))
      // Waiting; an upload cut off by the restart stays in doubt ("sending") until the service is asked.
      await expect(outbox.item(id)).toHaveAttribute('data-state', /queued|sending|failed/);
    await expect(outbox.badge).toHaveAttribute('data-pending', /[1-4]/);

    await tenant.restart();
    await tenant.sync();
    for (const id of ids(changes))
      await expect(outbox.item(id)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expectDeliveredOnce(tenant, changes);

    // A second restart, now online: nothing is sent twice.
    await app.restart();
    await tenant.sync();
    await expectDeliveredOnce(tenant, changes);
  });
});

test('a change the service refuses shows why; retry sends it again and discard drops it', async ({
  page,
  tenant,
}) => {
  const { toEdit } = await documentsToChange(tenant);
  // Deleted on the service by someone else; this app's cache still has it.
  const removed = await tenant.service.call('DELETE', `/api/v1/customer_documents/${toEdit.id}`);
  expect(removed.status).toBe(204);
  const edit = await bridge<OutboxItemView>(page, 'documents.update', {
    id: toEdit.id,
    displayName: 'Renamed after it was deleted',
  });

  const outbox = new OutboxPage(page);
  await outbox.open();
  await expect(outbox.item(edit.id)).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(outbox.state(edit.id)).toHaveText('Failed');
  await expect(outbox.error(edit.id)).not.toBeEmpty();
  await expect(outbox.badge).toHaveAttribute('data-failed', '1');
  const attempts = Number(await outbox.item(edit.id).getByTestId('outbox-attempts').innerText());
  await screenshot(page, 'outbox-failed');

  // Retry by keyboard: the failed change is selected, `r` sends it again; it fails again.
  await outbox.item(edit.id).click();
  await expect(outbox.selected).toHaveAttribute('data-outbox-id', edit.id);
  await page.keyboard.press('r');
  await expect
    .poll(async () => Number(await outbox.item(edit.id).getByTestId('outbox-attempts').innerText()))
    .toBeGreaterThan(attempts);
  await expect(outbox.item(edit.id)).toHaveAttribute('data-state', 'failed');

  // Discard by keyboard, after a confirmation that says what is lost; Cancel keeps it.
  await page.keyboard.press('Delete');
  await expect(outbox.discardConfirm).toContainText('will not reach the service');
  await expect(outbox.confirmButton('Cancel')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(outbox.item(edit.id)).toBeVisible();
  await outbox.discard(edit.id).click();
  await outbox.confirmButton('Discard').click();
  await expect(outbox.item(edit.id)).toHaveCount(0);
  await expect(outbox.badge).toHaveCount(0);
  await expect(outbox.empty).toBeVisible();
  // Nothing reached the service: the document is still gone, and was not renamed.
  const renamed = await searchDocuments(tenant, { display_name: 'Renamed after it was deleted' });
  expect(renamed.total).toBe(0);
});
