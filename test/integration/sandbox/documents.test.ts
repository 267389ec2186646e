import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentPageShape, DocumentShape, ErrorBodyShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

describe('sandbox documents', () => {
  let t: TestSandbox;
  let customerId: string;
  const search = async (body: Record<string, unknown>) => {
    const response = await t.call('POST', '/api/v1/customer_documents/search', { body });
    expect(response.status).toBe(200);
    return DocumentPageShape.parse(response.json());
  };

  beforeAll(async () => {
    t = await startTestSandbox({ scale: 40 });
    const page = await search({ limit: 1 });
    customerId = page.documents[0]?.customer_external_id ?? '';
    expect(customerId).not.toBe('');
  });
  afterAll(() => t.close());

  it('serves the generated documents in the spec’s shape, internal and external', async () => {
    const page = await search({ limit: 1000 });
    expect(page.total).toBe(page.documents.length);
    expect(page.documents.some((d) => d.file_source === 'internal')).toBe(true);
    expect(page.documents.some((d) => d.file_source === 'external')).toBe(true);
    for (const document of page.documents)
      expect(DocumentShape.safeParse(document).success).toBe(true);
  });

  it('upload then download returns the same bytes (base64 and byte-array forms)', async () => {
    const bytes = randomBytes(200_000);
    const uploaded = await t.call('POST', '/api/v1/customer_documents/upload', {
      body: {
        customer_external_id: customerId,
        display_name: 'Passport scan',
        file_name: 'passport.pdf',
        tag_codes: ['passport', 'kyc'],
        internal: { file_data: bytes.toString('base64') },
      },
    });
    expect(uploaded.status).toBe(200);
    const document = DocumentShape.parse(uploaded.json());
    expect(document).toMatchObject({
      customer_external_id: customerId,
      display_name: 'Passport scan',
      file_size: bytes.length,
      file_type: 'pdf',
      tags: ['passport', 'kyc'],
    });
    const download = await t.call('GET', `/api/v1/customer_documents/${document.id}/download`);
    expect(download.status).toBe(200);
    expect(Buffer.from(download.bytes).equals(bytes)).toBe(true);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('passport.pdf');

    const small = [0, 1, 2, 253, 254, 255];
    const asArray = DocumentShape.parse(
      (
        await t.call('POST', '/api/v1/customer_documents/upload', {
          body: {
            customer_external_id: customerId,
            file_name: 'b.bin',
            internal: { FileData: small },
          },
        })
      ).json(),
    );
    expect([
      ...(await t.call('GET', `/api/v1/customer_documents/${asArray.id}/download`)).bytes,
    ]).toEqual(small);
  });

  it('takes a large upload, and refuses file_data that is not base64', async () => {
    const bytes = randomBytes(12 * 1024 * 1024);
    const uploaded = await t.call('POST', '/api/v1/customer_documents/upload', {
      body: {
        customer_external_id: customerId,
        file_name: 'statement.pdf',
        internal: { file_data: bytes.toString('base64') },
      },
    });
    expect(uploaded.status).toBe(200);
    const document = DocumentShape.parse(uploaded.json());
    const download = await t.call('GET', `/api/v1/customer_documents/${document.id}/download`);
    expect(Buffer.from(download.bytes).equals(bytes)).toBe(true);
    for (const bad of ['abc', 'ab=c', 'a===', 'ab!=']) {
      const refused = await t.call('POST', '/api/v1/customer_documents/upload', {
        body: {
          customer_external_id: customerId,
          file_name: 'x.txt',
          internal: { file_data: bad },
        },
      });
      expect(refused.status).toBe(400);
    }
  });

  it('files an external reference, whose download redirects to its target', async () => {
    const uploaded = await t.call('POST', '/api/v1/customer_documents/upload', {
      body: {
        customer_external_id: customerId,
        file_name: 'statement.pdf',
        external: { file_size: 1234, file_url: 'https://files.example.com/statement.pdf' },
      },
    });
    const document = DocumentShape.parse(uploaded.json());
    expect(document).toMatchObject({
      file_source: 'external',
      file_size: 1234,
      file_url: 'https://files.example.com/statement.pdf',
    });
    const download = await t.call('GET', `/api/v1/customer_documents/${document.id}/download`);
    expect(download.status).toBe(302);
    expect(download.headers.get('location')).toBe('https://files.example.com/statement.pdf');

    const generated = (await search({ limit: 1000 })).documents.find(
      (d) => d.file_source === 'external' && d.file_url.startsWith(t.sandbox.baseUrl),
    );
    expect(generated).toBeDefined();
    const redirect = await t.call('GET', `/api/v1/customer_documents/${generated?.id}/download`);
    expect(redirect.status).toBe(302);
    const target = await fetch(redirect.headers.get('location') ?? '');
    expect(target.status).toBe(200);
  });

  it('update (204) then search shows the new metadata', async () => {
    const document = DocumentShape.parse(
      (
        await t.call('POST', '/api/v1/customer_documents/upload', {
          body: {
            customer_external_id: customerId,
            file_name: 'old.txt',
            display_name: 'Old name',
            internal: { file_data: 'aGVsbG8=' },
          },
        })
      ).json(),
    );
    const update = await t.call('POST', `/api/v1/customer_documents/${document.id}`, {
      body: { display_name: 'Proof of address', tag_codes: ['proof-of-address'] },
    });
    expect(update.status).toBe(204);
    expect(update.text).toBe('');
    const found = await search({
      filters: { display_name: 'proof of addr', customer_external_id: customerId },
      limit: 50,
    });
    expect(found.documents.find((d) => d.id === document.id)).toMatchObject({
      display_name: 'Proof of address',
      tags: ['proof-of-address'],
    });
    const missing = await t.call('POST', '/api/v1/customer_documents/nope', {
      body: { display_name: 'x' },
    });
    expect(missing.status).toBe(404);
  });

  it('delete (204) then download fails cleanly with a 404 error body', async () => {
    const document = DocumentShape.parse(
      (
        await t.call('POST', '/api/v1/customer_documents/upload', {
          body: {
            customer_external_id: customerId,
            file_name: 'gone.txt',
            internal: { file_data: 'Ynll' },
          },
        })
      ).json(),
    );
    expect((await t.call('DELETE', `/api/v1/customer_documents/${document.id}`)).status).toBe(204);
    const download = await t.call('GET', `/api/v1/customer_documents/${document.id}/download`);
    expect(download.status).toBe(404);
    expect(ErrorBodyShape.safeParse(download.json()).success).toBe(true);
    expect((await t.call('DELETE', `/api/v1/customer_documents/${document.id}`)).status).toBe(404);
    expect(
      (await search({ filters: { customer_external_id: customerId }, limit: 1000 })).documents.some(
        (d) => d.id === document.id,
      ),
    ).toBe(false);
  });

  it('applies every search filter and pages with an exact total', async () => {
    const all = (await search({ limit: 1000 })).documents;
    const sample = all[0];
    if (!sample) throw new Error('no documents');
    const count = (test: (d: (typeof all)[number]) => boolean) => all.filter(test).length;
    expect(
      (
        await search({
          filters: { customer_external_id: sample.customer_external_id },
          limit: 1000,
        })
      ).total,
    ).toBe(count((d) => d.customer_external_id === sample.customer_external_id));
    expect(
      (
        await search({
          filters: { file_name: sample.file_name.slice(0, 3).toUpperCase() },
          limit: 1000,
        })
      ).total,
    ).toBe(
      count((d) => d.file_name.toLowerCase().includes(sample.file_name.slice(0, 3).toLowerCase())),
    );
    expect((await search({ filters: { file_types: [sample.file_type] }, limit: 1000 })).total).toBe(
      count((d) => d.file_type === sample.file_type),
    );
    const tag = sample.tags[0];
    if (tag)
      expect((await search({ filters: { tags: [tag] }, limit: 1000 })).total).toBe(
        count((d) => d.tags.includes(tag)),
      );
    const middle =
      [...all].sort((a, b) => a.created_at - b.created_at)[Math.floor(all.length / 2)]
        ?.created_at ?? 0;
    expect((await search({ filters: { min_created_at: middle }, limit: 1000 })).total).toBe(
      count((d) => d.created_at >= middle),
    );
    expect((await search({ filters: { max_created_at: middle }, limit: 1000 })).total).toBe(
      count((d) => d.created_at <= middle),
    );
    expect(await search({ limit: 5, offset: all.length + 1 })).toEqual({
      documents: [],
      total: all.length,
    });
    expect((await search({ limit: 0 })).total).toBe(all.length);
  });

  it('refuses an upload for an unknown customer, or larger than the limit', async () => {
    const unknown = await t.call('POST', '/api/v1/customer_documents/upload', {
      body: {
        customer_external_id: 'no-such-customer',
        file_name: 'x.txt',
        internal: { file_data: 'eA==' },
      },
    });
    expect(unknown.status).toBe(404);
  });
});
