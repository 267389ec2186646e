import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrate } from '../../../main/lib/sqlite/migrate';
import { silentLogger } from '../../../main/lib/logger';
import { createLocalRecords } from '../../../main/local/local-records';
import { openLocalStore } from '../../../main/local/local-store';
import { LOCAL_MIGRATIONS } from '../../../main/local/migrations';
import { KYT_SUBMISSION_KIND } from '../../../main/kyt/kyt-record';
import { openKytSubmissions } from '../../../main/kyt/open-kyt';
import { fakeKytClient, transactionOf } from '../../support/kyt-fixture';
import { makeTempDir } from '../../support/temp-dir';

vi.mock('../../../main/kyt/kyt-answer', () =>
  import('../../support/kyt-readers-stub').then((stub) => stub.answerModule),
);

// Migration 005 adds the tables KYT lists read (derived from the bodies). A version 4 store keeps
// every record as it was; KYT submissions kept before it (a build with the kind and no index) are
// listed, searched and counted per customer once the KYT core opens over it.

describe('local store migration 005: the KYT index', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-005-');
  });
  afterEach(() => temp.remove());

  it('keeps a version 4 store’s records, and the KYT core derives what its lists read at open', () => {
    const path = join(temp.path, 'local.db');
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    migrate(db, { migrations: LOCAL_MIGRATIONS.slice(0, 4), label: 'The local store' });
    const records = createLocalRecords(db, () => 1_000);
    records.put(
      'press-report',
      'R1',
      { kept: true },
      {
        subject: 'customer:C1',
        digest: { v: 1 },
        searchText: ' fraud ',
      },
    );
    records.put(KYT_SUBMISSION_KIND, 'S1', {
      id: 'S1',
      transaction: { ...transactionOf(), external_id: 'inv-1' },
      status: 'scored',
      statusReason: null,
      createdAt: '2026-03-01T00:00:00.000Z',
      settledAt: '2026-03-01T00:00:01.000Z',
      answer: { id: 'kyt_9', score: 72, state: { label: 'Blocked' }, customers: ['C7'] },
      basedOnId: null,
      batch: null,
    });
    db.close();

    const opening = openLocalStore(path, silentLogger);
    if (opening.state !== 'open') throw new Error(opening.reason);
    const local = opening.store;
    try {
      expect(local.db.pragma('user_version', { simple: true })).toBe(LOCAL_MIGRATIONS.length);
      expect(local.get('press-report', 'R1')?.body).toEqual({ kept: true });
      const core = openKytSubmissions({
        local,
        client: fakeKytClient(() => Promise.reject(new Error('not sent'))).client,
        logger: silentLogger,
      });
      const list = core.store.list({ offset: 0, limit: 10 });
      expect(list.submissions).toMatchObject([
        { id: 'S1', externalId: 'inv-1', status: 'scored', score: 72, customers: ['C7'] },
      ]);
      expect(core.store.countForCustomers(['C7'])).toBe(1);
      expect(core.store.search(['blocked'], 10).map((summary) => summary.id)).toEqual(['S1']);
      core.changes.close();
    } finally {
      local.close();
    }
  });
});
