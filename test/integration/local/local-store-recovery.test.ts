import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { openLocalStore, type LocalStoreOpening } from '../../../main/local/local-store';
import {
  corruptPages,
  garbageDatabaseBytes,
  pagesOf,
  rootPageOf,
  snapshotFile,
} from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

function opened(opening: LocalStoreOpening) {
  if (opening.state !== 'open') throw new Error(`not open: ${opening.reason}`);
  return opening;
}

describe('a damaged local store', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  beforeEach(() => {
    temp = makeTempDir('casedesk-local-recovery-');
    path = join(temp.path, 'local.db');
  });
  afterEach(() => temp.remove());

  /** A local store as CaseDesk leaves it, with `count` notes whose bodies fill pages. */
  const writeStore = (count: number) => {
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const { store } = opened(openLocalStore(path, silentLogger, () => (clock += 1000)));
    for (let n = 0; n < count; n += 1)
      store.put('note', `n${n}`, { n, text: `note ${n} ${'x'.repeat(400)}` });
    store.close();
  };
  const asideCopies = () =>
    readdirSync(temp.path).filter((name) => /^local\.db\.unreadable-\d+$/.test(name));

  it('its index damaged: kept aside, every record recovered into a new store, times kept', () => {
    writeStore(30);
    corruptPages(path, [rootPageOf(path, 'local_records_by_created')]);
    const damaged = readFileSync(path);
    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ recovered: 30, unreadable: 0, partial: false });
    expect(opening.recovery?.keptAt).toMatch(/local\.db\.unreadable-\d+$/);
    const { store } = opening;
    expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(store.list('note').map((record) => record.id)).toEqual(
      Array.from({ length: 30 }, (_, n) => `n${n}`),
    );
    expect(store.get('note', 'n0')?.createdAt).toBe('2026-03-01T10:00:01.000Z');
    store.put('note', 'after', { text: 'written after the recovery' });
    store.close();
    // The damaged copy is kept byte for byte, and a second open has nothing more to recover.
    expect(asideCopies()).toHaveLength(1);
    expect(readFileSync(opening.recovery?.keptAt ?? '').equals(damaged)).toBe(true);
    const again = opened(openLocalStore(path, silentLogger));
    expect(again.recovery).toBeNull();
    expect(again.store.list('note')).toHaveLength(31);
    again.store.close();
  });

  it('pages of its table damaged: what can be read, also past the damage, and says part is missing', () => {
    writeStore(150);
    // Two leaf pages of the table itself, in its middle (the indexes beside it are derived).
    const leaves = pagesOf(path, 'local_records', 'leaf');
    const middle = Math.floor(leaves.length / 2);
    corruptPages(path, leaves.slice(middle, middle + 2));
    const opening = opened(openLocalStore(path, silentLogger));
    const recovery = opening.recovery;
    expect(recovery?.partial).toBe(true);
    expect(recovery?.recovered).toBeGreaterThan(75);
    expect(recovery?.recovered).toBeLessThan(150);
    expect(opening.store.list('note')).toHaveLength(recovery?.recovered ?? -1);
    expect(opening.store.get('note', 'n149')?.body).toMatchObject({ n: 149 });
    opening.store.close();
  });

  it('kept together with its -wal and -shm, byte for byte', () => {
    writeFileSync(path, garbageDatabaseBytes());
    const wal = Buffer.from('the newest committed records');
    writeFileSync(`${path}-wal`, wal);
    writeFileSync(`${path}-shm`, Buffer.alloc(32768));
    const before = snapshotFile(path);
    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ recovered: 0, partial: true });
    const keptAt = opening.recovery?.keptAt ?? '';
    opening.store.close();
    expect(readFileSync(keptAt).equals(before.bytes)).toBe(true);
    expect(readFileSync(`${keptAt}-wal`).equals(wal)).toBe(true);
    expect(readFileSync(`${keptAt}-shm`)).toHaveLength(32768);
  });

  it.each([
    ['of 0 bytes', /is empty/, () => writeFileSync(path, '')],
    [
      'missing the tables its version has',
      /missing tables/,
      () => {
        const db = new Database(path);
        db.pragma('user_version = 1');
        db.close();
      },
    ],
  ])('%s: kept aside and replaced by a sound store', (_, problem, plant) => {
    plant();
    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ problem: expect.stringMatching(problem) as unknown });
    expect(asideCopies()).toHaveLength(1);
    opening.store.put('note', 'n1', { text: 'kept' });
    expect(opening.store.get('note', 'n1')?.body).toEqual({ text: 'kept' });
    opening.store.close();
  });

  it('rows found but not whole are counted, not taken in', () => {
    writeStore(3);
    const db = new Database(path);
    // What a damaged page can read back as: a body that is no longer JSON.
    db.pragma('ignore_check_constraints = ON');
    db.prepare("UPDATE local_records SET body = '{broken' WHERE id = 'n1'").run();
    db.close();
    corruptPages(path, [rootPageOf(path, 'local_records_by_created')]);
    const opening = opened(openLocalStore(path, silentLogger));
    expect(opening.recovery).toMatchObject({ recovered: 2, unreadable: 1 });
    expect(opening.store.list('note').map((record) => record.id)).toEqual(['n0', 'n2']);
    opening.store.close();
  });
});
