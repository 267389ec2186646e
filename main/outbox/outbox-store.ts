import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { moveDatabaseAside } from '../files/move-aside';
import {
  migrate,
  NewerDatabaseError,
  refuseNewerDatabase,
  refuseNewerFile,
  type Schema,
} from '../lib/sqlite/migrate';
import type { Logger } from '../log';
import { OUTBOX_MIGRATIONS } from './migrations';
import { outboxFilesDir, removeOutboxCopy } from './outbox-files';

/** Writes made offline or that failed, waiting to be sent, in their own file: the cache may be rebuilt, these never are. */
export const OutboxPayload = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document.upload'),
    customer_external_id: z.string().min(1),
    display_name: z.string(),
    file_name: z.string().min(1),
    tag_codes: z.array(z.string()),
    /** Inline content: a file on disk (read when sent) or an external reference. */
    source: z.discriminatedUnion('type', [
      z.object({
        type: z.literal('file'),
        path: z.string().min(1),
        size: z.number().int().min(0),
        sha256: z.string(),
      }),
      z.object({
        type: z.literal('external'),
        file_url: z.string().min(1),
        file_size: z.number().int().min(0),
      }),
    ]),
  }),
  z.object({
    kind: z.literal('document.update'),
    id: z.string().min(1),
    display_name: z.string().optional(),
    tag_codes: z.array(z.string()).optional(),
    /** The document's display name when the change was made: what the outbox calls it. */
    label: z.string().optional(),
  }),
  z.object({
    kind: z.literal('document.delete'),
    id: z.string().min(1),
    label: z.string().optional(),
  }),
  z.object({
    kind: z.literal('customers.save'),
    customers: z.array(z.record(z.string(), z.unknown())),
    relations: z.array(z.record(z.string(), z.unknown())),
  }),
]);
export type OutboxPayload = z.infer<typeof OutboxPayload>;

/** How long sent items stay in the outbox's list. */
export const SENT_KEPT_MS = 30 * 86_400_000;

export type OutboxState = 'queued' | 'sending' | 'failed' | 'done';

export interface OutboxItem {
  id: string;
  seq: number;
  payload: OutboxPayload;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  /** The service's answer once delivered (e.g. the new document). */
  result: unknown;
  /**
   * Bytes of the file went out in the latest attempt. An upload left `sending` without any cannot
   * have reached the service: it goes back in line at once, no look-up, no waiting.
   */
  bodyStarted: boolean;
  createdAt: string;
  updatedAt: string;
}

const OUTBOX_SCHEMA: Schema = { migrations: OUTBOX_MIGRATIONS, label: 'The outbox' };

interface Row {
  seq: number;
  id: string;
  payload: string;
  state: OutboxState;
  attempts: number;
  last_error: string | null;
  result: string | null;
  body_started: number;
  created_ms: number;
  updated_ms: number;
}

export function openOutbox(path: string, logger: Logger, now: () => number = Date.now) {
  mkdirSync(dirname(path), { recursive: true });
  // Before SQLite opens it: a newer outbox may hold unsent writes only a newer CaseDesk can read,
  // so it is refused and left exactly as it is, never taken for damaged.
  refuseNewerFile(path, OUTBOX_SCHEMA);
  let opened: Database.Database | null = null;
  let db: Database.Database;
  try {
    opened = new Database(path);
    refuseNewerDatabase(opened, OUTBOX_SCHEMA);
    if ((opened.pragma('quick_check', { simple: true }) as string) !== 'ok')
      throw new Error('integrity check failed');
    db = opened;
  } catch (error) {
    opened?.close();
    if (error instanceof NewerDatabaseError) throw error;
    // Unsent writes may be in there: never delete it; keep it aside and say so loudly.
    const aside = moveDatabaseAside(path, 'unreadable');
    logger.error(
      `the outbox ${path} could not be read (${(error as Error).message}); it was kept at ${aside}. Unsent changes in it were not sent.`,
    );
    db = new Database(path);
  }
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    migrate(db, OUTBOX_SCHEMA);
  } catch (error) {
    db.close();
    throw error;
  }
  // What was sent stays listed a while (the investigator sees it arrived), then goes: the list
  // is read whole on every change.
  db.prepare("DELETE FROM outbox WHERE state = 'done' AND updated_ms < ?").run(
    now() - SENT_KEPT_MS,
  );

  const toItem = (row: Row): OutboxItem => ({
    id: row.id,
    seq: row.seq,
    payload: OutboxPayload.parse(JSON.parse(row.payload)),
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    bodyStarted: row.body_started !== 0,
    createdAt: new Date(row.created_ms).toISOString(),
    updatedAt: new Date(row.updated_ms).toISOString(),
  });
  const byId = db.prepare('SELECT * FROM outbox WHERE id = ?');
  const setState = db.prepare(
    'UPDATE outbox SET state = ?, last_error = ?, result = COALESCE(?, result), updated_ms = ? WHERE id = ?',
  );

  const get = (id: string): OutboxItem | null => {
    const row = byId.get(id) as Row | undefined;
    return row ? toItem(row) : null;
  };
  const filesDir = outboxFilesDir(path);
  /** A delivered or discarded upload's copy is no longer needed; the investigator's original is never touched. */
  const dropCopy = (item: OutboxItem | null) => {
    if (item?.payload.kind === 'document.upload' && item.payload.source.type === 'file')
      removeOutboxCopy(filesDir, item.payload.source.path, logger);
  };

  return {
    db,
    /** Where copies of files to upload are kept (see outbox-files.ts). */
    filesDir,
    /**
     * Queues a write. Given an id already queued, nothing is added and that item is answered:
     * the same request made twice is one write.
     */
    enqueue(payload: OutboxPayload, id: string = randomUUID()): OutboxItem {
      const parsed = OutboxPayload.parse(payload);
      const at = now();
      db.prepare(
        'INSERT INTO outbox (id, kind, payload, state, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
      ).run(id, parsed.kind, JSON.stringify(parsed), 'queued', at, at);
      return toItem(byId.get(id) as Row);
    },
    get,
    list(states?: readonly OutboxState[]): OutboxItem[] {
      const rows = (
        states?.length
          ? db
              .prepare(
                `SELECT * FROM outbox WHERE state IN (${states.map(() => '?').join(',')}) ORDER BY seq`,
              )
              .all(...states)
          : db.prepare('SELECT * FROM outbox ORDER BY seq').all()
      ) as Row[];
      return rows.map(toItem);
    },
    /**
     * Marked before anything is sent, and committed: after a crash the item is known to be in
     * doubt. Only a queued item can be; false when it was discarded or taken meanwhile.
     */
    markSending(id: string): boolean {
      return (
        db
          .prepare(
            "UPDATE outbox SET state = 'sending', attempts = attempts + 1, body_started = 0, updated_ms = ? WHERE id = ? AND state = 'queued'",
          )
          .run(now(), id).changes > 0
      );
    },
    /** The first bytes of the file are going out (committed: it tells a crash apart from a send). */
    markBodyStarted(id: string): void {
      db.prepare('UPDATE outbox SET body_started = 1 WHERE id = ? AND body_started = 0').run(id);
    },
    markDone(id: string, result: unknown): void {
      setState.run('done', null, JSON.stringify(result ?? null), now(), id);
      dropCopy(get(id));
    },
    markFailed(id: string, reason: string): void {
      setState.run('failed', reason, null, now(), id);
    },
    /** Back in line, as it was (transient failures, or the user asking to retry). */
    requeue(id: string, reason: string | null = null): void {
      setState.run('queued', reason, null, now(), id);
    },
    /** Still `sending`, but not going out now: the reason it is in doubt, for the investigator. */
    noteInDoubt(id: string, reason: string): void {
      db.prepare(
        "UPDATE outbox SET last_error = ?, updated_ms = ? WHERE id = ? AND state = 'sending'",
      ).run(reason, now(), id);
    },
    /**
     * Removes a write. One marked `sending` only when the caller knows it is not going out now (in
     * doubt after a lost answer or a crash): the investigator accepts it may have been applied.
     */
    discard(id: string, evenInDoubt = false): boolean {
      const item = get(id);
      const removed =
        db
          .prepare("DELETE FROM outbox WHERE id = ? AND (state != 'sending' OR ?)")
          .run(id, evenInDoubt ? 1 : 0).changes > 0;
      if (removed) dropCopy(item);
      return removed;
    },
    close(): void {
      db.close();
    },
  };
}

export type Outbox = ReturnType<typeof openOutbox>;
