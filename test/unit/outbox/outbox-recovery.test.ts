import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { openOutbox, RECOVERED_REASON } from '../../../main/outbox/outbox-store';
import { corruptPages, garbageDatabaseBytes, rootPageOf } from '../../support/database-files';
import { makeTempDir } from '../../support/temp-dir';

describe('recovering a damaged outbox', () => {
  let temp: ReturnType<typeof makeTempDir>;
  let path = '';
  beforeEach(() => {
    temp = makeTempDir();
    path = join(temp.path, 'outbox.db');
  });
  afterEach(() => temp.remove());

  /** An outbox as CaseDesk leaves it: writes made offline, one already sent, one failed. */
  const writeOutbox = (count: number) => {
    const outbox = openOutbox(path, silentLogger);
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      ids.push(
        outbox.enqueue({
          kind: 'document.update',
          id: `doc-${n}`,
          display_name: `Statement ${n} ${'x'.repeat(300)}`,
        }).id,
      );
    }
    outbox.markDone(ids[0] ?? '', { id: 'doc-0' });
    outbox.markFailed(ids[1] ?? '', 'The service said no.');
    outbox.close();
    return ids;
  };

  it('reads every row back into the new outbox, held for the investigator, never sent on its own', () => {
    const ids = writeOutbox(5);
    // The index is damaged; the rows themselves are whole.
    corruptPages(path, [rootPageOf(path, 'outbox_by_state')]);
    const outbox = openOutbox(path, silentLogger);
    expect(outbox.recovery).toMatchObject({ recovered: 5, unreadable: 0, partial: false });
    expect(outbox.recovery?.keptAt).toMatch(/outbox\.db\.unreadable-\d+$/);
    const items = outbox.list();
    expect(items.map((item) => item.id)).toEqual(ids);
    // What was sent stays sent; every other change waits for the investigator.
    expect(items[0]?.state).toBe('done');
    for (const item of items.slice(1)) {
      expect(item.state).toBe('failed');
      expect(item.lastError).toMatch(
        /Recovered from a damaged outbox: check, then send or discard/,
      );
    }
    expect(items[3]?.payload).toMatchObject({ kind: 'document.update', id: 'doc-3' });
    expect(outbox.list(['queued', 'sending'])).toEqual([]);
    expect(RECOVERED_REASON).toMatch(/Recovered from a damaged outbox/);
    outbox.close();
  });

  it('reads what it can past a damaged part of the table, and says some could not be read', () => {
    writeOutbox(120);
    const root = rootPageOf(path, 'outbox');
    const index = rootPageOf(path, 'outbox_by_state');
    // Pages of rows in the middle of the table (the table's root and the index left whole).
    const middle = [root + 8, root + 9].filter((page) => page !== index);
    corruptPages(path, middle);
    const outbox = openOutbox(path, silentLogger);
    const recovery = outbox.recovery;
    expect(recovery?.partial).toBe(true);
    expect(recovery?.recovered).toBeGreaterThan(60);
    expect(recovery?.recovered).toBeLessThan(120);
    expect(outbox.list()).toHaveLength(recovery?.recovered ?? -1);
    // Rows after the damaged part were read too.
    expect(
      outbox
        .list()
        .some((item) => item.payload.kind === 'document.update' && item.payload.id === 'doc-119'),
    ).toBe(true);
    outbox.close();
  });

  it('a file it cannot read at all: kept, nothing recovered, and said so', () => {
    writeFileSync(path, garbageDatabaseBytes());
    const outbox = openOutbox(path, silentLogger);
    expect(outbox.recovery).toMatchObject({ recovered: 0, partial: true });
    expect(outbox.list()).toEqual([]);
    outbox.close();
  });

  it('keeps the file copies of uploads it could not recover with the damaged outbox, never removed as orphans', () => {
    writeFileSync(path, garbageDatabaseBytes());
    const filesDir = join(temp.path, 'outbox-files');
    mkdirSync(filesDir);
    writeFileSync(join(filesDir, 'upload-1'), 'the only copy of a filed passport');
    const outbox = openOutbox(path, silentLogger);
    const keptAt = outbox.recovery?.keptAt ?? '';
    expect(outbox.recovery?.copiesKeptAt).toBe(`${keptAt}-files`);
    expect(outbox.recovery?.copiesKept).toBe(1);
    outbox.close();
    expect(readFileSync(join(`${keptAt}-files`, 'upload-1'), 'utf8')).toBe(
      'the only copy of a filed passport',
    );
    expect(readdirSync(filesDir)).toEqual([]);
  });

  it('a sound outbox has nothing to recover', () => {
    writeOutbox(2);
    const outbox = openOutbox(path, silentLogger);
    expect(outbox.recovery).toBeNull();
    outbox.close();
  });

  it('keeps the damaged outbox together with its -wal and -shm', () => {
    writeFileSync(path, garbageDatabaseBytes());
    const wal = Buffer.from('the newest committed writes');
    writeFileSync(`${path}-wal`, wal);
    writeFileSync(`${path}-shm`, Buffer.alloc(32768));
    const outbox = openOutbox(path, silentLogger);
    const keptAt = outbox.recovery?.keptAt ?? '';
    outbox.close();
    const names = readdirSync(temp.path);
    const aside = keptAt.slice(temp.path.length + 1);
    expect(names).toEqual(expect.arrayContaining([aside, `${aside}-wal`, `${aside}-shm`]));
    expect(readFileSync(`${keptAt}-wal`).equals(wal)).toBe(true);
  });
});
