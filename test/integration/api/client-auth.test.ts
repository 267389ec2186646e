import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../main/api/service-client';
import { ServiceError } from '../../../main/api/service-error';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox-fixture';
import { clientFor, failureOf, recordingDispatcher } from './client-fixture';
import { answer, serve } from './local-server';

const SECRET = 'wrong-token-ZX81-do-not-leak';

function expectNoToken(error: unknown, token: string) {
  expect(error).toBeInstanceOf(ServiceError);
  const service = error as ServiceError;
  for (const text of [
    service.message,
    String(service),
    service.stack ?? '',
    JSON.stringify(service),
    inspect(service, { depth: 8 }),
  ])
    expect(text).not.toContain(token);
}

describe('service client: authentication', () => {
  let t: TestSandbox;
  beforeAll(async () => {
    t = await startTestSandbox({ scale: 20 });
  });
  afterAll(() => t.close());

  it('maps a refused token to an auth error, once, without the token anywhere', async () => {
    const refused: ServiceError[] = [];
    const { client, retries } = clientFor(t, {
      token: SECRET,
      onAuthFailure: (error) => refused.push(error),
    });
    const error = await failureOf(client.alerts.search({ limit: 1 }));
    expect(error).toMatchObject({
      kind: 'auth',
      status: 401,
      operation: 'alerts.search',
      // The v2 code, not the deprecated v1 one the sandbox sends beside it.
      code: 'auth.token_invalid',
      retryable: false,
      outcomeUnknown: false,
    });
    expect((error as ServiceError).message).toMatch(/refused the access token/);
    expect(refused).toEqual([error]);
    expect(retries).toEqual([]);
    expectNoToken(error, SECRET);
    await client.close();
  });

  it('sends the bearer token on every call', async () => {
    const recorder = recordingDispatcher();
    const { client } = clientFor(t, { dispatcher: recorder.dispatcher });
    await client.alerts.search({ limit: 1 });
    await client.customers.stats('nobody').catch(() => undefined);
    expect(recorder.sent).toHaveLength(2);
    await recorder.close();
  });

  it('refuses an empty token locally, without sending anything', async () => {
    const recorder = recordingDispatcher();
    let calls = 0;
    const client = createServiceClient({
      baseUrl: t.sandbox.baseUrl,
      getToken: () => '  ',
      dispatcher: recorder.dispatcher,
      onAuthFailure: () => (calls += 1),
    });
    const error = await failureOf(client.alerts.search({}));
    expect(error).toMatchObject({ kind: 'auth', status: null });
    expect((error as ServiceError).message).toMatch(/no usable access token/);
    expect(recorder.sent).toHaveLength(0);
    expect(calls).toBe(1);
    await recorder.close();
  });
});

describe('service client: auth answers of other services', () => {
  it('treats a 403 as auth only when its code is about the credentials', async () => {
    const expired = await answer(403, {
      errors: [{ code: 'auth.token_expired', message: 'Token expired', deprecated: false }],
    });
    const denied = await answer(403, {
      errors: [{ code: 'permission.denied', message: 'Not allowed', deprecated: false }],
    });
    let calls = 0;
    const options = { token: 'good-token', onAuthFailure: () => (calls += 1) };
    const first = createServiceClient({ baseUrl: expired.baseUrl, ...options });
    const second = createServiceClient({ baseUrl: denied.baseUrl, ...options });
    expect(await failureOf(first.alerts.search({}))).toMatchObject({ kind: 'auth', status: 403 });
    expect(await failureOf(second.alerts.search({}))).toMatchObject({ kind: 'http', status: 403 });
    expect(calls).toBe(1);
    await Promise.all([first.close(), second.close(), expired.close(), denied.close()]);
  });

  it('reads the token again for every call: a changed one is checked, an unusable one not sent', async () => {
    const seen: Array<string | undefined> = [];
    const server = await serve((request, response) => {
      request.resume();
      seen.push(request.headers.authorization);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const tokens: Array<() => string | Promise<string>> = [
      () => 'first-token-1234',
      () => 'first-token-1234',
      () => 'bad token',
      () => Promise.resolve('second-token-5678'),
      () => Promise.reject(new Error('keychain locked')),
      () => 'first-token-1234',
      () => {
        throw new Error('keychain gone');
      },
    ];
    let call = 0;
    const client = createServiceClient({
      baseUrl: server.baseUrl,
      getToken: () => (tokens[call++] ?? (() => ''))(),
      retry: { maxAttempts: 1 },
    });
    const outcomes: string[] = [];
    for (let index = 0; index < tokens.length; index += 1)
      outcomes.push(
        await client.kyt.createTransactionAsReceived({ amount: index }).then(
          () => 'sent',
          (error: ServiceError) => `${error.kind} ${error.status ?? 'local'}`,
        ),
      );
    expect(outcomes).toEqual([
      'sent',
      'sent',
      'auth local',
      'sent',
      'auth local',
      'sent',
      'auth local',
    ]);
    expect(seen).toEqual([
      'Bearer first-token-1234',
      'Bearer first-token-1234',
      'Bearer second-token-5678',
      'Bearer first-token-1234',
    ]);
    await Promise.all([client.close(), server.close()]);
  });

  it('scrubs a token a proxy or service echoes back in its error', async () => {
    const token = 'echoed-token-4242-secret';
    const server = await answer(401, {
      errors: [{ code: 'unauthorized', message: `Bearer ${token} is not valid` }],
    });
    const client = createServiceClient({ baseUrl: server.baseUrl, token });
    const error = await failureOf(client.threads.search({}));
    expect((error as ServiceError).serviceMessage).toBe('Bearer [token] is not valid');
    expectNoToken(error, token);
    await Promise.all([client.close(), server.close()]);
  });
});
