import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../../../main/cache/migrations';
import { migration001 } from '../../../main/cache/migrations/001-initial';
import { openCache } from '../../../main/cache/open-cache';
import { createCacheWriter } from '../../../main/cache/repositories';
import { silentLogger } from '../../../main/lib/logger';
import { makeTempDir } from '../../support/temp-dir';
import { alert, message, thread } from './review-records';

const NOW = Date.parse('2024-04-01T00:00:00Z');

const threadHits = (db: ReturnType<typeof openCache>['db'], words: string) =>
  (
    db
      .prepare(
        'SELECT t.id FROM threads_fts f JOIN threads t ON t.rowid = f.rowid WHERE threads_fts MATCH ? ORDER BY t.id',
      )
      .pluck()
      .all(words) as string[]
  ).join(',');

describe('migration 002', () => {
  it('upgrades a cache synced by the first schema: agents readable and indexed, threads searchable', () => {
    const temp = makeTempDir();
    try {
      const path = join(temp.path, 'cache.db');
      const old = openCache(path, silentLogger, [migration001]).db;
      const writer = createCacheWriter(old);
      writer.putAlerts(
        [alert('A1', 'C1', { agent_id: 'agent-7' }), alert('A2', 'C1', { agent_id: '' })],
        NOW,
      );
      writer.putThreads(
        [
          thread('T1', {
            contacts: ['anne.martin@mail.example'],
            tags: ['kyc-refresh'],
            last_message: message('M1', { subject: 'Passport renewal' }),
          }),
        ],
        NOW,
      );
      old.close();

      const { db } = openCache(path, silentLogger);
      expect(db.pragma('user_version', { simple: true })).toBe(LATEST_VERSION);
      expect(db.prepare('SELECT id, agent_id FROM alerts ORDER BY id').all()).toEqual([
        { id: 'A1', agent_id: 'agent-7' },
        { id: 'A2', agent_id: '' },
      ]);
      expect(
        (
          db
            .prepare("EXPLAIN QUERY PLAN SELECT rowid FROM alerts WHERE agent_id = 'agent-7'")
            .all() as Array<{ detail: string }>
        )[0]?.detail,
      ).toMatch(/alerts_by_agent/);
      // The threads synced before the upgrade are found by subject, contact and tag.
      expect(threadHits(db, 'passport')).toBe('T1');
      expect(threadHits(db, 'martin')).toBe('T1');
      expect(threadHits(db, '"kyc-refresh"')).toBe('T1');
      db.close();
    } finally {
      temp.remove();
    }
  });

  it('keeps the threads index in step as threads are written, changed and removed', () => {
    const temp = makeTempDir();
    try {
      const { db } = openCache(join(temp.path, 'cache.db'), silentLogger);
      const writer = createCacheWriter(db);
      writer.putThreads([thread('T1', { tags: ['urgent'] }), thread('T2', { tags: [] })], NOW);
      expect(threadHits(db, 'urgent')).toBe('T1');
      writer.putThreads(
        [thread('T1', { tags: ['closed'] }), thread('T2', { contacts: ['urgent@desk.example'] })],
        NOW,
      );
      expect(threadHits(db, 'urgent')).toBe('T2');
      expect(threadHits(db, 'closed')).toBe('T1');
      // A re-sync of the same thread leaves one entry, not two.
      writer.putThreads([thread('T1', { tags: ['closed'] })], NOW);
      expect(threadHits(db, 'closed')).toBe('T1');
      db.prepare("DELETE FROM threads WHERE id = 'T1'").run();
      expect(threadHits(db, 'closed')).toBe('');
      db.close();
    } finally {
      temp.remove();
    }
  });

  it('reads a damaged stored alert as unassigned rather than failing the queries over it', () => {
    const temp = makeTempDir();
    try {
      const { db } = openCache(join(temp.path, 'cache.db'), silentLogger);
      createCacheWriter(db).putAlerts([alert('A1', 'C1', { agent_id: 'agent-7' })], NOW);
      // As a disk error would: past migration 001's revision trigger, which reads the raw value
      // too, but through this migration's column and index.
      db.exec('DROP TRIGGER alerts_keep_previous_revision');
      db.prepare("UPDATE alerts SET raw = '{\"last_revision\": {\"ag' WHERE id = 'A1'").run();
      expect(db.prepare('SELECT agent_id FROM alerts').pluck().all()).toEqual(['']);
      expect(db.prepare("SELECT COUNT(*) FROM alerts WHERE agent_id = ''").pluck().get()).toBe(1);
      db.close();
    } finally {
      temp.remove();
    }
  });
});
