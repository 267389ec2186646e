import { describe, expect, it } from 'vitest';
import { storedState, timestampMs } from '../../../main/cache/records';
import { alert, openTestCache, thread } from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

describe('the cache keeps records the interface allows, odd values as received', () => {
  it('orders by every date form the service may send', () => {
    const at = Date.UTC(2024, 2, 5, 14, 30, 15);
    expect(timestampMs('2024-03-05T14:30:15')).toBe(at);
    expect(timestampMs('1709649015')).toBe(at);
    expect(timestampMs(1709649015000)).toBe(at);
    expect(timestampMs('2024-03-05T16:30:15+02:00')).toBe(at);
    expect(timestampMs('not a date')).toBe(0);
  });

  it('stores alerts with a score of 55.5 or 250 and a state of 99 or text, raw JSON as received', () => {
    const { db, writer } = openTestCache();
    const withRevision = (id: string, fields: Record<string, unknown>) => {
      const base = alert(id, 'C1');
      return { ...base, last_revision: { ...base.last_revision, ...fields } };
    };
    const odd = [
      withRevision('A1', { score: 55.5 }),
      withRevision('A2', { score: 250 }),
      withRevision('A3', { state: 99 }),
      withRevision('A4', { state: 'open' }),
    ];
    writer.putAlerts(odd, NOW);
    const rows = db.prepare('SELECT id, score, state, raw FROM alerts ORDER BY id').all() as Array<{
      id: string;
      score: number;
      state: number;
      raw: string;
    }>;
    expect(rows.map(({ id, score, state }) => ({ id, score, state }))).toEqual([
      { id: 'A1', score: 56, state: 2 },
      { id: 'A2', score: 250, state: 2 },
      { id: 'A3', score: 70, state: 99 },
      { id: 'A4', score: 70, state: 0 },
    ]);
    const revisionOf = (raw: string) =>
      (JSON.parse(raw) as { last_revision: Record<string, unknown> }).last_revision;
    expect(revisionOf(rows[0]!.raw).score).toBe(55.5);
    expect(revisionOf(rows[3]!.raw).state).toBe('open');
  });

  it('stores a thread with a fractional status code and message count', () => {
    const { db, writer } = openTestCache();
    writer.putThreads([{ ...thread('T1'), status: { code: 2.5 }, message_count: 3.5 }], NOW);
    expect(db.prepare('SELECT status, message_count FROM threads').get()).toEqual({
      status: 3,
      message_count: 4,
    });
  });

  it('reads a state for the state column', () => {
    expect([storedState(null), storedState(7), storedState('12'), storedState('x')]).toEqual([
      1, 7, 12, 0,
    ]);
  });
});
