import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { createOutboxReplayer } from '../../../main/outbox/outbox-replayer';
import { openOutbox } from '../../../main/outbox/outbox-store';
import { startSandbox, type Sandbox } from '../../../main/sandbox/sandbox-server';
import { classifyTransportError, fetchOutboxTransport } from '../../support/fetch-outbox-transport';
import { makeTempDir } from '../../support/temp-dir';

const TOKEN = 'outbox-test-token';

describe('outbox', () => {
  const temp = makeTempDir('casedesk-outbox-');
  const sandboxDir = join(temp.path, 'sandbox');
  let sandbox: Sandbox;
  let port = 0;
  const target = () => ({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN });
  const start = async () => {
    sandbox = await startSandbox({
      dataDir: sandboxDir,
      logger: silentLogger,
      seed: 9,
      scale: 20,
      token: TOKEN,
      port,
    });
    port = Number(new URL(sandbox.baseUrl).port);
  };
  const open = () => {
    const outbox = openOutbox(join(temp.path, 'outbox.db'), silentLogger);
    const replayer = createOutboxReplayer({
      outbox,
      transport: fetchOutboxTransport(target),
      classify: classifyTransportError,
      logger: silentLogger,
    });
    return { outbox, replayer };
  };
  const documentsNamed = async (customer: string, fileName: string) => {
    const found = await fetchOutboxTransport(target).findDocuments(customer, fileName);
    return found.filter((doc) => doc.file_name === fileName);
  };
  const someCustomer = () =>
    (
      sandbox.db
        .prepare('SELECT external_id FROM customers ORDER BY external_id LIMIT 1')
        .get() as { external_id: string }
    ).external_id;

  beforeAll(start);
  afterAll(async () => {
    await sandbox.close();
    temp.remove();
  });

  it('keeps writes made while the service is down across an app restart, then delivers each exactly once', async () => {
    const customer = someCustomer();
    const existing = (
      sandbox.db
        .prepare('SELECT id FROM documents WHERE customer_external_id = ? LIMIT 2')
        .all(customer) as Array<{ id: string }>
    ).map((row) => row.id);
    const file = join(temp.path, 'passport.pdf');
    const bytes = Buffer.from('%PDF-1.7 passport of the customer');
    writeFileSync(file, bytes);
    await sandbox.close();

    const first = open();
    first.outbox.enqueue({
      kind: 'document.upload',
      customer_external_id: customer,
      display_name: 'Passport',
      file_name: 'passport-offline.pdf',
      tag_codes: ['passport'],
      source: {
        type: 'file',
        path: file,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      },
    });
    first.outbox.enqueue({
      kind: 'document.update',
      id: existing[0] ?? '',
      display_name: 'Renamed offline',
    });
    first.outbox.enqueue({ kind: 'document.delete', id: existing[1] ?? '' });
    first.outbox.enqueue({
      kind: 'customers.save',
      customers: [{ external_id: 'OFFLINE-1', account_type: 'N', last_name: 'Traveller' }],
      relations: [],
    });
    const offline = await first.replayer.replay();
    expect(offline.delivered).toBe(0);
    expect(offline.stoppedBy).toMatch(/unreachable/);
    expect(first.outbox.list().map((item) => item.state)).toEqual([
      'queued',
      'queued',
      'queued',
      'queued',
    ]);
    first.outbox.close();

    await start();
    const second = open();
    expect(second.outbox.list(['queued'])).toHaveLength(4);
    const online = await second.replayer.replay();
    expect(online).toEqual({ delivered: 4, failed: 0, stoppedBy: null, unreachable: false });
    expect(second.outbox.list().every((item) => item.state === 'done')).toBe(true);
    expect(await second.replayer.replay()).toEqual({
      delivered: 0,
      failed: 0,
      stoppedBy: null,
      unreachable: false,
    });
    expect(await documentsNamed(customer, 'passport-offline.pdf')).toHaveLength(1);
    const renamed = sandbox.db
      .prepare('SELECT display_name FROM documents WHERE id = ?')
      .get(existing[0]) as { display_name: string };
    expect(renamed.display_name).toBe('Renamed offline');
    expect(
      sandbox.db.prepare('SELECT 1 FROM documents WHERE id = ?').get(existing[1]),
    ).toBeUndefined();
    expect(
      sandbox.db.prepare("SELECT 1 FROM customers WHERE external_id = 'OFFLINE-1'").get(),
    ).toBeDefined();
    second.outbox.close();
  });

  it('never files an upload twice when its outcome was unknown', async () => {
    const customer = someCustomer();
    const { outbox, replayer } = open();
    outbox.enqueue({
      kind: 'document.upload',
      customer_external_id: customer,
      display_name: 'Statement',
      file_name: 'statement-doubt.pdf',
      tag_codes: [],
      source: {
        type: 'external',
        file_url: 'https://files.example/statement.pdf',
        file_size: 2048,
      },
    });
    // The service files it, then the connection drops before the answer arrives.
    sandbox.faults.set({ dropRate: 1 });
    const inDoubt = await replayer.replay();
    sandbox.faults.reset();
    expect(inDoubt.stoppedBy).toBeTruthy();
    expect(await documentsNamed(customer, 'statement-doubt.pdf')).toHaveLength(1);
    const after = await replayer.replay();
    expect(after.stoppedBy).toBeNull();
    expect(
      outbox
        .list()
        .find(
          (item) =>
            item.payload.kind === 'document.upload' &&
            item.payload.file_name === 'statement-doubt.pdf',
        )?.state,
    ).toBe('done');
    expect(await documentsNamed(customer, 'statement-doubt.pdf')).toHaveLength(1);
    outbox.close();
  });

  it('marks a refused write failed with the reason, goes on with the rest, and lets the user retry or discard', async () => {
    const { outbox, replayer } = open();
    const refused = outbox.enqueue({
      kind: 'document.upload',
      customer_external_id: 'NO-SUCH-CUSTOMER',
      display_name: 'x',
      file_name: 'x.txt',
      tag_codes: [],
      source: { type: 'external', file_url: 'https://files.example/x', file_size: 1 },
    });
    outbox.enqueue({
      kind: 'customers.save',
      customers: [{ external_id: 'AFTER-REFUSED', account_type: 'N', last_name: 'Next' }],
      relations: [],
    });
    const report = await replayer.replay();
    expect(report).toMatchObject({ delivered: 1, failed: 1 });
    expect(outbox.get(refused.id)).toMatchObject({ state: 'failed', lastError: 'HTTP 404' });
    expect(replayer.retry(refused.id)).toBe(true);
    expect(outbox.get(refused.id)?.state).toBe('queued');
    expect(replayer.discard(refused.id)).toBe(true);
    expect(outbox.get(refused.id)).toBeNull();
    outbox.close();
  });
});
