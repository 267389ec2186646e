import { describe, expect, it } from 'vitest';
import { queueVersion, VersionedMemo } from '../../../main/cache/queue-memo';
import { queueWindow } from '../../../main/cache/queue-window';
import { QueueWindowInput } from '../../../preload/contract';
import { alert, cacheCustomer, customer, openTestCache } from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

function keptCustomer(
  writer: ReturnType<typeof openTestCache>['writer'],
  id: string,
  lastName: string,
) {
  const record = customer(id, { last_name: lastName });
  cacheCustomer(writer, record, NOW);
}

// The memos of the queue and the dashboard are kept while queueVersion holds: it must move with
// every change they read, and only then (a full sync rewrites every alert as it was).
describe('the version of what the queue reads', () => {
  it('holds when alerts are written again exactly as they were, and a memo is kept', () => {
    const { db, writer } = openTestCache();
    const alerts = [alert('A1', 'C1', { score: 40 }), alert('A2', 'C1', { score: 90 })];
    writer.putAlerts(alerts, NOW);
    const before = queueVersion(db);
    writer.putAlerts(alerts, NOW);
    expect(queueVersion(db)).toBe(before);

    const memo = new VersionedMemo<number>(1);
    let computed = 0;
    memo.get(db, 'k', () => ++computed);
    writer.putAlerts(alerts, NOW);
    expect(memo.get(db, 'k', () => ++computed)).toBe(1);
  });

  it('moves with a new alert, a changed state or score, and a changed customer name', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts([alert('A1', 'C1', { score: 40 })], NOW);
    const versions = [queueVersion(db)];
    writer.putAlerts([alert('A2', 'C1')], NOW);
    versions.push(queueVersion(db));
    writer.putAlerts([alert('A1', 'C1', { score: 41 })], NOW);
    versions.push(queueVersion(db));
    keptCustomer(writer, 'C1', 'Lovelace');
    versions.push(queueVersion(db));
    keptCustomer(writer, 'C1', 'King');
    versions.push(queueVersion(db));
    expect(new Set(versions).size).toBe(versions.length);
  });

  it('holds when only what the queue does not read of a customer changes', () => {
    const { db, writer } = openTestCache();
    keptCustomer(writer, 'C1', 'Lovelace');
    const before = queueVersion(db);
    db.prepare(
      "UPDATE customers SET detail_raw = '{}', stats_raw = '{}' WHERE external_id = 'C1'",
    ).run();
    expect(queueVersion(db)).toBe(before);
  });

  it('a queue read after a rewrite that changed something is of the new state', () => {
    const { db, writer } = openTestCache();
    writer.putAlerts([alert('A1', 'C1', { score: 40 }), alert('A2', 'C1', { score: 90 })], NOW);
    const query = QueueWindowInput.parse({ sort: { column: 'score', direction: 'desc' } });
    expect(queueWindow(db, query).rows.map((row) => row.id)).toEqual(['A2', 'A1']);
    // The same alerts again, one with a new score: the kept order must not be served.
    writer.putAlerts([alert('A1', 'C1', { score: 95 }), alert('A2', 'C1', { score: 90 })], NOW);
    expect(queueWindow(db, query).rows.map((row) => row.id)).toEqual(['A1', 'A2']);
  });
});
