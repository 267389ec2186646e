import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readSnapshot } from '../../../main/cache/read-snapshot';
import { makeTempDir } from '../../support/temp-dir';

describe('a read of several statements', () => {
  const temp = makeTempDir('casedesk-snapshot-');
  afterEach(() => temp.remove());

  it('sees one state of the cache even when the sync commits in between', () => {
    const path = join(temp.path, 'cache.db');
    const reader = new Database(path);
    reader.pragma('journal_mode = WAL');
    reader.exec('CREATE TABLE alerts (id TEXT PRIMARY KEY)');
    reader.prepare("INSERT INTO alerts VALUES ('A1')").run();
    const writer = new Database(path);

    const count = () =>
      (reader.prepare('SELECT COUNT(*) AS n FROM alerts').get() as { n: number }).n;
    const read = () => {
      const before = count();
      writer.prepare("INSERT INTO alerts VALUES ('A2')").run();
      return [before, count()];
    };
    expect(readSnapshot(reader, read)).toEqual([1, 1]);
    // Without one snapshot, the second statement would have seen the sync's commit.
    writer.prepare("DELETE FROM alerts WHERE id = 'A2'").run();
    expect(read()).toEqual([1, 2]);
    writer.close();
    reader.close();
  });
});
