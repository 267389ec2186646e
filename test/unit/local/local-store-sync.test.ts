import { existsSync, mkdirSync, realpathSync, rmdirSync, symlinkSync, unlinkSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStore } from '../../../main/local/local-store';
import { openTestLocalStore } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

// Syncing the local store to disk after unflushed commits (a batch's sending window): the -wal
// file, where those commits wait, is synced off the main thread, as a flushed commit would have.

const synced = vi.hoisted(() => [] as Array<{ path: string; flags: unknown }>);
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const open: typeof actual.open = async (path, flags, mode) => {
    const handle = await actual.open(path, flags, mode);
    const datasync = handle.datasync.bind(handle);
    handle.datasync = async () => {
      synced.push({ path: String(path), flags });
      await datasync();
    };
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

describe('syncing the local store to disk', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let local: LocalStore;
  let closed = false;
  const path = () => join(temp.path, 'local.db');
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-sync-');
    local = openTestLocalStore(temp.path);
    closed = false;
    synced.length = 0;
  });
  afterEach(() => {
    if (!closed) local.close();
    temp.remove();
  });

  const putUnflushed = (id: string) => {
    local.db.pragma('synchronous = NORMAL');
    try {
      local.put(
        'note',
        id,
        { text: id },
        { subject: 'S', digest: { v: 1 }, searchText: ` ${id} ` },
      );
    } finally {
      local.db.pragma('synchronous = FULL');
    }
  };

  it('syncs the -wal file the unflushed commits were written to', async () => {
    putUnflushed('n1');
    putUnflushed('n2');
    await local.syncToDisk();
    expect(synced).toEqual([{ path: `${path()}-wal`, flags: 'r+' }]);
    expect(local.get('note', 'n2')?.body).toEqual({ text: 'n2' });
  });

  it('a closed store has nothing waiting unflushed: it resolves', async () => {
    putUnflushed('n1');
    local.close();
    closed = true;
    await expect(local.syncToDisk()).resolves.toBeUndefined();
    expect(synced).toEqual([]);
  });

  it('an open store whose -wal is missing rejects: its commits went elsewhere', async () => {
    putUnflushed('n1');
    unlinkSync(`${path()}-wal`);
    await expect(local.syncToDisk()).rejects.toThrow(/ENOENT/);
    expect(synced).toEqual([]);
  });

  it('a -wal that cannot be opened rejects: nothing unflushed may be counted on', async () => {
    putUnflushed('n1');
    unlinkSync(`${path()}-wal`);
    mkdirSync(`${path()}-wal`);
    await expect(local.syncToDisk()).rejects.toThrow(/EISDIR/);
    rmdirSync(`${path()}-wal`);
  });

  it('a store not in WAL mode has its database file synced, where its commits are written', async () => {
    local.db.pragma('journal_mode = DELETE');
    putUnflushed('n1');
    await local.syncToDisk();
    expect(synced).toEqual([{ path: path(), flags: 'r+' }]);
  });

  it('a store opened through a symbolic link has the -wal beside the real file synced', async () => {
    const real = join(temp.path, 'elsewhere');
    mkdirSync(real);
    const linked = join(temp.path, 'profile');
    mkdirSync(linked);
    const first = openLocalStore(join(real, 'local.db'), silentLogger);
    if (first.state !== 'open') throw new Error(first.reason);
    first.store.close();
    symlinkSync(join(real, 'local.db'), join(linked, 'local.db'));
    const opening = openLocalStore(join(linked, 'local.db'), silentLogger);
    if (opening.state !== 'open') throw new Error(opening.reason);
    try {
      opening.store.put('note', 'n1', { text: 'n1' });
      await opening.store.syncToDisk();
      expect(synced).toEqual([
        { path: `${realpathSync(join(real, 'local.db'))}-wal`, flags: 'r+' },
      ]);
      expect(existsSync(join(linked, 'local.db-wal'))).toBe(false);
    } finally {
      opening.store.close();
    }
  });
});
