import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BareErrorBodyShape, ErrorBodyShape } from '../../support/spec-shapes';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

// The 17 operations of the interface, with a body where they take one.
const OPERATIONS: Array<{ method: string; path: string; body?: unknown; bare?: boolean }> = [
  { method: 'POST', path: '/api/v1/kyt/transaction', body: {} },
  { method: 'POST', path: '/api/v1/customers/save', body: { customers: [] } },
  { method: 'GET', path: '/api/v1/customers/C1' },
  { method: 'GET', path: '/api/v1/customers/C1/stats' },
  { method: 'GET', path: '/api/v1/customers/C1/timeline' },
  { method: 'POST', path: '/api/v1/customer_documents/upload', body: {} },
  { method: 'POST', path: '/api/v1/customer_documents/D1', body: {} },
  { method: 'POST', path: '/api/v1/customer_documents/search', body: {} },
  { method: 'GET', path: '/api/v1/customer_documents/D1/download' },
  { method: 'DELETE', path: '/api/v1/customer_documents/D1' },
  { method: 'POST', path: '/api/v1/alerts/search', body: {} },
  { method: 'POST', path: '/api/v1/thread/search', body: {}, bare: true },
  { method: 'GET', path: '/api/v1/chat/attachment/A1', bare: true },
  { method: 'POST', path: '/api/v1/press/instantreport', body: { name: 'x' } },
  { method: 'GET', path: '/api/v1/press/reportbody/R1' },
  { method: 'POST', path: '/api/v1/press/report/C1/forcegen' },
];

describe('sandbox auth and errors', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterAll(() => t.close());

  it.each(OPERATIONS)(
    '$method $path refuses a missing or wrong token with the error body',
    async (operation) => {
      for (const token of [null, 'wrong-token', `${t.sandbox.token}x`]) {
        const response = await t.call(operation.method, operation.path, {
          body: operation.body,
          token,
        });
        expect(response.status).toBe(401);
        const shape = operation.bare ? BareErrorBodyShape : ErrorBodyShape;
        expect(shape.safeParse(response.json()).success).toBe(true);
      }
    },
  );

  it('carries a deprecated v1 error beside its v2 counterpart', async () => {
    const response = await t.call('GET', '/api/v1/customers/C1', { token: 'nope' });
    const { errors } = ErrorBodyShape.parse(response.json());
    expect(errors.some((error) => error.deprecated)).toBe(true);
    expect(errors.some((error) => !error.deprecated && !error.will_be_deprecated)).toBe(true);
  });

  it('answers thread search and attachment errors with code and message only', async () => {
    const response = await t.call('POST', '/api/v1/thread/search', { body: { per_page: 'ten' } });
    expect(response.status).toBe(400);
    expect(BareErrorBodyShape.parse(response.json()).errors[0]).not.toHaveProperty('deprecated');
    const missing = await t.call('GET', '/api/v1/chat/attachment/does-not-exist');
    expect(missing.status).toBe(404);
    expect(BareErrorBodyShape.safeParse(missing.json()).success).toBe(true);
  });

  it.each([
    ['wrong types', '/api/v1/alerts/search', { limit: 'fifty' }],
    ['unknown state values', '/api/v1/alerts/search', { states: [2, 9] }],
    ['unknown categories', '/api/v1/alerts/search', { categories: ['pep', 'terrorist'] }],
    [
      'dates without an offset',
      '/api/v1/alerts/search',
      { creation_date_from: '2025-01-01T00:00:00' },
    ],
    ['negative offsets', '/api/v1/alerts/search', { offset: -1 }],
    [
      'an external_id that is not text',
      '/api/v1/customers/save',
      { customers: [{ external_id: 42, account_type: 'N', last_name: 'Doe' }] },
    ],
    ['a customer line that is not an object', '/api/v1/customers/save', { customers: ['C-1'] }],
    [
      'a relation type that is not a number',
      '/api/v1/customers/save',
      {
        relations: [
          {
            relation_external_id: 'R',
            parent_customer_external_id: 'A',
            child_customer_external_id: 'B',
            relation_type: '4',
          },
        ],
      },
    ],
    [
      'more than 1000 customers',
      '/api/v1/customers/save',
      { customers: Array.from({ length: 1001 }, (_, i) => ({ external_id: `C-${i}` })) },
    ],
    [
      'customers that are not a list',
      '/api/v1/customers/save',
      { customers: { external_id: 'x' } },
    ],
    [
      'an upload with both content kinds',
      '/api/v1/customer_documents/upload',
      {
        customer_external_id: 'x',
        file_name: 'a.txt',
        internal: { file_data: 'YQ==' },
        external: { file_size: 1, file_url: 'https://a.example/x' },
      },
    ],
    [
      'an upload with bad base64',
      '/api/v1/customer_documents/upload',
      { customer_external_id: 'x', file_name: 'a.txt', internal: { file_data: 'not base64!' } },
    ],
    [
      'a KYT transaction without an amount',
      '/api/v1/kyt/transaction',
      { currency: 'EUR', external_id: 't1', from: {}, to: {} },
    ],
    ['a thread page counted from 0', '/api/v1/thread/search', { on_page: 0 }],
  ])('refuses %s with a 400 and the error body', async (_name, path, body) => {
    const response = await t.call('POST', path, { body });
    expect(response.status).toBe(400);
    const parsed = path.includes('thread')
      ? BareErrorBodyShape.safeParse(response.json())
      : ErrorBodyShape.safeParse(response.json());
    expect(parsed.success).toBe(true);
  });

  it('refuses malformed JSON, other media types and oversized bodies with a 4xx', async () => {
    const malformed = await t.call('POST', '/api/v1/alerts/search', { rawBody: '{"limit": 5,' });
    expect(malformed.status).toBe(400);
    expect(ErrorBodyShape.parse(malformed.json()).errors.at(-1)?.code).toBe(
      'request.malformed_json',
    );
    const form = await t.call('POST', '/api/v1/alerts/search', {
      rawBody: 'limit=5',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const huge = await t.call('POST', '/api/v1/alerts/search', {
      rawBody: JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(ErrorBodyShape.safeParse(huge.json()).success).toBe(true);
  });

  it('answers unknown routes and methods with the error body, never a crash', async () => {
    expect((await t.call('GET', '/api/v1/nothing-here')).status).toBe(404);
    const wrongMethod = await t.call('GET', '/api/v1/alerts/search');
    expect(wrongMethod.status).toBe(405);
    expect(ErrorBodyShape.safeParse(wrongMethod.json()).success).toBe(true);
    // Still serving afterwards.
    expect((await t.call('POST', '/api/v1/alerts/search', { body: { limit: 1 } })).status).toBe(
      200,
    );
  });
});
