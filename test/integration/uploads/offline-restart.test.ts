import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentSearchPage, OutboxItemView } from '../../../preload/contract';
import { startUploadsApp, type UploadsApp } from './app-fixture';

describe('offline filing across an app restart', () => {
  let app: UploadsApp;
  let customer = '';
  let files = '';
  beforeEach(async () => {
    app = await startUploadsApp({ seed: 23 });
    customer = app.customerWithDocuments();
    files = join(app.temp.path, 'desktop');
    mkdirSync(files, { recursive: true });
  }, 60_000);
  afterEach(async () => {
    await app.close();
  });

  const fileOffline = async (name: string, bytes: Buffer) => {
    const path = join(files, name);
    writeFileSync(path, bytes);
    const requestId = randomUUID();
    await app.call<OutboxItemView>('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: name,
      source: await app.register(path),
    });
    await app.workspace().replayer.replay();
    return requestId;
  };
  const copies = () => {
    const folder = app.workspace().outbox.filesDir;
    return existsSync(folder) ? readdirSync(folder).sort() : [];
  };

  it('says offline when a filing cannot reach the service, and online once one is delivered', async () => {
    const connectivity = async (want: string) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const status = await app.call<{ connectivity: string }>('sync.status');
        if (status.connectivity === want) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`connectivity never became ${want}`);
    };
    await connectivity('online');
    await app.stopService();
    const path = join(files, 'bank-statement.pdf');
    writeFileSync(path, randomBytes(10_000));
    const file = async (requestId: string) =>
      app.call<OutboxItemView>('uploads.file', {
        requestId,
        customerExternalId: customer,
        displayName: 'Bank statement',
        source: await app.register(path),
      });
    const offline = randomUUID();
    await file(offline);
    await connectivity('offline');
    await app.startService();
    await file(randomUUID());
    await connectivity('online');
    await app.settle(offline, 'done');
  });

  it('tells a form that an upload it filed was discarded in the outbox', async () => {
    await app.stopService();
    const requestId = await fileOffline('draft-contract.pdf', randomBytes(8_000));
    await app.call('outbox.discard', { id: requestId });
    expect(await app.item(requestId)).toBeFalsy();
    expect(app.progress.filter((event) => event.requestId === requestId).at(-1)).toMatchObject({
      phase: 'discarded',
    });
  });

  it('retries on its own while the service is down, and delivers once it is back, with no sync', async () => {
    await app.close();
    app = await startUploadsApp({ seed: 23, outboxRetryMs: [100, 200] });
    customer = app.customerWithDocuments();
    files = join(app.temp.path, 'desktop');
    mkdirSync(files, { recursive: true });
    await app.stopService();
    const path = join(files, 'passport.png');
    const bytes = randomBytes(30_000);
    writeFileSync(path, bytes);
    const requestId = randomUUID();
    await app.call<OutboxItemView>('uploads.file', {
      requestId,
      customerExternalId: customer,
      displayName: 'Passport',
      source: await app.register(path),
    });
    // Retries fail while it is down (each attempt says why); the item waits, in line.
    const retried = async () => {
      for (let tries = 0; tries < 200; tries += 1) {
        const item = await app.item(requestId);
        if (item && item.attempts >= 3 && item.state === 'queued') return item;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('the outbox did not retry on its own');
    };
    expect((await retried()).lastError).toMatch(/ECONNREFUSED/);
    await app.startService();
    await app.settle(requestId, 'done');
    const filed = await app.serviceDocuments(customer, 'passport.png');
    expect(filed).toHaveLength(1);
    expect((await app.serviceBytes(filed[0]?.id ?? '')).equals(bytes)).toBe(true);
  });

  it('delivers what was filed while the service was down exactly once, after the app restarts', async () => {
    await app.stopService();
    const bytes = randomBytes(50_000);
    const requestId = await fileOffline('id-card.png', bytes);
    expect((await app.item(requestId))?.state).toBe('queued');

    await app.restartApp();
    const reopened = await app.call<DocumentSearchPage>('documents.search', {
      filter: { customerExternalId: customer },
    });
    expect(reopened.pendingUploads.map((upload) => upload.outboxId)).toEqual([requestId]);
    await app.startService();
    await app.sync();
    await app.settle(requestId, 'done');
    await app.sync();
    const filed = await app.serviceDocuments(customer, 'id-card.png');
    expect(filed).toHaveLength(1);
    expect((await app.serviceBytes(filed[0]?.id ?? '')).equals(bytes)).toBe(true);
    expect(copies()).toEqual([]);
  });

  it('does not file twice an upload a crash left “sending” after the service had it', async () => {
    await app.stopService();
    const bytes = randomBytes(20_000);
    const requestId = await fileOffline('proof-of-address.pdf', bytes);
    // The crash: marked sending, its bytes out, delivered, and the app gone before it could note so.
    app.workspace().outbox.markSending(requestId);
    app.workspace().outbox.markBodyStarted(requestId);
    await app.startService();
    const delivered = await fetch(`${app.service().baseUrl}/api/v1/customer_documents/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${app.service().token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        customer_external_id: customer,
        display_name: 'proof-of-address.pdf',
        file_name: 'proof-of-address.pdf',
        tag_codes: [],
        internal: { file_data: bytes.toString('base64') },
      }),
    });
    expect(delivered.status).toBe(200);
    await app.restartApp();
    await app.sync();
    await app.settle(requestId, 'done');
    expect(await app.serviceDocuments(customer, 'proof-of-address.pdf')).toHaveLength(1);
    const cached = await app.call<DocumentSearchPage>('documents.search', {
      filter: { customerExternalId: customer, fileName: 'proof-of-address.pdf' },
    });
    expect(cached.rows).toHaveLength(1);
    expect(cached.pendingUploads).toEqual([]);
  });

  it('sends once an upload a crash left “sending” before it went out', async () => {
    await app.stopService();
    const requestId = await fileOffline('contract.pdf', randomBytes(10_000));
    // The crash came after it was marked sending, before any of its bytes went out.
    app.workspace().outbox.markSending(requestId);
    await app.restartApp();
    await app.startService();
    await app.sync();
    await app.settle(requestId, 'done');
    expect(await app.serviceDocuments(customer, 'contract.pdf')).toHaveLength(1);
  });

  it('looks before sending again an upload whose answer was lost', async () => {
    const requestId = await fileOffline('lost-answer.pdf', randomBytes(10_000));
    await app.settle(requestId, 'done');
    expect(await app.serviceDocuments(customer, 'lost-answer.pdf')).toHaveLength(1);

    const second = randomUUID();
    const path = join(files, 'dropped-answer.pdf');
    writeFileSync(path, randomBytes(12_000));
    // The service files it, then every connection drops before its answer arrives.
    app.service().faults.set({ dropRate: 1 });
    await app.call('uploads.file', {
      requestId: second,
      customerExternalId: customer,
      displayName: 'Dropped answer',
      source: await app.register(path),
    });
    const inDoubt = await app.workspace().replayer.replay();
    expect(inDoubt.stoppedBy).toBeTruthy();
    expect((await app.item(second))?.state).toBe('sending');
    app.service().faults.reset();
    await app.settle(second, 'done');
    expect(await app.serviceDocuments(customer, 'dropped-answer.pdf')).toHaveLength(1);
  });

  it('fails, not retries, an upload whose kept copy is gone; stray copies go when the outbox opens', async () => {
    await app.stopService();
    const lost = await fileOffline('lost-copy.pdf', randomBytes(5_000));
    const kept = await fileOffline('kept-copy.pdf', randomBytes(5_000));
    const folder = app.workspace().outbox.filesDir;
    rmSync(join(folder, lost));
    writeFileSync(join(folder, randomUUID()), 'a copy no change waits for');
    writeFileSync(join(folder, `${randomUUID()}.partial`), 'half a copy');
    await app.restartApp();
    expect(copies()).toEqual([kept]);

    await app.startService();
    await app.sync();
    const failed = await app.settle(lost, 'failed');
    expect(failed.lastError).toMatch(
      /copy of “lost-copy\.pdf” kept for sending is missing .* discard this change and file the document again/,
    );
    await app.settle(kept, 'done');
    expect(await app.serviceDocuments(customer, 'lost-copy.pdf')).toEqual([]);
    expect(await app.serviceDocuments(customer, 'kept-copy.pdf')).toHaveLength(1);
    await app.call('outbox.discard', { id: lost });
    expect(await app.item(lost)).toBeUndefined();
  });

  it('fails, not sends, an upload whose kept copy came back damaged (same size, other bytes)', async () => {
    await app.stopService();
    const damaged = await fileOffline('zeroed.pdf', randomBytes(6_000));
    // What a power cut can leave: the right length, filled with zeros.
    writeFileSync(join(app.workspace().outbox.filesDir, damaged), Buffer.alloc(6_000));
    await app.startService();
    await app.sync();
    const failed = await app.settle(damaged, 'failed');
    expect(failed.lastError).toMatch(/kept for sending is damaged/);
    expect(await app.serviceDocuments(customer, 'zeroed.pdf')).toEqual([]);
  });
});
