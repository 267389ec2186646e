import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../../main/lib/logger';
import { createTokenGate } from '../../../main/workspace/token-gate';
import { makeTempDir } from '../../support/temp-dir';
import { activeProfile, profileView } from './active-profile';

describe('the token gate', () => {
  const temp = makeTempDir('casedesk-token-gate-');
  afterAll(() => temp.remove());

  it('keeps a refused token refused after a restart, until a new token is saved', async () => {
    const path = join(temp.path, 'refused-tokens.json');
    const active = activeProfile();
    const first = createTokenGate({
      profiles: active.profiles,
      refusedFile: path,
      logger: silentLogger,
    });
    expect(first.tokenFor('p-1', 'http://127.0.0.1:9')).toBe('t0ken');
    first.refuse('p-1');
    await first.saved();
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).not.toContain('t0ken');

    // A restart: a new gate over the same folder, the same token read back from the keyring.
    const again = createTokenGate({
      profiles: active.profiles,
      refusedFile: path,
      logger: silentLogger,
    });
    expect(again.check('p-1', 'http://127.0.0.1:9')).toMatchObject({
      ok: false,
      reason: 'token_refused',
    });
    expect(() => again.tokenFor('p-1', 'http://127.0.0.1:9')).toThrow(/refused/);

    active.setToken('new-t0ken');
    expect(again.tokenFor('p-1', 'http://127.0.0.1:9')).toBe('new-t0ken');
    await again.saved();
    // The old token, saved back, is still refused; the new one stays accepted after a restart.
    const third = createTokenGate({
      profiles: active.profiles,
      refusedFile: path,
      logger: silentLogger,
    });
    expect(third.check('p-1', 'http://127.0.0.1:9')).toMatchObject({ ok: true });
  });

  it('treats a damaged file of refused tokens as empty, with a log line', () => {
    const path = join(temp.path, 'damaged-refused.json');
    writeFileSync(path, '{"p-1": 12');
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (message) => warnings.push(message) };
    const gate = createTokenGate({ profiles: activeProfile().profiles, refusedFile: path, logger });
    expect(gate.check('p-1', 'http://127.0.0.1:9')).toMatchObject({ ok: true });
    expect(warnings.join('\n')).toMatch(/refused/);
  });

  it('hands the token only to a workspace at the origin it was saved for', () => {
    const active = activeProfile(profileView({ baseUrl: 'https://old.example' }));
    const gate = createTokenGate({ profiles: active.profiles });
    expect(gate.tokenFor('p-1', 'https://old.example/api')).toBe('t0ken');
    // The profile moves to another origin with a new token; the old workspace is still open
    // until the switch ends, and must not send the new token to the old address.
    active.choose(profileView({ baseUrl: 'https://new.example' }));
    active.setToken('new-t0ken');
    expect(() => gate.tokenFor('p-1', 'https://old.example')).toThrow(/Enter the token/);
    expect(gate.check('p-1', 'https://old.example')).toMatchObject({ ok: false });
    expect(gate.tokenFor('p-1', 'https://new.example')).toBe('new-t0ken');
  });
});
