import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/api/service-error';
import type { ServiceClient } from '../../../main/api/service-client';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { clientFor, failureOf, readAll } from './client-fixture';

describe('service client: every operation against the sandbox', () => {
  let t: TestSandbox;
  let client: ServiceClient;
  const customerId = 'API-C/1 ü?#';

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 40 });
    client = clientFor(t).client;
    const saved = await client.customers.save({
      customers: [
        {
          external_id: customerId,
          account_type: 'N',
          first_name: 'Mara',
          last_name: 'Okafor',
          date_of_birth: '1981-04-02',
        },
      ],
    });
    expect(saved.status).toBe('success');
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('saves customers and reports per-line problems inside the 200', async () => {
    const result = await client.customers.save({
      customers: [{ external_id: 'API-C-2', account_type: 'N' }],
      verify_input: true,
    });
    expect(result.verify_input).toBe(true);
    expect(result.detail[0]?.errors.length).toBeGreaterThan(0);
  });

  it('reads a customer, its stats and timeline, with the id URL-encoded', async () => {
    const detail = await client.customers.get(customerId);
    expect(detail.customer.external_id).toBe(customerId);
    expect(detail.customer.last_name).toBe('Okafor');
    const stats = await client.customers.stats(customerId);
    expect(typeof stats.alerts).toBe('number');
    const events = await client.customers.timeline(customerId, { limit: 5, offset: 0 });
    expect(events.length).toBeGreaterThan(0);
    expect(events.length).toBeLessThanOrEqual(5);
    expect(events.some((event) => event.EventType === 'customer_created')).toBe(true);
  });

  it('uploads, then downloads the same bytes as a stream with mime, name and size', async () => {
    const bytes = randomBytes(150_000);
    const document = await client.documents.upload({
      customer_external_id: customerId,
      display_name: 'Passport',
      file_name: 'Reisepass – Müller.pdf',
      tag_codes: ['passport'],
      internal: { file_data: bytes.toString('base64') },
    });
    expect(document).toMatchObject({ customer_external_id: customerId, file_size: bytes.length });
    const download = await client.documents.download(document.id);
    if (download.kind !== 'content') throw new Error('expected content');
    expect(download.mime).toBe('application/pdf');
    expect(download.fileName).toBe('Reisepass – Müller.pdf');
    expect(download.size).toBe(bytes.length);
    expect((await readAll(download.body)).equals(bytes)).toBe(true);
  });

  it('uploads a body produced as a stream (the later large-file path)', async () => {
    const bytes = randomBytes(40_000);
    const json = JSON.stringify({
      customer_external_id: customerId,
      file_name: 'streamed.bin',
      internal: { file_data: bytes.toString('base64') },
    });
    function* chunks() {
      for (let at = 0; at < json.length; at += 4096)
        yield Buffer.from(json.slice(at, at + 4096), 'utf8');
    }
    const document = await client.documents.upload({
      kind: 'json-stream',
      open: () => Readable.from(chunks()),
    });
    const download = await client.documents.download(document.id);
    if (download.kind !== 'content') throw new Error('expected content');
    expect((await readAll(download.body)).equals(bytes)).toBe(true);
  });

  it('files an external document whose download is a redirect, not followed', async () => {
    const document = await client.documents.upload({
      customer_external_id: customerId,
      file_name: 'statement.pdf',
      external: { file_size: 10, file_url: 'https://files.invalid/statement.pdf' },
    });
    expect(await client.documents.download(document.id)).toEqual({
      kind: 'redirect',
      status: 302,
      location: 'https://files.invalid/statement.pdf',
    });
  });

  it('updates (204 → void), searches, deletes (204 → void), then a download is a 404', async () => {
    const document = await client.documents.upload({
      customer_external_id: customerId,
      file_name: 'old.txt',
      internal: { file_data: Buffer.from('hello').toString('base64') },
    });
    await expect(
      client.documents.update(document.id, {
        display_name: 'Proof of address',
        tag_codes: ['poa'],
      }),
    ).resolves.toBeUndefined();
    const page = await client.documents.search({
      filters: { customer_external_id: customerId, display_name: 'proof of' },
      limit: 10,
    });
    expect(page.documents.map((d) => d.id)).toContain(document.id);
    expect(page.documents.find((d) => d.id === document.id)?.tags).toEqual(['poa']);
    await expect(client.documents.remove(document.id)).resolves.toBeUndefined();
    const error = await failureOf(client.documents.download(document.id));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 404,
      operation: 'documents.download',
      code: 'document.not_found',
      retryable: false,
    });
    expect((error as ServiceError).message).toMatch(/download the document/);
  });

  it('searches alerts and threads, and downloads an attachment', async () => {
    const alerts = await client.alerts.search({ limit: 5, order_by: 'score' });
    expect(alerts.data.length).toBeLessThanOrEqual(5);
    expect(alerts.total).toBeGreaterThan(0);
    expect(typeof alerts.data[0]?.last_revision?.state).toBe('number');

    const threads = await client.threads.search({ on_page: 1, per_page: 50 });
    expect(threads.data.length).toBeGreaterThan(0);
    const attachment = threads.data
      .flatMap((thread) => [...thread.attachments, ...(thread.last_message?.attachments ?? [])])
      .at(0);
    if (!attachment) throw new Error('no attachment in the first threads');
    const download = await client.attachments.download(attachment.id);
    if (download.kind !== 'content') throw new Error('expected content');
    expect((await readAll(download.body)).length).toBe(attachment.file_size);
  });

  it('maps the bare errors of thread search (code and message only)', async () => {
    const error = await failureOf(client.threads.search({ on_page: 0 }));
    expect(error).toMatchObject({ kind: 'http', status: 400, operation: 'threads.search' });
    expect((error as ServiceError).code).toMatch(/\w/);
    expect((error as ServiceError).serviceMessage).toMatch(/on_page/);
  });

  it('generates an instant report, reads it back, and forces one for a customer', async () => {
    const report = await client.press.instantReport({
      name: 'Viktor Petrov',
      additional_info: { country_codes: ['RU'], entity_type: 1 },
    });
    const stored = await client.press.reportBody(report.report_body_id);
    expect(stored).toEqual(report);
    // forcegen names the customer by the service's own id (Customer.id), not the external id.
    const serviceId = (await client.customers.get(customerId)).customer.id;
    if (!serviceId) throw new Error('the saved customer has no service id');
    await expect(client.press.forceGeneration(serviceId)).resolves.toBeUndefined();
  });

  it('submits a KYT transaction and gets it back scored', async () => {
    const transaction = await client.kyt.createTransaction({
      external_id: 'api-tx-1',
      amount: 25_000,
      currency: 'EUR',
      date: new Date().toISOString(),
      from: { external_id: customerId, full_name: 'Mara Okafor', domicile_code: 'FR' },
      to: { full_name: 'Receiver', domicile_code: 'IR' },
    });
    expect(transaction.id).toMatch(/\w/);
    expect(typeof transaction.score).toBe('number');
    expect(transaction.external_id).toBe('api-tx-1');
  });
});
