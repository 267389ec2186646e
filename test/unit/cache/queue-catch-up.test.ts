import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache } from '../../../main/cache/open-cache';
import { queueFacets } from '../../../main/cache/queue-facets';
import { compareCodePoints, rearranged } from '../../../main/cache/queue-order';
import type { QueueFilterValue } from '../../../main/cache/queue-filter';
import { queueWindow, type QueueWindowQuery } from '../../../main/cache/queue-window';
import { alertColumns } from '../../../main/cache/queue-columns';
import { idRanks } from '../../../main/cache/queue-tables';
import { readSnapshot } from '../../../main/cache/read-snapshot';
import { silentLogger } from '../../../main/lib/logger';
import { QUEUE_COLUMNS, QueueWindowInput, type QueueWindow } from '../../../preload/contract';
import { makeTempDir } from '../../support/temp-dir';
import { applyQueueWrite as apply, type QueueWrite } from './queue-writes';

// The queue's orders, matches and state table are kept across writes and caught up by the alerts
// changed since (the cache's change log). Whatever is written, a reader that caught up answers
// exactly what a reader computing everything afresh answers.

const ids = fc.constantFrom(
  ...Array.from({ length: 40 }, (_, index) => `A${index}`),
  'é1',
  'Z9',
  'a\u{1F600}',
  'a\uFFFD',
);
const customers = fc.constantFrom('C1', 'C2', 'C3', 'C404');
const alertRow = fc.record({
  id: ids,
  customer: customers,
  state: fc.oneof(fc.integer({ min: 1, max: 7 }), fc.constant(9)),
  score: fc.integer({ min: -3, max: 103 }),
  category: fc.constantFrom('pep', 'sip', 'rca', ''),
  created: fc.integer({ min: 0, max: 40 }).map((day) => day * 86_400_000),
  updated: fc.integer({ min: 0, max: 40 }).map((day) => day * 86_400_000 + 5),
  agent: fc.constantFrom('', '0', 'agent-1', 'agent-2', 'Agent-1'),
});
const write = fc.oneof(
  fc.record({ op: fc.constant('put' as const), row: alertRow }),
  fc.record({ op: fc.constant('delete' as const), id: ids }),
  fc.record({
    op: fc.constant('customer' as const),
    id: customers,
    name: fc.constantFrom('ann Lee', 'Ann lee', 'bob', 'Émile', ''),
    groups: fc.constantFrom('', '|retail|', '|emea|retail|'),
  }),
);
const query = fc.record({
  column: fc.constantFrom(...QUEUE_COLUMNS.filter((column) => column !== 'work')),
  direction: fc.constantFrom('asc' as const, 'desc' as const),
  filter: fc
    .oneof(
      fc.constant({}),
      fc.record({ states: fc.constant([1, 2, 3]) }),
      fc.record({ scoreFrom: fc.integer({ min: 0, max: 100 }) }),
      fc.record({ categories: fc.constant(['pep']), onlyWithoutReviewGroups: fc.boolean() }),
      fc.record({ reviewGroups: fc.constant(['retail']) }),
      fc.record({ onlyWithoutAssignment: fc.constant(true) }),
      fc.record({ createdFrom: fc.constant('1970-01-10'), name: fc.constant('ann') }),
      // Dates read the columns that hold the date sorts' keys: a catch-up then reads keys there.
      fc.record({ createdFrom: fc.constant('1970-01-05') }),
      fc.record({ updatedTo: fc.constant('1970-01-20') }),
    )
    .map((filter) => filter as QueueFilterValue),
  offset: fc.integer({ min: 0, max: 30 }),
  // A focus makes the window a slice of the kept queue (no index walk): its catch-up is tested.
  focus: fc.boolean(),
});

/** The window a reader computing everything afresh answers, on a connection of its own. */
function freshWindow(path: string, query: QueueWindowQuery): QueueWindow {
  const db = new Database(path, { readonly: true });
  try {
    return readSnapshot(db, (snapshot) => queueWindow(snapshot, query));
  } finally {
    db.close();
  }
}

describe('the queue caught up by the alerts changed since', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('rearranges an order in its own buffer exactly as a fresh copy would', () => {
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom('int32', 'float64'),
        (takenOut, puts, spare, kind) => {
          const length = takenOut.length;
          const order = Array.from({ length }, (_, index) => index + 1);
          const movedAt = order.flatMap((_, index) => (takenOut[index] ? [index] : []));
          // Each put before an alert left in, or at the end; several may share a place.
          const places = [...order.flatMap((_, index) => (takenOut[index] ? [] : [index])), length];
          const placed = puts
            .map((pick, index) => ({ rowid: 1000 + index, at: places[pick % places.length] ?? 0 }))
            .sort((a, b) => a.at - b.at);
          const expected: number[] = [];
          order.forEach((rowid, index) => {
            for (const put of placed) if (put.at === index) expected.push(put.rowid);
            if (!takenOut[index]) expected.push(rowid);
          });
          for (const put of placed) if (put.at === length) expected.push(put.rowid);
          // The order in a buffer with `spare` places of room after it, as a catch-up leaves it.
          const buffer =
            kind === 'int32' ? new Int32Array(length + spare) : new Float64Array(length + spare);
          buffer.set(order);
          const result = rearranged(buffer.subarray(0, length), movedAt, placed);
          expect(Array.from(result)).toEqual(expected);
          expect(result instanceof Int32Array).toBe(kind === 'int32');
          // In place whenever it fits.
          if (expected.length <= length + spare) expect(result.buffer).toBe(buffer.buffer);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers as a queue computed afresh, through any writes', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.array(write, { minLength: 5, maxLength: 40 }),
        fc.array(fc.tuple(fc.array(write, { maxLength: 6 }), query), {
          minLength: 1,
          maxLength: 8,
        }),
        (initial, rounds) => {
          const path = join(temp.path, `cache-${run++}.db`);
          const { db: writer } = openCache(path, silentLogger);
          // Names that compare apart only as SQLite compares them (case, accents, nothing).
          apply(writer, { op: 'customer', id: 'C1', name: 'ann Lee', groups: '|retail|' });
          apply(writer, { op: 'customer', id: 'C2', name: 'Ann lee', groups: '' });
          apply(writer, { op: 'customer', id: 'C3', name: 'Émile', groups: '|emea|retail|' });
          for (const step of initial) apply(writer, step);
          const reader = new Database(path, { readonly: true });
          try {
            for (const [writes, asked] of rounds) {
              // Read once before the writes so the memos are kept, then caught up after them.
              const input = QueueWindowInput.parse({
                filter: asked.filter,
                sort: { column: asked.column, direction: asked.direction },
                offset: asked.offset,
                limit: 25,
                ...(asked.focus && { focusId: 'A3' }),
              });
              const windowQuery = { ...input, filter: asked.filter };
              readSnapshot(reader, (db) => queueWindow(db, windowQuery));
              writer.transaction(() => writes.forEach((step) => apply(writer, step)))();
              const caughtUp = readSnapshot(reader, (db) => queueWindow(db, windowQuery));
              // The facets' categories and agents come from the tallies: every value in use.
              const facets = readSnapshot(reader, queueFacets);
              const inUse = (sql: string) => new Set(reader.prepare(sql).pluck().all());
              expect(new Set(facets.categories)).toEqual(
                inUse("SELECT DISTINCT category FROM alerts WHERE category != ''"),
              );
              expect(new Set(facets.agents)).toEqual(
                inUse("SELECT DISTINCT agent_id FROM alerts WHERE agent_id NOT IN ('', '0')"),
              );
              // The review groups are kept per customer: those of the customers with alerts.
              const grouped = reader
                .prepare(
                  `SELECT DISTINCT c.review_groups FROM customers c
                   WHERE EXISTS (SELECT 1 FROM alerts a WHERE a.customer_external_id = c.external_id)`,
                )
                .pluck()
                .all() as string[];
              expect(new Set(facets.reviewGroups)).toEqual(
                new Set(grouped.flatMap((groups) => groups.split('|').filter(Boolean))),
              );
              expect(caughtUp).toEqual(freshWindow(path, windowQuery));
            }
          } finally {
            reader.close();
            writer.close();
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  describe('ties broken by the kept ranks in id order', () => {
    const row = { customer: 'C1', category: 'pep', created: 0, updated: 0, agent: '' } as const;
    type Column = 'state' | 'score';
    const windowFor = (column: Column, filter: QueueFilterValue) => ({
      ...QueueWindowInput.parse({ sort: { column, direction: 'asc' }, limit: 100, focusId: 'B1' }),
      filter,
    });
    /** A reader whose id ranks, orders and state and score columns are kept before any write. */
    function keptReader(path: string, column: Column, filter: QueueFilterValue) {
      const reader = new Database(path, { readonly: true });
      readSnapshot(reader, (db) => {
        const columns = alertColumns(db);
        columns?.read(db, 'state');
        columns?.read(db, 'score');
        queueWindow(db, { ...windowFor(column, filter), sort: { column: 'id', direction: 'asc' } });
        queueWindow(db, windowFor(column, filter));
      });
      return reader;
    }
    function expectAsFresh(
      path: string,
      reader: Database.Database,
      column: Column,
      filter: QueueFilterValue,
    ) {
      const caughtUp = readSnapshot(reader, (db) => queueWindow(db, windowFor(column, filter)));
      expect(caughtUp).toEqual(freshWindow(path, windowFor(column, filter)));
    }

    it('through alerts put between others, in runs of ascending ids, and deleted', () => {
      // A deleted last alert lets SQLite give its rowid to the next alert put; a run of new ids
      // in ascending order, between two alerts or after every other, is ranked as one.
      const crowded = Array.from({ length: 30 }, (_, index) => `B${'5'.repeat(index + 1)}`);
      const step = fc.oneof(
        {
          weight: 3,
          arbitrary: fc.record({
            op: fc.constant('put' as const),
            id: fc.constantFrom('B1', 'B9', ...crowded),
            state: fc.integer({ min: 1, max: 2 }),
            score: fc.integer({ min: 0, max: 1 }),
          }),
        },
        fc.record({ op: fc.constant('delete' as const), id: fc.constantFrom('B9', ...crowded) }),
        fc.record({
          op: fc.constant('run' as const),
          prefix: fc.constantFrom('B5.', 'Z'),
          length: fc.integer({ min: 1, max: 6 }),
        }),
      );
      let run = 0;
      fc.assert(
        fc.property(
          fc.array(fc.array(step, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 10 }),
          fc.constantFrom('state' as const, 'score' as const),
          fc.constantFrom<QueueFilterValue>({}, { states: [1] }),
          (rounds, column, filter) => {
            const path = join(temp.path, `ranks-${run++}.db`);
            const { db: writer } = openCache(path, silentLogger);
            for (const id of ['B1', 'B9'])
              apply(writer, { op: 'put', row: { ...row, id, state: 1, score: 0 } });
            const reader = keptReader(path, column, filter);
            let next = 0;
            try {
              for (const writes of rounds) {
                writer.transaction(() => {
                  for (const write of writes) {
                    if (write.op === 'delete') apply(writer, write);
                    else if (write.op === 'put')
                      apply(writer, { op: 'put', row: { ...row, ...write } });
                    else
                      for (let index = 0; index < write.length; index += 1) {
                        const id = `${write.prefix}${String(next++).padStart(4, '0')}`;
                        apply(writer, { op: 'put', row: { ...row, id, state: 1, score: 0 } });
                      }
                  }
                })();
                expectAsFresh(path, reader, column, filter);
              }
            } finally {
              reader.close();
              writer.close();
            }
          },
        ),
        { numRuns: 150 },
      );
    });

    it('reads ids instead on a cache whose rowids are too sparse for ranks, through writes', () => {
      const path = join(temp.path, 'sparse.db');
      const { db: writer } = openCache(path, silentLogger);
      for (const id of ['B1', 'B5', 'B9'])
        apply(writer, { op: 'put', row: { ...row, id, state: 1, score: 0 } });
      // One rowid past 32 bits: the orders are of 64-bit numbers, no array by rowid is made.
      writer.prepare('UPDATE alerts SET rowid = ? WHERE id = ?').run(2 ** 31 + 5, 'B9');
      const readers = (['state', 'score'] as const).map(
        (column) => [column, keptReader(path, column, {})] as const,
      );
      try {
        for (const [, reader] of readers)
          expect(readSnapshot(reader, (db) => idRanks(db, 'held'))).toBeNull();
        const writes: QueueWrite[] = [
          { op: 'put', row: { ...row, id: 'B3', state: 1, score: 0 } },
          { op: 'put', row: { ...row, id: 'B7', state: 2, score: 0 } },
          { op: 'delete', id: 'B5' },
          { op: 'put', row: { ...row, id: 'B5', state: 1, score: 0 } },
          { op: 'put', row: { ...row, id: 'B1', state: 1, score: 1 } },
        ];
        for (const write of writes) {
          apply(writer, write);
          for (const [column, reader] of readers) expectAsFresh(path, reader, column, {});
        }
      } finally {
        for (const [, reader] of readers) reader.close();
        writer.close();
      }
    });

    it('made afresh once alerts put between the same two use up the room between them', () => {
      const path = join(temp.path, 'crowded.db');
      const { db: writer } = openCache(path, silentLogger);
      for (const id of ['B1', 'B9'])
        apply(writer, { op: 'put', row: { ...row, id, state: 1, score: 0 } });
      const reader = keptReader(path, 'state', {});
      const ranksNow = () => readSnapshot(reader, (db) => idRanks(db, 'held'));
      const first = ranksNow();
      expect(first).not.toBeNull();
      let madeAfresh = false;
      try {
        // Each id between the last one put and B9: the room between them halves each time.
        for (let index = 1; index <= 70; index += 1) {
          apply(writer, {
            op: 'put',
            row: { ...row, id: `B${'5'.repeat(index)}`, state: 1, score: 0 },
          });
          expectAsFresh(path, reader, 'state', {});
          if (ranksNow() !== first) madeAfresh = true;
        }
        expect(madeAfresh).toBe(true);
      } finally {
        reader.close();
        writer.close();
      }
    });
  });

  it('puts a changed alert back among names equal but for case, by id, as SQLite orders them', () => {
    const path = join(temp.path, 'cache.db');
    const { db: writer } = openCache(path, silentLogger);
    apply(writer, { op: 'customer', id: 'C1', name: 'ann Lee', groups: '' });
    apply(writer, { op: 'customer', id: 'C2', name: 'Ann lee', groups: '' });
    const row = {
      state: 1,
      score: 5,
      category: 'pep' as const,
      created: 0,
      updated: 0,
      agent: '' as const,
    };
    for (let index = 1; index <= 6; index += 1)
      apply(writer, {
        op: 'put',
        row: { ...row, id: `A${index}`, customer: index % 2 ? ('C2' as const) : ('C1' as const) },
      });
    const reader = new Database(path, { readonly: true });
    const ordered = () =>
      readSnapshot(reader, (db) =>
        queueWindow(db, {
          ...QueueWindowInput.parse({ sort: { column: 'customerName', direction: 'asc' } }),
          filter: {},
        }),
      ).rows.map((alert) => alert.id);
    expect(ordered()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    apply(writer, { op: 'put', row: { ...row, id: 'A3', customer: 'C2', state: 2 } });
    expect(ordered()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    reader.close();
    writer.close();
  });

  it('keeps an alert written after the columns were made, before any was read', () => {
    const path = join(temp.path, 'cache.db');
    const { db: writer } = openCache(path, silentLogger);
    apply(writer, { op: 'customer', id: 'C1', name: 'ann Lee', groups: '' });
    const reader = new Database(path, { readonly: true });
    const alert = { customer: 'C1' as const, score: 0, category: 'pep' as const, created: 0 };
    const row = { ...alert, updated: 5, agent: '' as const };
    const queryOf = (column: 'createdAt' | 'id', filter: QueueFilterValue, focusId?: string) => ({
      ...QueueWindowInput.parse({ sort: { column, direction: 'asc' }, focusId }),
      filter,
    });
    const windowOf = (
      db: Database.Database,
      column: 'createdAt' | 'id',
      filter: QueueFilterValue,
      focusId?: string,
    ) => readSnapshot(db, (snapshot) => queueWindow(snapshot, queryOf(column, filter, focusId)));
    const fresh = (column: 'createdAt' | 'id', filter: QueueFilterValue) =>
      freshWindow(path, queryOf(column, filter));
    const open = { states: [1, 2, 3] };
    try {
      // An empty cache: its order by creation kept (a focus reads the kept queue, not an index),
      // then a filtered queue answered from the index, which makes the columns for the rowids
      // the cache has, none of them read.
      windowOf(reader, 'createdAt', {}, 'A3');
      windowOf(reader, 'createdAt', open);
      // An alert past the columns' room, in a state the service's list does not name.
      apply(writer, { op: 'put', row: { ...row, id: 'A0', state: 9 } });
      windowOf(reader, 'createdAt', open);
      // A sort with no index to answer from: the state column is read now, into the columns.
      windowOf(reader, 'id', open);
      apply(writer, { op: 'put', row: { ...row, id: 'A21', state: 1 } });
      const caughtUp = windowOf(reader, 'id', open);
      expect(caughtUp.stateCounts).toMatchObject({ '1': 1, '9': 1 });
      expect(caughtUp).toEqual(fresh('id', open));
    } finally {
      reader.close();
      writer.close();
    }
  });

  it('compares text as SQLite does: by code point, not by UTF-16 unit', () => {
    expect(compareCodePoints('a\u{1F600}', 'a\uFFFD')).toBeGreaterThan(0);
    expect('a\u{1F600}' < 'a\uFFFD').toBe(true);
    expect(compareCodePoints('B', 'a')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
  });
});
