import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertView } from '../../../main/cache/alert-view';
import { openCache } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import {
  prepared,
  STATEMENTS_PER_CONNECTION,
  traceSlowStatements,
} from '../../../main/lib/sqlite/statements';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';

function itemsDb() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  db.exec("INSERT INTO items (name) VALUES ('one'), ('two'), ('three')");
  return db;
}

function collectingLogger() {
  const warnings: string[] = [];
  return { warnings, logger: { warn: (message: string) => warnings.push(message) } };
}

afterEach(() => traceSlowStatements(null));

describe('statements prepared once', () => {
  it('hands out the same statement for the same SQL on a connection, prepared once', () => {
    const db = itemsDb();
    const prepare = vi.spyOn(db, 'prepare');
    const sql = 'SELECT name FROM items WHERE id = ?';
    const first = prepared(db, sql);
    expect(prepared(db, sql)).toBe(first);
    expect(prepared(db, sql).get(2)).toEqual({ name: 'two' });
    expect(prepare).toHaveBeenCalledTimes(1);
    db.close();
  });

  it('gives another connection a statement of its own', () => {
    const one = itemsDb();
    const other = itemsDb();
    const sql = 'SELECT COUNT(*) AS n FROM items';
    const mine = prepared(one, sql);
    const theirs = prepared(other, sql);
    expect(theirs).not.toBe(mine);
    expect(theirs.database).toBe(other);
    other.exec("INSERT INTO items (name) VALUES ('four')");
    expect(mine.get()).toEqual({ n: 3 });
    expect(theirs.get()).toEqual({ n: 4 });
    one.close();
    other.close();
  });

  it('keeps each row shape apart, so one caller cannot change another’s rows', () => {
    const db = itemsDb();
    const sql = 'SELECT id, name FROM items ORDER BY id';
    expect(prepared(db, sql, 'pluck').all()).toEqual([1, 2, 3]);
    expect(prepared(db, sql, 'raw').get()).toEqual([1, 'one']);
    expect(prepared(db, sql).get()).toEqual({ id: 1, name: 'one' });
    expect(prepared(db, sql, 'pluck').get()).toBe(1);
    db.close();
  });

  it('runs the same SQL inside its own iteration with a second statement', () => {
    const db = itemsDb();
    const sql = 'SELECT id FROM items WHERE id >= ? ORDER BY id';
    const pairs: Array<[number, number]> = [];
    for (const outer of prepared(db, sql, 'pluck').iterate(1) as Iterable<number>)
      for (const inner of prepared(db, sql, 'pluck').iterate(3) as Iterable<number>)
        pairs.push([outer, inner]);
    expect(pairs).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    db.close();
  });

  it('keeps a bounded number per connection, the ones in use staying', () => {
    const db = itemsDb();
    const hot = prepared(db, 'SELECT 0');
    const cold = prepared(db, 'SELECT -1');
    // SQL built from a filter's choices: a new text each time.
    for (let variant = 1; variant <= STATEMENTS_PER_CONNECTION * 2; variant += 1) {
      prepared(db, `SELECT ${variant}`).get();
      expect(prepared(db, 'SELECT 0')).toBe(hot);
    }
    const prepare = vi.spyOn(db, 'prepare');
    expect(prepared(db, 'SELECT -1')).not.toBe(cold);
    expect(prepare).toHaveBeenCalledTimes(1);
    db.close();
  });
});

describe('the slow-statement trace', () => {
  it('when off, hands out the statement itself, with no wrapper', () => {
    const db = itemsDb();
    const prepare = vi.spyOn(db, 'prepare');
    const statement = prepared(db, 'SELECT name FROM items');
    expect(statement).toBe(prepare.mock.results[0]?.value);

    traceSlowStatements({ logger: silentLogger, thresholdMs: 0 });
    expect(prepared(db, 'SELECT name FROM items')).not.toBe(statement);
    traceSlowStatements(null);
    expect(prepared(db, 'SELECT name FROM items')).toBe(statement);
    db.close();
  });

  it('logs a statement over the threshold with its duration, SQL and the first line of its plan', () => {
    const db = itemsDb();
    const { warnings, logger } = collectingLogger();
    traceSlowStatements({ logger, thresholdMs: 0 });
    expect(prepared(db, 'SELECT name FROM items WHERE name = ?').get('two')).toEqual({
      name: 'two',
    });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^slow statement \(\d+\.\d ms\)/);
    expect(warnings[0]).toContain('SELECT name FROM items WHERE name = ?');
    expect(warnings[0]).toContain('plan: SCAN items');
    db.close();
  });

  it('logs a slow statement at the default threshold', () => {
    const db = itemsDb();
    const { warnings, logger } = collectingLogger();
    traceSlowStatements({ logger });
    const count = prepared(
      db,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT COUNT(*) FROM n`,
      'pluck',
    );
    expect(count.get(3_000_000)).toBe(3_000_000);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL');
    expect(warnings[0]).toMatch(/plan: (SCAN|CO-ROUTINE|MATERIALIZE) n/);
    db.close();
  });

  it('leaves statements under the threshold unlogged', () => {
    const db = itemsDb();
    const { warnings, logger } = collectingLogger();
    traceSlowStatements({ logger, thresholdMs: 60_000 });
    prepared(db, 'SELECT name FROM items').all();
    prepared(db, "INSERT INTO items (name) VALUES ('four')").run();
    expect(warnings).toEqual([]);
    db.close();
  });

  it('times writes and iterations too, and logs an iteration once it has ended', () => {
    const db = itemsDb();
    const { warnings, logger } = collectingLogger();
    traceSlowStatements({ logger, thresholdMs: 0 });
    prepared(db, 'INSERT INTO items (name) VALUES (@name)').run({ name: 'four' });
    expect(warnings[0]).toContain('INSERT INTO items (name) VALUES (@name)');
    // Its parameters bound again for the plan.
    prepared(db, 'UPDATE items SET name = @name WHERE id = @id').run({ name: 'FOUR', id: 4 });
    expect(warnings[1]).toContain('plan: SEARCH items USING INTEGER PRIMARY KEY (rowid=?)');
    prepared(db, "UPDATE items SET name = 'four' WHERE id = 4").run();

    const names: string[] = [];
    for (const name of prepared(db, 'SELECT name FROM items ORDER BY id', 'pluck').iterate())
      names.push(name as string);
    expect(names).toEqual(['one', 'two', 'three', 'four']);
    expect(warnings).toHaveLength(4);
    expect(warnings[3]).toContain('SELECT name FROM items ORDER BY id');
    expect(warnings[3]).toContain('plan: SCAN items');
    // The iteration is closed: the connection writes again.
    prepared(db, "DELETE FROM items WHERE name = 'four'").run();
    db.close();
  });

  it('shortens long SQL in the log', () => {
    const db = itemsDb();
    const { warnings, logger } = collectingLogger();
    traceSlowStatements({ logger, thresholdMs: 0 });
    const columns = Array.from({ length: 60 }, (_, index) => `name AS column_${index}`).join(', ');
    prepared(db, `SELECT ${columns} FROM items`).all();
    expect(warnings[0]).toContain('…');
    expect(warnings[0]?.length).toBeLessThan(400);
    db.close();
  });
});

describe('the cache through the helper', () => {
  const temp = makeTempDir('casedesk-statements-');
  afterEach(() => temp.remove());

  it('traces the cache’s reads and writes', () => {
    const { db } = openCache(join(temp.path, 'cache.db'), silentLogger);
    const { warnings, logger } = collectingLogger();
    traceSlowStatements({ logger, thresholdMs: 0 });
    createCacheWriter(db).setState('sync.last', { at: 1 });
    expect(alertView(db, 'A1')).toBeNull();
    expect(warnings.some((warning) => warning.includes('INSERT INTO sync_state'))).toBe(true);
    expect(warnings.some((warning) => warning.includes('FROM alerts WHERE id = ?'))).toBe(true);
    db.close();
  });
});
