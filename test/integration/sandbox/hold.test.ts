import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';

describe('sandbox hold', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterAll(() => t.close());

  it('holds requests to one path until released, and lets others through', async () => {
    expect(
      (await t.call('PUT', '/__sandbox/hold', { body: { path: '/alerts/search' }, token: 'no' }))
        .status,
    ).toBe(401);
    expect((await t.call('PUT', '/__sandbox/hold', { body: { path: 'alerts' } })).status).toBe(400);
    const held = await t.call('PUT', '/__sandbox/hold', { body: { path: '/alerts/search' } });
    expect(held.json()).toEqual({ paths: ['/alerts/search'], waiting: 0 });

    let answered = false;
    const waiting = t.call('POST', '/api/v1/alerts/search', { body: { limit: 1 } }).then((r) => {
      answered = true;
      return r.status;
    });
    await expect
      .poll(
        async () => (await t.call('GET', '/__sandbox/hold')).json<{ waiting: number }>().waiting,
      )
      .toBe(1);
    // Another path is not held.
    expect(
      (await t.call('POST', '/api/v1/customer_documents/search', { body: { limit: 1 } })).status,
    ).toBe(200);
    expect(answered).toBe(false);

    expect((await t.call('DELETE', '/__sandbox/hold')).json()).toEqual({ paths: [], waiting: 0 });
    expect(await waiting).toBe(200);
    expect((await t.call('POST', '/api/v1/alerts/search', { body: { limit: 1 } })).status).toBe(
      200,
    );
  });

  it('drops a held request whose client gave up: no longer waiting, never carried out', async () => {
    await t.call('PUT', '/__sandbox/hold', { body: { path: '/customer_documents/upload' } });
    const gaveUp = new AbortController();
    const upload = fetch(`${t.sandbox.baseUrl}/api/v1/customer_documents/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.sandbox.token}`, 'content-type': 'application/json' },
      body: '{}',
      signal: gaveUp.signal,
    }).catch(() => 'gave up');
    const waiting = async () =>
      (await t.call('GET', '/__sandbox/hold')).json<{ waiting: number }>().waiting;
    await expect.poll(waiting).toBe(1);
    gaveUp.abort();
    expect(await upload).toBe('gave up');
    await expect.poll(waiting).toBe(0);
    expect((await t.call('DELETE', '/__sandbox/hold')).json()).toEqual({ paths: [], waiting: 0 });
  });
});
