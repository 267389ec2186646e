import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import type { ProfileView, ProfilesState } from '../../preload/contract';
import { startFakeService, type FakeService } from '../support/fake-service';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

/**
 * A stored token goes only to the origin it was entered for. `elsewhere` is another listener on
 * this computer (another port, so another origin): whatever the window asks, it must never see
 * the token.
 */
describe('a stored token stays with its origin, through the bridge', () => {
  let home: FakeService;
  let elsewhere: FakeService;
  let temp: ReturnType<typeof makeTempDir>;
  let core: Core;
  let saved: ProfileView;
  const call = (method: string, input?: unknown) =>
    core.dispatch(method, input, { transport: 'browser' });

  beforeAll(async () => {
    home = await startFakeService();
    elsewhere = await startFakeService('elsewhere-token-0000');
  });
  afterAll(async () => {
    await home.close();
    await elsewhere.close();
  });
  beforeEach(async () => {
    elsewhere.requests.length = 0;
    temp = makeTempDir('casedesk-token-origin-');
    core = await createTestCore(temp.path);
    const reply = await call('profiles.save', {
      name: 'Home',
      baseUrl: home.baseUrl,
      token: home.token,
      tokenStorage: 'weak',
    });
    if (!reply.ok) throw new Error(reply.error.message);
    saved = reply.value as ProfileView;
  });
  afterEach(async () => {
    await core.dispose();
    temp.remove();
    expect(elsewhere.requests.filter((request) => request.authorization !== undefined)).toEqual([]);
  });

  it('testConnection against another origin needs a token typed with it', async () => {
    const reply = await call('profiles.testConnection', {
      id: saved.id,
      baseUrl: elsewhere.baseUrl,
    });
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(reply.ok ? '' : reply.error.message).toMatch(/token/i);
    expect(elsewhere.requests).toEqual([]);

    // Typed with the test, a token goes where the user said; the stored one still works at home.
    const typed = await call('profiles.testConnection', {
      id: saved.id,
      baseUrl: elsewhere.baseUrl,
      token: 'elsewhere-token-0000',
    });
    expect(typed).toMatchObject({ ok: true, value: { outcome: 'ok' } });
    expect(elsewhere.requests.at(-1)?.authorization).toBe('Bearer elsewhere-token-0000');
    elsewhere.requests.length = 0;
    const atHome = await call('profiles.testConnection', { id: saved.id, baseUrl: home.baseUrl });
    expect(atHome).toMatchObject({ ok: true, value: { outcome: 'ok' } });
  });

  it('save with another origin and no token drops the stored token and asks for it again', async () => {
    const reply = await call('profiles.save', {
      id: saved.id,
      name: 'Home',
      baseUrl: elsewhere.baseUrl,
      tokenStorage: 'weak',
    });
    expect(reply).toMatchObject({ ok: true, value: { hasToken: false } });
    const state = await call('profiles.list');
    expect(state.ok && (state.value as ProfilesState).profiles[0]).toMatchObject({
      baseUrl: elsewhere.baseUrl,
      hasToken: false,
    });
    // Nothing to sync with, and nothing to test with, until the user types a token.
    const sync = await call('sync.start');
    expect(sync.ok ? sync.value : sync.error).toMatchObject(
      sync.ok ? { connectivity: 'token_missing' } : { code: 'unavailable' },
    );
    expect(elsewhere.requests.filter((request) => request.authorization)).toEqual([]);
    expect(
      await call('profiles.testConnection', { id: saved.id, baseUrl: elsewhere.baseUrl }),
    ).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // Moving back does not bring it back: it was dropped, not hidden.
    const back = await call('profiles.save', {
      id: saved.id,
      name: 'Home',
      baseUrl: home.baseUrl,
      tokenStorage: 'weak',
    });
    expect(back).toMatchObject({ ok: true, value: { hasToken: false } });
    expect(elsewhere.requests).toEqual([]);
  });

  it('a change of path on the same origin keeps the token', async () => {
    const reply = await call('profiles.save', {
      id: saved.id,
      name: 'Home',
      baseUrl: `${home.baseUrl}/tenant`,
      tokenStorage: 'weak',
    });
    expect(reply).toMatchObject({ ok: true, value: { hasToken: true } });
  });
});
