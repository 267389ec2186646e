import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core';
import { makeTempDir } from '../support/temp-dir';
import { createTestCore } from '../support/test-core';

/** Every file and folder under `root`, with its permission bits. */
function modes(root: string): Map<string, { folder: boolean; mode: number }> {
  const found = new Map<string, { folder: boolean; mode: number }>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      found.set(relative(root, path), {
        folder: entry.isDirectory(),
        mode: statSync(path).mode & 0o777,
      });
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return found;
}

describe.skipIf(process.platform === 'win32')('files CaseDesk creates in its data folder', () => {
  const temp = makeTempDir('casedesk-modes-');
  let core: Core | null = null;
  afterAll(async () => {
    await core?.dispose();
    temp.remove();
  });

  it('are private to the user (files 0600, folders 0700), also when the data folder already existed', async () => {
    const dataDir = join(temp.path, 'data');
    // A data folder made by someone else, readable by all: what is created inside must not be.
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    core = await createTestCore(dataDir);
    const call = async (method: string, input?: unknown) => {
      const reply = await core!.dispatch(method, input, { transport: 'browser' });
      if (!reply.ok) throw new Error(`${method}: ${reply.error.message}`);
      return reply.value as { id?: string };
    };
    const profile = await call('profiles.save', {
      name: 'Modes',
      baseUrl: 'http://127.0.0.1:9',
      token: 'modes-token-1234',
      tokenStorage: 'weak',
    });
    await call('profiles.activate', { id: profile.id });
    await call('views.save', {
      name: 'Open PEP',
      filter: { categories: ['pep'] },
      sort: { column: 'score', direction: 'desc' },
    });
    await call('settings.save', { maxUploadMb: 50 });
    await call('outbox.list');
    await call('queue.window', { limit: 5 });

    const found = modes(dataDir);
    const names = [...found.keys()].map((path) => path.split(/[\\/]/).at(-1));
    for (const expected of ['cache.db', 'outbox.db', 'local.db', 'cache.db-wal', 'local.db-wal'])
      expect(names).toContain(expected);
    const loose = [...found]
      .filter(([, entry]) => entry.mode !== (entry.folder ? 0o700 : 0o600))
      .map(([path, entry]) => `${path} ${entry.mode.toString(8)}`);
    expect(loose).toEqual([]);
  });
});
