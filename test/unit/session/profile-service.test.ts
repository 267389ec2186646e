import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConnectionTestResult, EventName } from '../../../preload/contract';
import { AppError } from '../../../main/lib/app-error';
import { createEventHub } from '../../../main/lib/event-hub';
import { silentLogger } from '../../../main/lib/logger';
import { createProfileService } from '../../../main/session/profile-service';
import { openProfileStore } from '../../../main/session/profile-store';
import { openTokenVault, type TokenCipher } from '../../../main/session/token-vault';
import { fakeKeyring } from '../../support/fake-cipher';
import { makeTempDir } from '../../support/temp-dir';

const TOKEN = 'tok_0123456789abcdefXYZ';

const okResult = (): ConnectionTestResult => ({
  outcome: 'ok',
  message: 'Connected',
  httpStatus: 200,
  latencyMs: 3,
  testedAt: '2026-11-21T10:00:00.000Z',
});

const SANDBOX = {
  id: 'builtin-sandbox',
  name: 'Sandbox',
  baseUrl: 'http://127.0.0.1:4999',
  token: 'sandbox-token-abcdef',
};

async function open(
  dataDir: string,
  cipher: TokenCipher | null,
  builtIn: typeof SANDBOX | null = null,
) {
  const vault = await openTokenVault({ dataDir, cipher, logger: silentLogger });
  const events = createEventHub(() => vault.knownTokens());
  const emitted: EventName[] = [];
  events.subscribe((name) => emitted.push(name));
  const probes: Array<{ baseUrl: string; token: string; caFile: string | null }> = [];
  const service = createProfileService({
    store: await openProfileStore({ dataDir, logger: silentLogger }),
    vault,
    events,
    builtIn,
    probe: (target) => {
      probes.push(target);
      return Promise.resolve(okResult());
    },
  });
  return { service, emitted, probes };
}

async function expectAppError(promise: Promise<unknown>, code: string, message: RegExp) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(message);
}

describe('profile service', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('adds a profile, makes the first one active and tells listeners', async () => {
    const { service, emitted } = await open(temp.path, fakeKeyring());
    const saved = await service.save({
      name: 'Prod',
      baseUrl: 'https://prod.example',
      token: TOKEN,
      tokenStorage: 'secure',
    });
    expect(saved).toMatchObject({
      name: 'Prod',
      baseUrl: 'https://prod.example',
      hasToken: true,
      tokenStorage: 'secure',
    });
    expect(service.list().activeProfileId).toBe(saved.id);
    expect(emitted).toContain('profiles.changed');
    expect(JSON.stringify(service.list())).not.toContain(TOKEN);
  });

  it('needs a token to create, and a unique name', async () => {
    const { service } = await open(temp.path, fakeKeyring());
    await expectAppError(
      service.save({ name: 'A', baseUrl: 'https://a.example', tokenStorage: 'secure' }),
      'invalid_input',
      /token/,
    );
    await service.save({
      name: 'Prod',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'secure',
    });
    await expectAppError(
      service.save({
        name: 'prod',
        baseUrl: 'https://b.example',
        token: TOKEN,
        tokenStorage: 'secure',
      }),
      'conflict',
      /already exists/,
    );
  });

  it('refuses secure storage where there is no keyring, and says what to do', async () => {
    const { service } = await open(temp.path, null);
    const status = service.list().secretStorage;
    expect(status.secureAvailable).toBe(false);
    expect(status.warning).toMatch(/memory/);
    await expectAppError(
      service.save({
        name: 'A',
        baseUrl: 'https://a.example',
        token: TOKEN,
        tokenStorage: 'secure',
      }),
      'secure_storage_unavailable',
      /memory/,
    );
    const basicText = await open(makeTempDir().path, fakeKeyring(false));
    expect(basicText.service.list().secretStorage).toMatchObject({
      secureAvailable: false,
      backend: 'basic_text',
    });
  });

  it('keeps a secure token encrypted on disk and readable after a restart', async () => {
    const first = await open(temp.path, fakeKeyring());
    const saved = await first.service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'secure',
    });
    const onDisk = readFileSync(join(temp.path, 'tokens.json'), 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    const second = await open(temp.path, fakeKeyring());
    expect(second.service.activeCredentials()).toMatchObject({
      token: TOKEN,
      profile: { id: saved.id },
    });
  });

  it('keeps a weak token in a file only this user can read', async () => {
    const { service } = await open(temp.path, null);
    await service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'weak',
    });
    const file = join(temp.path, 'tokens.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(temp.path, 'profiles.json'), 'utf8')).not.toContain(TOKEN);
    expect((await open(temp.path, null)).service.activeCredentials()?.token).toBe(TOKEN);
  });

  it('forgets an in-memory token at restart, and says the profile has none', async () => {
    const { service } = await open(temp.path, null);
    await service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'memory',
    });
    expect(service.activeCredentials()?.token).toBe(TOKEN);
    for (const name of ['tokens.json', 'profiles.json']) {
      try {
        expect(readFileSync(join(temp.path, name), 'utf8')).not.toContain(TOKEN);
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOENT');
      }
    }
    const restarted = await open(temp.path, null);
    expect(restarted.service.list().profiles[0]).toMatchObject({ name: 'A', hasToken: false });
    expect(restarted.service.activeCredentials()).toBeNull();
  });

  it('after a restart, a profile whose token was kept in memory is still the active profile', async () => {
    const { service } = await open(temp.path, null);
    const saved = await service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'memory',
    });
    const restarted = await open(temp.path, null);
    // Its cache opens from the profile alone; only calling the service needs the token.
    expect(restarted.service.activeProfile()).toMatchObject({
      id: saved.id,
      name: 'A',
      hasToken: false,
    });
    expect(JSON.stringify(restarted.service.activeProfile())).not.toContain(TOKEN);
  });

  it('edits without a token keep the stored one; moving storage needs it again when none is known', async () => {
    const { service } = await open(temp.path, null);
    const saved = await service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'weak',
    });
    await service.save({
      id: saved.id,
      name: 'A2',
      baseUrl: 'https://a.example',
      tokenStorage: 'weak',
    });
    expect(service.activeCredentials()).toMatchObject({ token: TOKEN, profile: { name: 'A2' } });
    await service.save({
      id: saved.id,
      name: 'A2',
      baseUrl: 'https://a.example',
      tokenStorage: 'memory',
    });
    expect(readFileSync(join(temp.path, 'tokens.json'), 'utf8')).not.toContain(TOKEN);
    expect(service.activeCredentials()?.token).toBe(TOKEN);

    const restarted = await open(temp.path, null);
    await expectAppError(
      restarted.service.save({
        id: saved.id,
        name: 'A2',
        baseUrl: 'https://a.example',
        tokenStorage: 'weak',
      }),
      'invalid_input',
      /token again/,
    );
  });

  it('switches and removes profiles, removing the token with them', async () => {
    const { service } = await open(temp.path, null);
    const a = await service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'weak',
    });
    const b = await service.save({
      name: 'B',
      baseUrl: 'https://b.example',
      token: `${TOKEN}b`,
      tokenStorage: 'weak',
    });
    expect(service.list().activeProfileId).toBe(a.id);
    await service.activate(b.id);
    expect(service.list().activeProfileId).toBe(b.id);
    const after = await service.remove(b.id);
    expect(after.activeProfileId).toBe(a.id);
    expect(after.profiles.map((profile) => profile.name)).toEqual(['A']);
    expect(readFileSync(join(temp.path, 'tokens.json'), 'utf8')).not.toContain(`${TOKEN}b`);
    await expectAppError(service.activate(b.id), 'not_found', /no longer exists/);
  });

  it('tests with the stored token and remembers the result on the profile', async () => {
    const { service, probes } = await open(temp.path, null);
    const saved = await service.save({
      name: 'A',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'weak',
    });
    const result = await service.testConnection({ id: saved.id, baseUrl: 'https://a.example' });
    expect(result.outcome).toBe('ok');
    expect(probes).toEqual([{ baseUrl: 'https://a.example', token: TOKEN, caFile: null }]);
    expect(service.list().profiles[0]?.lastTest?.outcome).toBe('ok');
    // A draft URL is tested (with a token typed for it) but not recorded against the saved profile.
    await service.testConnection({
      id: saved.id,
      baseUrl: 'https://other.example',
      token: `${TOKEN}other`,
    });
    expect(service.list().profiles[0]?.lastTest?.testedAt).toBe(result.testedAt);
  });

  it('starts empty when profiles.json is damaged, keeping the damaged file aside', async () => {
    writeFileSync(join(temp.path, 'profiles.json'), '{"version": 1, "profiles": [tru');
    const { service } = await open(temp.path, null);
    expect(service.list().profiles).toEqual([]);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(temp.path).some((name) => name.startsWith('profiles.json.damaged-'))).toBe(
      true,
    );
  });

  it('offers the built-in sandbox first, active until the user switches to a profile of their own', async () => {
    const { service, probes } = await open(temp.path, null, SANDBOX);
    expect(service.list().profiles.map((profile) => [profile.name, profile.builtIn])).toEqual([
      ['Sandbox', true],
    ]);
    expect(service.list().activeProfileId).toBe(SANDBOX.id);
    expect(service.activeCredentials()?.token).toBe(SANDBOX.token);
    await service.testConnection({ id: SANDBOX.id, baseUrl: SANDBOX.baseUrl });
    expect(probes.at(-1)).toEqual({ baseUrl: SANDBOX.baseUrl, token: SANDBOX.token, caFile: null });

    const own = await service.save({
      name: 'Prod',
      baseUrl: 'https://prod.example',
      token: TOKEN,
      tokenStorage: 'weak',
    });
    // Adding a profile does not switch to it.
    expect(service.list().activeProfileId).toBe(SANDBOX.id);
    await service.activate(own.id);
    expect(service.list().activeProfileId).toBe(own.id);
    await service.activate(SANDBOX.id);
    expect(service.activeCredentials()?.profile.builtIn).toBe(true);
    // The sandbox profile is not the user's to change, and its name is taken.
    await expectAppError(service.remove(SANDBOX.id), 'conflict', /built-in/);
    await expectAppError(
      service.save({
        id: SANDBOX.id,
        name: 'X',
        baseUrl: 'https://x.example',
        tokenStorage: 'weak',
      }),
      'conflict',
      /built-in/,
    );
    await expectAppError(
      service.save({
        name: 'sandbox',
        baseUrl: 'https://x.example',
        token: TOKEN,
        tokenStorage: 'weak',
      }),
      'conflict',
      /already exists/,
    );
    // Its token is never written down.
    expect(readFileSync(join(temp.path, 'tokens.json'), 'utf8')).not.toContain(SANDBOX.token);
    expect(readFileSync(join(temp.path, 'profiles.json'), 'utf8')).not.toContain(SANDBOX.token);
  });

  it('keeps a CA file with the profile and tests the connection trusting it', async () => {
    const { service, probes } = await open(temp.path, null);
    const saved = await service.save({
      name: 'Behind the proxy',
      baseUrl: 'https://a.example',
      token: TOKEN,
      tokenStorage: 'weak',
      caFile: '/etc/ssl/company.pem',
    });
    expect(saved.caFile).toBe('/etc/ssl/company.pem');
    await service.testConnection({ id: saved.id, baseUrl: 'https://a.example' });
    expect(probes.at(-1)?.caFile).toBe('/etc/ssl/company.pem');
    // An edit that does not mention it keeps it; an empty one removes it.
    expect(
      (
        await service.save({
          id: saved.id,
          name: 'Behind the proxy',
          baseUrl: 'https://a.example',
          tokenStorage: 'weak',
        })
      ).caFile,
    ).toBe('/etc/ssl/company.pem');
    expect(
      (
        await service.save({
          id: saved.id,
          name: 'Behind the proxy',
          baseUrl: 'https://a.example',
          tokenStorage: 'weak',
          caFile: null,
        })
      ).caFile,
    ).toBeNull();
  });

  it('sends a stored token only to the origin it was entered for', async () => {
    const { service, probes } = await open(temp.path, null);
    const saved = await service.save({
      name: 'A',
      baseUrl: 'https://a.example/tenant',
      token: TOKEN,
      tokenStorage: 'weak',
    });
    // Another scheme, host or port is another origin: no test without a token typed for it.
    for (const baseUrl of [
      'https://a.example:8443/tenant',
      'https://b.example/tenant',
      'http://127.0.0.1:9/tenant',
    ]) {
      await expectAppError(
        service.testConnection({ id: saved.id, baseUrl }),
        'invalid_input',
        /only sent to https:\/\/a\.example\. Enter the token/,
      );
    }
    expect(probes).toEqual([]);
    // Another path on the same origin is the same service.
    await service.testConnection({ id: saved.id, baseUrl: 'https://a.example/other' });
    expect(probes).toEqual([{ baseUrl: 'https://a.example/other', token: TOKEN, caFile: null }]);

    // Saved with another origin and no token: the token is dropped, from disk too.
    const moved = await service.save({
      id: saved.id,
      name: 'A',
      baseUrl: 'https://b.example',
      tokenStorage: 'weak',
    });
    expect(moved.hasToken).toBe(false);
    expect(service.activeCredentials()).toBeNull();
    expect(readFileSync(join(temp.path, 'tokens.json'), 'utf8')).not.toContain(TOKEN);
    // With a token typed for the new origin, the profile works again.
    await service.save({
      id: saved.id,
      name: 'A',
      baseUrl: 'https://b.example',
      token: `${TOKEN}b`,
      tokenStorage: 'weak',
    });
    expect(service.activeCredentials()?.token).toBe(`${TOKEN}b`);
  });
});
