import { join } from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../main/core';
import { silentLogger } from '../../main/lib/logger';

/**
 * CaseDesk's core as the tests open it: no keyring, no system browser, no built-in sandbox and no
 * background sync unless a test asks for them.
 */
export function createTestCore(dataDir: string, options: Partial<CoreOptions> = {}): Promise<Core> {
  return createCore({
    dataDir,
    version: 'test',
    logger: silentLogger,
    cipher: null,
    openExternal: null,
    sandbox: null,
    syncIntervalMs: 0,
    ...options,
  });
}

/**
 * A profile saved and opened once, as the app leaves it (cache, outbox and local store made), with
 * the core closed again; answers the profile's folder, for tests that then change its files.
 */
export async function savedProfileFolder(dataDir: string): Promise<string> {
  const core = await createTestCore(dataDir);
  try {
    const saved = await core.dispatch(
      'profiles.save',
      { name: 'Field office', baseUrl: 'http://127.0.0.1:9', token: 't0ken', tokenStorage: 'weak' },
      { transport: 'browser' },
    );
    if (!saved.ok) throw new Error(saved.error.message);
    const opened = await core.dispatch('sync.status', undefined, { transport: 'browser' });
    if (!opened.ok) throw new Error(opened.error.message);
    return join(dataDir, 'profiles', (saved.value as { id: string }).id);
  } finally {
    await core.dispose();
  }
}
