import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../../../main/cache/migrations';
import { migration001 } from '../../../main/cache/migrations/001-initial';
import { migration002 } from '../../../main/cache/migrations/002-queue';
import { migration003 } from '../../../main/cache/migrations/003-threads';
import { openCache } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import { createUnreadableRecords } from '../../../main/cache/unreadable-records';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';
import { alert } from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

describe('migration 004', () => {
  it('upgrades a cache of schema 3: its records stay, set-aside records can be kept', () => {
    const temp = makeTempDir();
    try {
      const path = join(temp.path, 'cache.db');
      const old = openCache(path, silentLogger, [migration001, migration002, migration003]).db;
      createCacheWriter(old).putAlerts([alert('A1', 'C1')], NOW);
      old.close();

      const { db } = openCache(path, silentLogger);
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      expect(db.prepare('SELECT id FROM alerts').pluck().all()).toEqual(['A1']);
      const records = createUnreadableRecords(db);
      records.put({ operation: 'alerts.search', raw: { id: '' }, reason: 'id: too small' }, NOW);
      expect(records.list()).toEqual([
        {
          operation: 'alerts.search',
          raw: '{"id":""}',
          reason: 'id: too small',
          firstSeenMs: NOW,
          lastSeenMs: NOW,
          timesSeen: 1,
        },
      ]);
      db.close();
    } finally {
      temp.remove();
    }
  });
});

describe('unreadable records', () => {
  it('lists a record refused on every sync once, per operation, newest first', () => {
    const temp = makeTempDir();
    try {
      const { db } = openCache(join(temp.path, 'cache.db'), silentLogger);
      const records = createUnreadableRecords(db);
      const bad = { id: '', last_revision: { score: 'high' } };
      records.put({ operation: 'alerts.search', raw: bad, reason: 'first' }, NOW);
      records.put({ operation: 'alerts.search', raw: bad, reason: 'again' }, NOW + 1000);
      records.put({ operation: 'threads.search', raw: bad, reason: 'thread' }, NOW + 500);
      records.put({ operation: 'alerts.search', raw: undefined, reason: 'nothing' }, NOW + 2000);
      expect(records.count()).toBe(3);
      expect(
        records.list().map(({ operation, reason, timesSeen, firstSeenMs, raw }) => ({
          operation,
          reason,
          timesSeen,
          firstSeenMs,
          raw,
        })),
      ).toEqual([
        {
          operation: 'alerts.search',
          reason: 'nothing',
          timesSeen: 1,
          firstSeenMs: NOW + 2000,
          raw: 'null',
        },
        {
          operation: 'alerts.search',
          reason: 'again',
          timesSeen: 2,
          firstSeenMs: NOW,
          raw: JSON.stringify(bad),
        },
        {
          operation: 'threads.search',
          reason: 'thread',
          timesSeen: 1,
          firstSeenMs: NOW + 500,
          raw: JSON.stringify(bad),
        },
      ]);
      db.close();
    } finally {
      temp.remove();
    }
  });
});
