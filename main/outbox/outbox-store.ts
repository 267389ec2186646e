import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { moveDatabaseAside } from '../lib/move-aside';
import {
  recoveryCommitted,
  setAsideForRecovery,
  type SetAside,
  unfinishedRecovery,
} from '../lib/sqlite/set-aside-for-recovery';
import type { Logger } from '../lib/logger';
import type { KindedPayload, KindList, PayloadOf } from './kinds/kind';
import {
  type BuiltInKinds,
  kindOf,
  OUTBOX_KINDS,
  type OutboxPayload,
  payloadSchemaOf,
} from './kinds/registry';
import { inspectDatabase, migrate, NewerDatabaseError, type Schema } from '../lib/sqlite/migrate';
import { prepared } from '../lib/sqlite/statements';
import { OUTBOX_MIGRATIONS } from './migrations';
import { keepUnclaimedCopies, outboxFilesDir, removeOutboxCopy } from './outbox-files';
import { salvageOutboxRows, type SalvagedRow } from './outbox-recovery';
import { ensurePrivateDatabaseFile, makePrivateFolder } from '../lib/private-files';

export { OutboxPayload } from './kinds/registry';

/** How long sent items stay in the outbox's list. */
export const SENT_KEPT_MS = 30 * 86_400_000;

export type OutboxState = 'queued' | 'sending' | 'failed' | 'done';

/** How every reason of a change read back from a damaged outbox begins. */
export const RECOVERED_PREFIX = 'Recovered from a damaged outbox';
/** Why a change read back from a damaged outbox waits: the investigator sends or discards it. */
export const RECOVERED_REASON = `${RECOVERED_PREFIX}: check, then send or discard.`;
const RECOVERED_IN_DOUBT_REASON = `${RECOVERED_PREFIX}; it was being sent and may already have reached the service: check, then send or discard.`;

/** What came back from an outbox that could not be read (see openOutbox). */
export interface OutboxRecovery {
  /** Where the damaged outbox is kept, with its -wal and -shm. */
  keptAt: string;
  /** What was wrong with it. */
  problem: string;
  /** Changes read back into the new outbox. */
  recovered: number;
  /** Rows read but not understood (a damaged or unknown change): not taken in. */
  unreadable: number;
  /** Part of the file could not be read at all: changes in it may be missing. */
  partial: boolean;
  /** Copies of files to upload that no recovered change claims: kept here, beside the outbox. */
  copiesKeptAt: string | null;
  copiesKept: number;
}

export interface OutboxItem<P extends KindedPayload = OutboxPayload> {
  id: string;
  seq: number;
  payload: P;
  state: OutboxState;
  attempts: number;
  lastError: string | null;
  /** The service's answer once delivered (e.g. the new document). */
  result: unknown;
  /**
   * Bytes of its body (an upload's file) went out in the latest attempt. One whose kind marks them
   * and that was left `sending` without any cannot have reached the service: it goes back in line
   * at once, no look-up, no waiting.
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

/**
 * Writes made offline or that failed, waiting to be sent, in their own file: the cache may be
 * rebuilt, these never are. `kinds` are the kinds of write it takes (tests add their own).
 */
export function openOutbox<K extends KindList = BuiltInKinds>(
  path: string,
  logger: Logger,
  now: () => number = Date.now,
  kinds: K = OUTBOX_KINDS as KindList as K,
) {
  type Item = OutboxItem<PayloadOf<K>>;
  const payloadSchema = payloadSchemaOf(kinds);
  makePrivateFolder(dirname(path));
  // Before SQLite opens it: a newer outbox may hold unsent writes only a newer CaseDesk can read,
  // so it is refused and left exactly as it is, never taken for damaged.
  // A damaged outbox an earlier run moved aside and stopped before its changes were recovered.
  let damaged: SetAside | null = unfinishedRecovery(path, logger);
  const problem = inspectDatabase(path, OUTBOX_SCHEMA);
  if (problem && damaged) {
    // The outbox made in its place holds nothing the copy aside does not: kept, not read again.
    const aside = moveDatabaseAside(path, 'unreadable');
    logger.error(
      `the outbox ${path} could not be read either (${problem}); it was kept at ${aside}`,
    );
  } else if (problem) {
    // Unsent writes may be in there: never delete it; keep it aside and say so loudly.
    damaged = setAsideForRecovery(path, 'unreadable', problem);
    logger.error(
      `the outbox ${path} could not be read (${problem}); it was kept at ${damaged.keptAt}. Unsent changes in it were not sent.`,
    );
  }
  ensurePrivateDatabaseFile(path);
  const db = new Database(path);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    migrate(db, OUTBOX_SCHEMA);
    // A kind added by a newer CaseDesk needs no new schema: its items tell it. Unknown here, they
    // could be neither sent nor shown, so the outbox is refused and kept as it is, like a newer schema.
    const known = new Set<string>(kinds.map((kind) => kind.name));
    const unknown = (
      prepared(db, 'SELECT DISTINCT kind FROM outbox', 'pluck').all() as string[]
    ).filter((kind) => !known.has(kind));
    if (unknown.length > 0) {
      const version = db.pragma('user_version', { simple: true }) as number;
      throw new NewerDatabaseError({
        label: OUTBOX_SCHEMA.label,
        path,
        version,
        latest: version,
        sign: `it holds changes of a kind this CaseDesk does not know: ${unknown.join(', ')}`,
      });
    }
  } catch (error) {
    db.close();
    throw error;
  }
  // What was sent stays listed a while (the investigator sees it arrived), then goes: the list
  // is read whole on every change.
  prepared(db, "DELETE FROM outbox WHERE state = 'done' AND updated_ms < ?").run(
    now() - SENT_KEPT_MS,
  );

  const recovery = damaged ? recoverInto(damaged) : null;
  if (damaged) recoveryCommitted(path);

  /**
   * Every row that can be read from the damaged copy goes into the new outbox, in its order. None
   * is sent on its own: each waits as failed, saying where it came from, and the investigator sends
   * or discards it. What was already sent stays sent.
   */
  function recoverInto(from: SetAside): OutboxRecovery {
    const salvage = salvageOutboxRows(from.keptAt);
    let recovered = 0;
    let unreadable = 0;
    const insert = prepared(
      db,
      'INSERT INTO outbox (id, kind, payload, state, attempts, last_error, result, body_started, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
    );
    const at = now();
    const seen = new Set<unknown>();
    db.transaction(() => {
      for (const row of salvage.rows) {
        const taken = recoveredRow(row, at);
        // Met twice in this copy: a damaged row. Already in the new outbox but not met before:
        // recovered by a run that stopped before it was done.
        if (taken && !seen.has(taken[0])) {
          insert.run(...taken);
          recovered += 1;
        } else unreadable += 1;
        seen.add(taken?.[0]);
      }
    })();
    const claimed = prepared(db, 'SELECT 1 FROM outbox WHERE id = ?', 'pluck');
    const copiesKeptAt = `${from.keptAt}-files`;
    keepUnclaimedCopies(outboxFilesDir(path), copiesKeptAt, (id) => claimed.get(id) !== undefined);
    // Counted where they are: a run that stopped before it was done may have moved some already.
    const copiesKept = existsSync(copiesKeptAt) ? readdirSync(copiesKeptAt).length : 0;
    const report = {
      ...from,
      recovered,
      unreadable,
      partial: salvage.partial,
      copiesKeptAt: copiesKept > 0 ? copiesKeptAt : null,
      copiesKept,
    };
    logger.error(
      `recovered ${recovered} change(s) from the damaged outbox ${from.keptAt}` +
        (unreadable ? `; ${unreadable} row(s) could not be understood` : '') +
        (salvage.partial ? '; part of the file could not be read' : ''),
    );
    return report;
  }
  function recoveredRow(row: SalvagedRow, at: number): unknown[] | null {
    try {
      if (typeof row.id !== 'string' || typeof row.payload !== 'string') return null;
      const payload = payloadSchema.parse(JSON.parse(row.payload));
      const done = row.state === 'done';
      const result = done && typeof row.result === 'string' ? parsedJson(row.result) : null;
      const reason = row.state === 'sending' ? RECOVERED_IN_DOUBT_REASON : RECOVERED_REASON;
      return [
        row.id,
        payload.kind,
        JSON.stringify(payload),
        done ? 'done' : 'failed',
        typeof row.attempts === 'number' ? row.attempts : 0,
        done ? null : reason,
        result,
        row.body_started === 0 ? 0 : 1,
        typeof row.created_ms === 'number' ? row.created_ms : at,
        done && typeof row.updated_ms === 'number' ? row.updated_ms : at,
      ];
    } catch {
      return null;
    }
  }

  const toItem = (row: Row): Item => ({
    id: row.id,
    seq: row.seq,
    payload: payloadSchema.parse(JSON.parse(row.payload)),
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    result: row.result === null ? null : (JSON.parse(row.result) as unknown),
    bodyStarted: row.body_started !== 0,
    createdAt: new Date(row.created_ms).toISOString(),
    updatedAt: new Date(row.updated_ms).toISOString(),
  });
  const byId = prepared(db, 'SELECT * FROM outbox WHERE id = ?');
  const setState = prepared(
    db,
    'UPDATE outbox SET state = ?, last_error = ?, result = COALESCE(?, result), updated_ms = ? WHERE id = ?',
  );

  const get = (id: string): Item | null => {
    const row = byId.get(id) as Row | undefined;
    return row ? toItem(row) : null;
  };
  const filesDir = outboxFilesDir(path);
  /** A delivered or discarded upload's copy is no longer needed; the investigator's original is never touched. */
  const dropCopy = (item: Item | null) => {
    const copy = item ? kindOf(kinds, item.payload).keptCopy?.(item.payload) : null;
    if (copy) removeOutboxCopy(filesDir, copy, logger);
  };

  return {
    db,
    /** The kinds of write it takes. */
    kinds,
    /** Set when the outbox file could not be read and was replaced: what was recovered from it. */
    recovery,
    /** Where copies of files to upload are kept (see outbox-files.ts). */
    filesDir,
    /**
     * Queues a write. Given an id already queued, nothing is added and that item is answered:
     * the same request made twice is one write.
     */
    enqueue(payload: PayloadOf<K>, id: string = randomUUID()): Item {
      const parsed = payloadSchema.parse(payload);
      const at = now();
      prepared(
        db,
        'INSERT INTO outbox (id, kind, payload, state, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
      ).run(id, parsed.kind, JSON.stringify(parsed), 'queued', at, at);
      return toItem(byId.get(id) as Row);
    },
    get,
    list(states?: readonly OutboxState[]): Item[] {
      const rows = (
        states?.length
          ? prepared(
              db,
              `SELECT * FROM outbox WHERE state IN (${states.map(() => '?').join(',')}) ORDER BY seq`,
            ).all(...states)
          : prepared(db, 'SELECT * FROM outbox ORDER BY seq').all()
      ) as Row[];
      return rows.map(toItem);
    },
    /**
     * Marked before anything is sent, and committed: after a crash the item is known to be in
     * doubt. Only a queued item can be; false when it was discarded or taken meanwhile.
     */
    markSending(id: string): boolean {
      return (
        prepared(
          db,
          "UPDATE outbox SET state = 'sending', attempts = attempts + 1, body_started = 0, updated_ms = ? WHERE id = ? AND state = 'queued'",
        ).run(now(), id).changes > 0
      );
    },
    /** The first bytes of the file are going out (committed: it tells a crash apart from a send). */
    markBodyStarted(id: string): void {
      prepared(db, 'UPDATE outbox SET body_started = 1 WHERE id = ? AND body_started = 0').run(id);
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
      prepared(
        db,
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
        prepared(db, "DELETE FROM outbox WHERE id = ? AND (state != 'sending' OR ?)").run(
          id,
          evenInDoubt ? 1 : 0,
        ).changes > 0;
      if (removed) dropCopy(item);
      return removed;
    },
    close(): void {
      db.close();
    },
  };
}

function parsedJson(text: string): string | null {
  try {
    JSON.parse(text);
    return text;
  } catch {
    return null;
  }
}

export type Outbox<K extends KindList = BuiltInKinds> = ReturnType<typeof openOutbox<K>>;
