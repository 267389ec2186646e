import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  DocumentSearchPage,
  OutboxItemView,
  ProfileView,
  QueueWindow,
  SyncStatusView,
} from '../../preload/contract';
import type { Core } from '../../main/core';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-fixture';
import { syncToEnd } from '../support/sync-to-end';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

/**
 * The service behind a door that counts every request by its token, answers 401 to the tokens
 * told to expire, and lets a newly issued token through as the sandbox's own.
 */
async function startDoor(sandbox: TestSandbox) {
  const seen: string[] = [];
  const expired = new Set<string>();
  const issued = new Set<string>();
  const target = sandbox.sandbox.baseUrl;
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    seen.push(token);
    if (expired.has(token)) {
      response.statusCode = 401;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          errors: [
            {
              code: 'auth.token_expired',
              message: 'The access token has expired',
              deprecated: false,
              will_be_deprecated: false,
            },
          ],
        }),
      );
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length')
        headers[name] = value;
    if (issued.has(token)) headers.authorization = `Bearer ${sandbox.sandbox.token}`;
    const body = Buffer.concat(chunks);
    const answer = await fetch(`${target}${request.url ?? ''}`, {
      method: request.method ?? 'GET',
      headers,
      ...(body.length ? { body } : {}),
    });
    response.statusCode = answer.status;
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'content-encoding')
        response.setHeader(name, value);
    });
    response.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.statusCode = 502;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    expire: (token: string) => expired.add(token),
    issue: (token: string) => issued.add(token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a token the service refuses', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const callOn =
    (core: Core) =>
    async <T>(method: string, input?: unknown): Promise<T> => {
      const reply = await core.dispatch(method, input, { transport: 'browser' });
      if (!reply.ok) throw new Error(`${method}: ${reply.error.code} ${reply.error.message}`);
      return reply.value as T;
    };

  it('after the first 401, nothing more is sent with it; the outbox waits and goes once a new token is saved', async () => {
    const sandbox = await startTestSandbox({ scale: 10, seed: 5 });
    cleanups.push(() => sandbox.close());
    const door = await startDoor(sandbox);
    cleanups.push(() => door.close());
    const folder = makeTempDir();
    cleanups.push(() => folder.remove());
    // A schedule and outbox retries much faster than real ones, so that any call they would make
    // with the refused token is made within the test.
    const core = await createTestCore(folder.path, {
      syncIntervalMs: 100,
      outboxRetryMs: [30],
    });
    cleanups.push(() => core.dispose());
    const call = callOn(core);

    const first = sandbox.sandbox.token;
    const profile = await call<ProfileView>('profiles.save', {
      name: 'Field office',
      baseUrl: door.baseUrl,
      token: first,
      tokenStorage: 'memory',
    });
    await call('profiles.activate', { id: profile.id });
    await syncToEnd(core.events, async () => {
      await call('sync.start');
    });
    const documents = await call<DocumentSearchPage>('documents.search', { limit: 1 });
    const document = documents.rows[0];
    expect(document).toBeDefined();

    // The token expires; the next scheduled sync meets a 401.
    const beforeExpiry = door.seen.length;
    door.expire(first);
    await expect
      .poll(async () => (await call<SyncStatusView>('sync.status')).connectivity, {
        timeout: 20_000,
        interval: 20,
      })
      .toBe('token_refused');
    const countRefused = () => door.seen.filter((token) => token === first).length;
    const atRefusal = countRefused();
    // One refusal: nothing went on after it.
    expect(door.seen.slice(beforeExpiry).filter((token) => token === first)).toHaveLength(1);

    // A write made now waits in the outbox; the schedule, the outbox's retries and a sync asked
    // for send nothing with the refused token.
    await call<OutboxItemView>('documents.update', {
      id: document?.id ?? '',
      displayName: 'Renamed while the token was refused',
    });
    await call('sync.start').catch(() => undefined);
    await pause(600);
    expect(countRefused()).toBe(atRefusal);
    const waiting = await call<OutboxItemView[]>('outbox.list');
    expect(waiting.map((item) => item.state)).toEqual(['queued']);
    // The cache stays readable.
    const queue = await call<QueueWindow>('queue.window', { limit: 5 });
    expect(queue.total).toBeGreaterThan(0);
    const status = await call<SyncStatusView>('sync.status');
    expect(status.connectivity).toBe('token_refused');

    // A new token is saved: the outbox is sent with it, on its own.
    const second = 'new-token-after-expiry-0123456789';
    door.issue(second);
    await call('profiles.save', {
      id: profile.id,
      name: 'Field office',
      baseUrl: door.baseUrl,
      token: second,
      tokenStorage: 'memory',
    });
    await expect
      .poll(async () => (await call<OutboxItemView[]>('outbox.list')).map((item) => item.state), {
        timeout: 20_000,
        interval: 100,
      })
      .toEqual(['done']);
    expect((await call<SyncStatusView>('sync.status')).connectivity).toBe('online');
    expect(door.seen).toContain(second);
    expect(countRefused()).toBe(atRefusal);
  }, 60_000);

  it('a profile whose token was kept in memory opens its cache read-only after a restart', async () => {
    const sandbox = await startTestSandbox({ scale: 10, seed: 6 });
    cleanups.push(() => sandbox.close());
    const folder = makeTempDir();
    cleanups.push(() => folder.remove());
    const before = await createTestCore(folder.path);
    const call = callOn(before);
    const profile = await call<ProfileView>('profiles.save', {
      name: 'Travel',
      baseUrl: sandbox.sandbox.baseUrl,
      token: sandbox.sandbox.token,
      tokenStorage: 'memory',
    });
    await call('profiles.activate', { id: profile.id });
    await syncToEnd(before.events, async () => {
      await call('sync.start');
    });
    const cached = await call<QueueWindow>('queue.window', { limit: 5 });
    expect(cached.total).toBeGreaterThan(0);
    await before.dispose();

    // The restart forgets the token: the cache opens all the same, and syncing says what it needs.
    const after = await createTestCore(folder.path, { syncIntervalMs: 60 });
    cleanups.push(() => after.dispose());
    const again = callOn(after);
    const reopened = await again<QueueWindow>('queue.window', { limit: 5 });
    expect(reopened.total).toBe(cached.total);
    const status = await again<SyncStatusView>('sync.start');
    expect(status.profileId).toBe(profile.id);
    expect(status.connectivity).toBe('token_missing');
    expect(status.lastError ?? '').toMatch(/enter the token to sync/i);
  }, 60_000);
});
