import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runUnflushed } from '../../../main/local/unflushed';
import { makeTempDir } from '../../support/temp-dir';

const temp = makeTempDir('casedesk-unflushed-');
afterAll(() => temp.remove());

const synchronous = (db: Database.Database) => db.pragma('synchronous', { simple: true }) as number;
const FULL = 2;
const NORMAL = 1;

describe('writes left unsynced', () => {
  it('run unsynced in WAL mode only, and flushing is back after them, even when they throw', () => {
    const db = new Database(join(temp.path, 'wal.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    expect(runUnflushed(db, () => synchronous(db))).toBe(NORMAL);
    expect(synchronous(db)).toBe(FULL);
    expect(() =>
      runUnflushed(db, () => {
        throw new Error('disk full');
      }),
    ).toThrow('disk full');
    expect(synchronous(db)).toBe(FULL);
    db.close();

    // A store that could not be put in WAL mode keeps every commit flushed.
    const journal = new Database(join(temp.path, 'journal.db'));
    journal.pragma('journal_mode = DELETE');
    journal.pragma('synchronous = FULL');
    expect(runUnflushed(journal, () => synchronous(journal))).toBe(FULL);
    journal.close();
  });
});
