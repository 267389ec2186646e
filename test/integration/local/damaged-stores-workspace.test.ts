import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OutboxItemView, SyncStatusView } from '../../../preload/contract';
import type { Core } from '../../../main/core';
import { LATEST_VERSION } from '../../../main/cache/migrations';
import { silentLogger } from '../../../main/lib/logger';
import { openOutbox } from '../../../main/outbox/outbox-store';
import { openLocalStore } from '../../../main/local/local-store';
import { setAsideForRecovery } from '../../../main/lib/sqlite/set-aside-for-recovery';
import {
  corruptPages,
  garbageDatabaseBytes,
  rootPageOf,
  writeNewerDatabase,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';
import { createTestCore, savedProfileFolder } from '../../support/test-core';

describe('a profile whose cache or outbox is damaged', () => {
  const temp = makeTempDir('casedesk-damaged-workspace-');
  let folder = '';
  beforeAll(async () => {
    folder = await savedProfileFolder(temp.path);
  });
  afterAll(() => temp.remove());
  beforeEach(() => {
    for (const name of readdirSync(folder))
      if (/^(cache|outbox|local)\.db/.test(name))
        rmSync(join(folder, name), { force: true, recursive: true });
  });

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
  const status = async (core: Core): Promise<SyncStatusView> => {
    const answer = await call(core, 'sync.status');
    if (!answer.ok) throw new Error(answer.error.message);
    return answer.value as SyncStatusView;
  };
  /** The status once a sync has come and gone, or as it is after a while if none started. */
  const afterASync = async (core: Core): Promise<SyncStatusView> => {
    for (let waited = 0; waited < 5000; waited += 50) {
      const now = await status(core);
      if (now.lastError !== null || now.lastSyncAt !== null) return now;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return status(core);
  };

  it.each([
    ['of 0 bytes', 'the file was empty', (path: string) => writeFileSync(path, '')],
    [
      'missing its tables',
      'some of its tables were missing',
      (path: string) => {
        // A database at the cache's version with none of its tables.
        const db = new Database(path);
        db.pragma(`user_version = ${LATEST_VERSION}`);
        db.close();
      },
    ],
  ])(
    'a cache %s: set aside, one readable sentence on every screen, a full sync on its own',
    async (_, summary, plant) => {
      plant(join(folder, 'cache.db'));
      await openOnce(async (core) => {
        const notice = (await status(core)).cacheNotice ?? '';
        expect(notice).toContain(`The offline cache was damaged (${summary})`);
        expect(notice).toMatch(/a full sync is rebuilding it/);
        expect(notice).toMatch(/deleted after 30 days/);
        expect(notice).not.toMatch(/quick_check|integrity check \(|\n/);
        // No background sync in tests: this one started because the cache was set aside.
        expect((await afterASync(core)).lastError).not.toBeNull();
      });
    },
  );

  it('a sound cache carries no notice and starts no sync on its own here', async () => {
    await openOnce(async (core) => {
      expect((await status(core)).cacheNotice).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await status(core)).toMatchObject({
        cacheNotice: null,
        lastError: null,
        outboxNotice: null,
      });
    });
  });

  it('copies of the cache set aside more than 30 days ago are deleted when the workspace opens', async () => {
    const old = join(folder, `cache.db.damaged-${Date.now() - 40 * 86_400_000}`);
    const recent = join(folder, `cache.db.damaged-${Date.now() - 86_400_000}`);
    for (const path of [old, `${old}-wal`, recent]) writeFileSync(path, 'personal data');
    await openOnce(async (core) => {
      await status(core);
    });
    const names = readdirSync(folder);
    expect(names.filter((name) => name.startsWith('cache.db.damaged-'))).toEqual([
      recent.slice(folder.length + 1),
    ]);
    rmSync(recent);
  });

  it('a damaged local store: kept aside, its records recovered, a notice saying what happened in file names only', async () => {
    const path = join(folder, 'local.db');
    const opening = openLocalStore(path, silentLogger);
    if (opening.state !== 'open') throw new Error(opening.reason);
    for (let n = 0; n < 3; n += 1) opening.store.put('note', `n${n}`, { n });
    opening.store.close();
    corruptPages(path, [rootPageOf(path, 'local_records_by_created')]);
    await openOnce(async (core) => {
      const notice = (await status(core)).localStoreNotice ?? '';
      expect(notice).toMatch(
        /^The local store could not be read; it is kept, with its journal, beside it in this profile’s folder as local\.db\.unreadable-\d+, and a new one took its place\./,
      );
      expect(notice).toMatch(/3 records were recovered into it\./);
      expect(notice).toMatch(/The damaged copy is kept/);
      expect(notice).not.toContain(temp.path);
      const local = core.workspaces.workspace()?.localStore;
      expect(local?.state === 'open' ? local.store.list('note').length : null).toBe(3);
    });
    expect(
      readdirSync(folder).filter((name) => /^local\.db\.unreadable-\d+$/.test(name)),
    ).toHaveLength(1);
  });

  it('garbage in place of the local store: kept aside, the notice says nothing could be recovered and part could not be read', async () => {
    writeFileSync(join(folder, 'local.db'), garbageDatabaseBytes());
    await openOnce(async (core) => {
      const notice = (await status(core)).localStoreNotice ?? '';
      expect(notice).toMatch(/No record could be recovered from it\./);
      expect(notice).toMatch(
        /Part of the file could not be read: records may be missing from it\./,
      );
      expect(notice).toMatch(/The damaged copy is kept/);
    });
  });

  it('a local store written by a newer CaseDesk: no advice to restore a backup', async () => {
    writeNewerDatabase(join(folder, 'local.db'), 99);
    await openOnce(async (core) => {
      const notice = (await status(core)).localStoreNotice ?? '';
      expect(notice).toMatch(/newer CaseDesk/);
      expect(notice).not.toMatch(/backup/);
      expect(notice).toMatch(
        /^The local store \(local\.db in this profile’s folder\) could not be opened/,
      );
      expect(notice).not.toContain(temp.path);
    });
  });

  it('a damaged outbox: its changes recovered and held, a notice naming what happened', async () => {
    const path = join(folder, 'outbox.db');
    const outbox = openOutbox(path, silentLogger);
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    outbox.enqueue({ kind: 'document.update', id: 'doc-2', display_name: 'Passport' });
    outbox.close();
    corruptPages(path, [rootPageOf(path, 'outbox_by_state')]);
    // The copy of a file filed by a change that is not in the outbox any more.
    mkdirSync(join(folder, 'outbox-files'), { recursive: true });
    writeFileSync(join(folder, 'outbox-files', 'upload-9'), 'filed bytes');
    await openOnce(async (core) => {
      const notice = (await status(core)).outboxNotice ?? '';
      expect(notice).toMatch(/The outbox could not be read/);
      expect(notice).toMatch(
        /kept, with its journal, beside it in this profile’s folder as outbox\.db\.unreadable-\d+\./,
      );
      expect(notice).toMatch(/2 changes were recovered/);
      expect(notice).toMatch(/send or discard each in the Outbox/);
      expect(notice).toMatch(
        /1 file to upload that no recovered change claims is kept beside it in this profile’s folder as outbox\.db\.unreadable-\d+-files\./,
      );
      // The window is told file names, never where the data folder is.
      expect(notice).not.toContain(temp.path);
      const listed = await call(core, 'outbox.list');
      const items = (listed.ok ? listed.value : []) as OutboxItemView[];
      expect(items.map((item) => [item.state, item.lastError])).toEqual([
        ['failed', expect.stringMatching(/Recovered from a damaged outbox/)],
        ['failed', expect.stringMatching(/Recovered from a damaged outbox/)],
      ]);
    });
  });

  it('a crash after the damaged outbox was moved aside: the next open recovers its changes and says so', async () => {
    const path = join(folder, 'outbox.db');
    const outbox = openOutbox(path, silentLogger);
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    outbox.enqueue({ kind: 'document.update', id: 'doc-2', display_name: 'Passport' });
    outbox.close();
    corruptPages(path, [rootPageOf(path, 'outbox_by_state')]);
    // What the run that found the damage left when it stopped right after moving it aside.
    setAsideForRecovery(path, 'unreadable', 'failed its integrity check');
    await openOnce(async (core) => {
      const notice = (await status(core)).outboxNotice ?? '';
      expect(notice).toMatch(/The outbox could not be read/);
      expect(notice).toMatch(/2 changes were recovered/);
      const listed = await call(core, 'outbox.list');
      expect(listed.ok ? (listed.value as OutboxItemView[]).length : null).toBe(2);
    });
  });

  it('after a restart, recovered changes still waiting keep a notice that says why', async () => {
    const path = join(folder, 'outbox.db');
    const outbox = openOutbox(path, silentLogger);
    outbox.enqueue({ kind: 'document.delete', id: 'doc-1' });
    outbox.enqueue({ kind: 'document.update', id: 'doc-2', display_name: 'Passport' });
    outbox.close();
    corruptPages(path, [rootPageOf(path, 'outbox_by_state')]);
    await openOnce(async (core) => {
      expect((await status(core)).outboxNotice).toMatch(/The outbox could not be read/);
    });
    // The next run finds a sound outbox, but the recovered changes still wait for a decision.
    await openOnce(async (core) => {
      expect((await status(core)).outboxNotice).toBe(
        '2 changes recovered from a damaged outbox wait for a decision on the Outbox screen: ' +
          'check, then send or discard each.',
      );
      const listed = await call(core, 'outbox.list');
      const items = (listed.ok ? listed.value : []) as OutboxItemView[];
      const first = items[0];
      if (!first) throw new Error('no recovered change listed');
      expect((await call(core, 'outbox.discard', { id: first.id })).ok).toBe(true);
    });
    await openOnce(async (core) => {
      expect((await status(core)).outboxNotice).toMatch(
        /^1 change recovered from a damaged outbox waits/,
      );
    });
  });
});
