import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatusView } from '../../../preload/contract';
import type { Core } from '../../../main/core';
import {
  expectUnchanged,
  garbageDatabaseBytes,
  snapshotFile,
  writeNewerDatabase,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';
import { createTestCore, savedProfileFolder } from '../../support/test-core';

describe('a profile whose local store cannot be opened', () => {
  const temp = makeTempDir('casedesk-local-workspace-');
  let folder = '';
  beforeAll(async () => {
    folder = await savedProfileFolder(temp.path);
  });
  afterAll(() => temp.remove());

  const remove = (name: string) => {
    for (const suffix of ['', '-wal', '-shm'])
      rmSync(join(folder, `${name}${suffix}`), { force: true });
  };
  beforeEach(() => {
    for (const name of ['local.db', 'cache.db', 'outbox.db']) remove(name);
  });

  /** Opens CaseDesk on the profile, asks what it would show, and closes it again. */
  const openOnce = async (look: (core: Core) => Promise<void>) => {
    const core = await createTestCore(temp.path);
    try {
      await look(core);
    } finally {
      await core.dispose();
    }
  };
  const call = async (core: Core, method: string, input?: unknown) =>
    core.dispatch(method, input, { transport: 'browser' });

  it('damaged: the workspace opens with a new local store, says so, and keeps the damaged copy', async () => {
    const path = join(folder, 'local.db');
    const damaged = garbageDatabaseBytes();
    writeFileSync(path, damaged);
    await openOnce(async (core) => {
      const status = await call(core, 'sync.status');
      const notice = (status.ok ? (status.value as SyncStatusView) : null)?.localStoreNotice;
      expect(notice).toMatch(/The local store could not be read/);
      expect(notice).toMatch(/The damaged copy is kept/);
      expect(notice).not.toContain(folder);
      expect(core.workspaces.workspace()?.localStore).toMatchObject({ state: 'open', path });
      expect(await call(core, 'cache.counts')).toMatchObject({ ok: true });
    });
    const kept = readdirSync(folder).filter((name) => /^local\.db\.unreadable-\d+$/.test(name));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(folder, kept[0] ?? '')).equals(damaged)).toBe(true);
    rmSync(join(folder, kept[0] ?? ''));
  });

  it.each([['written by a newer CaseDesk', (path: string) => writeNewerDatabase(path, 99)]])(
    '%s: the workspace opens on the cache, says so, and keeps the file as it is',
    async (_, plant) => {
      const path = join(folder, 'local.db');
      plant(path);
      const before = snapshotFile(path);
      await openOnce(async (core) => {
        const status = await call(core, 'sync.status');
        expect(status.ok).toBe(true);
        const notice = (status.ok ? (status.value as SyncStatusView) : null)?.localStoreNotice;
        // Named by its file only: the window is not told where the data folder is.
        expect(notice).toContain('local.db in this profile’s folder');
        expect(notice).not.toContain(folder);
        expect(notice).toMatch(/could not be opened/);
        expect(notice).toMatch(/left as it is and nothing in it is lost/);
        expect(notice).toMatch(/Reviewing from the cache goes on/);
        expect(core.workspaces.workspace()?.localStore).toMatchObject({
          state: 'unavailable',
          path,
        });
        // Reviewing goes on from the cache.
        expect(await call(core, 'cache.counts')).toMatchObject({ ok: true });
        expect(await call(core, 'queue.window', {})).toMatchObject({ ok: true });
      });
      // Opened and closed again: never replaced, moved or rebuilt.
      expectUnchanged(path, before);
    },
  );

  it('a sound local store opens with the others and carries no notice', async () => {
    await openOnce(async (core) => {
      const status = await call(core, 'sync.status');
      expect(status).toMatchObject({ ok: true, value: { localStoreNotice: null } });
      const local = core.workspaces.workspace()?.localStore;
      if (local?.state !== 'open') throw new Error('the local store did not open');
      local.store.put('note', 'n1', { text: 'kept' });
    });
    await openOnce(async (core) => {
      await call(core, 'sync.status');
      const local = core.workspaces.workspace()?.localStore;
      expect(local?.state === 'open' ? local.store.get('note', 'n1')?.body : null).toEqual({
        text: 'kept',
      });
    });
  });

  it.each(['cache.db', 'outbox.db'])(
    'a %s written by a newer CaseDesk: a clear refusal saying what to do, the file kept',
    async (name) => {
      const path = join(folder, name);
      writeNewerDatabase(path, 99);
      const before = snapshotFile(path);
      await openOnce(async (core) => {
        for (const method of ['sync.status', 'cache.counts']) {
          expect(await call(core, method)).toMatchObject({
            ok: false,
            error: {
              code: 'unavailable',
              message: expect.stringMatching(
                new RegExp(
                  `${name}.* was written by a newer CaseDesk.*open it with a newer CaseDesk.*choose another profile`,
                ),
              ) as unknown,
            },
          });
        }
        expect(core.workspaces.workspace()).toBeNull();
      });
      expectUnchanged(path, before);
    },
  );
});
