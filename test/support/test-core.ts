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
