import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/lib/logger';
import { openOutbox, SENT_KEPT_MS } from '../../../main/outbox/outbox-store';
import { makeTempDir } from '../../support/temp-dir';

describe('the outbox’s history', () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.remove());

  it('keeps sent changes a month, and unsent ones however old', () => {
    const path = join(temp.path, 'outbox.db');
    let clock = Date.parse('2026-01-01T09:00:00Z');
    const first = openOutbox(path, silentLogger, () => clock);
    const sentLongAgo = first.enqueue({ kind: 'document.delete', id: 'doc-1' });
    const waitingLongAgo = first.enqueue({ kind: 'document.delete', id: 'doc-2' });
    const failedLongAgo = first.enqueue({ kind: 'document.delete', id: 'doc-3' });
    first.markDone(sentLongAgo.id, null);
    first.markFailed(failedLongAgo.id, 'refused');
    clock += SENT_KEPT_MS - 60_000;
    const sentRecently = first.enqueue({ kind: 'document.delete', id: 'doc-4' });
    first.markDone(sentRecently.id, null);
    first.close();

    clock += 120_000;
    const reopened = openOutbox(path, silentLogger, () => clock);
    expect(reopened.list().map((item) => item.id)).toEqual([
      waitingLongAgo.id,
      failedLongAgo.id,
      sentRecently.id,
    ]);
    reopened.close();
  });

  it('opens an outbox from before the body mark, taking its uploads in doubt as possibly sent', () => {
    const path = join(temp.path, 'outbox.db');
    const old = new Database(path);
    old.exec(`
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, kind TEXT NOT NULL,
        payload TEXT NOT NULL, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
        last_error TEXT, result TEXT, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL
      ) STRICT;
    `);
    old.pragma('user_version = 1');
    old
      .prepare(
        "INSERT INTO outbox (id, kind, payload, state, attempts, created_ms, updated_ms) VALUES ('u1', 'document.delete', ?, 'sending', 1, 0, 0)",
      )
      .run(JSON.stringify({ kind: 'document.delete', id: 'doc-1' }));
    old.close();
    const outbox = openOutbox(path, silentLogger);
    expect(outbox.get('u1')).toMatchObject({ state: 'sending', bodyStarted: true });
    const fresh = outbox.enqueue({ kind: 'document.delete', id: 'doc-2' });
    outbox.markSending(fresh.id);
    expect(outbox.get(fresh.id)?.bodyStarted).toBe(false);
    outbox.close();
  });
});
