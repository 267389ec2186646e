import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/lib/sqlite/migrate';
import { createLocalRecords, wordSearchSql } from '../../../main/local/local-records';
import { LOCAL_MIGRATIONS } from '../../../main/local/migrations';
import { migration001 } from '../../../main/local/migrations/001-initial';
import { migration002 } from '../../../main/local/migrations/002-record-digests';
import { migration003 } from '../../../main/local/migrations/003-record-words';

// Lists read digests, never bodies (a report body can be megabytes):
// the rows they read come from indexes that hold those columns, so no body page is walked.

const planOf = (db: Database.Database, sql: string, ...params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map(
    (row) => row.detail,
  );

describe('local store migration 004: lists never read a body', () => {
  it('keeps a version 3 store’s records and digests, and answers lists from covering indexes', () => {
    const db = new Database(':memory:');
    migrate(db, {
      migrations: [migration001, migration002, migration003],
      label: 'The local store',
    });
    db.prepare(
      'INSERT INTO local_records (kind, id, body, created_ms, updated_ms, subject, digest, search_text) VALUES (?, ?, ?, 5, 6, ?, ?, ?)',
    ).run(
      'press-report',
      'R1',
      JSON.stringify({ big: 'x'.repeat(100_000) }),
      'customer:C1',
      '{"v":1}',
      ' fraud ',
    );
    migrate(db, { migrations: LOCAL_MIGRATIONS.slice(0, 4), label: 'The local store' });
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    const records = createLocalRecords(db);
    expect(records.digests('press-report', 'customer:C1')).toEqual([
      { id: 'R1', subject: 'customer:C1', digest: { v: 1 }, createdMs: 5, updatedMs: 6 },
    ]);
    expect(records.searchDigests('press-report', ['fra'], 10).map((row) => row.id)).toEqual(['R1']);

    const columns = 'id, subject, digest, created_ms, updated_ms';
    const plans = [
      planOf(
        db,
        `SELECT ${columns} FROM local_records WHERE kind = ? AND digest IS NOT NULL ORDER BY created_ms DESC, id DESC`,
        'press-report',
      ),
      planOf(
        db,
        `SELECT ${columns} FROM local_records WHERE kind = ? AND subject = ? AND digest IS NOT NULL ORDER BY created_ms DESC, id DESC`,
        'press-report',
        'customer:C1',
      ),
      planOf(db, 'SELECT count(*) FROM local_records WHERE kind = ? AND subject = ?', 'p', 's'),
    ];
    for (const plan of plans) expect(plan.join(' | ')).toMatch(/USING COVERING INDEX/);
    db.close();
  });

  it('search reads a match’s digest from the covering index, never past its body', () => {
    const db = new Database(':memory:');
    migrate(db, { migrations: LOCAL_MIGRATIONS, label: 'The local store' });
    for (const count of [1, 3]) {
      const sql = wordSearchSql(count);
      const plan = planOf(db, sql, ...Array.from(sql.matchAll(/\?/g), () => 'x'));
      expect(plan, `${count} word(s)`).toContain(
        'SEARCH r USING COVERING INDEX local_records_listed (kind=? AND created_ms=? AND id=?)',
      );
    }
    db.close();
  });
});
