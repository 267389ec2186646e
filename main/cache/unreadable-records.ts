import { createHash } from 'node:crypto';
import { prepared } from '../lib/sqlite/statements';
import type { CacheDb } from './open-cache';

/** One record the service sent that CaseDesk could not read, as the cache keeps it. */
export interface UnreadableRow {
  operation: string;
  /** The record as received, JSON text. */
  raw: string;
  reason: string;
  firstSeenMs: number;
  lastSeenMs: number;
  timesSeen: number;
}

export interface UnreadableEntry {
  operation: string;
  raw: unknown;
  reason: string;
}

const WRITES = {
  put: `INSERT INTO unreadable_records (operation, digest, raw, reason, first_seen_ms, last_seen_ms)
       VALUES (@operation, @digest, @raw, @reason, @at, @at)
       ON CONFLICT (operation, digest) DO UPDATE SET reason = excluded.reason,
         last_seen_ms = excluded.last_seen_ms, times_seen = times_seen + 1`,
  list: `SELECT operation, raw, reason, first_seen_ms AS firstSeenMs, last_seen_ms AS lastSeenMs,
         times_seen AS timesSeen FROM unreadable_records ORDER BY last_seen_ms DESC, operation, digest LIMIT ?`,
  count: 'SELECT count(*) FROM unreadable_records',
} as const;

/** Text of a raw record; a value JSON cannot hold (undefined) is kept as null. */
const jsonOf = (raw: unknown): string => JSON.stringify(raw) ?? 'null';

/** The set-aside records of one cache, de-duplicated by (operation, digest of the raw JSON). */
export function createUnreadableRecords(db: CacheDb) {
  return {
    put(entry: UnreadableEntry, nowMs: number): void {
      const raw = jsonOf(entry.raw);
      prepared(db, WRITES.put).run({
        operation: entry.operation,
        digest: createHash('sha256').update(raw).digest('hex'),
        raw,
        reason: entry.reason,
        at: nowMs,
      });
    },
    /** Newest first. */
    list(limit = 10_000): UnreadableRow[] {
      return prepared(db, WRITES.list).all(limit) as UnreadableRow[];
    },
    /** The sync's `onUnreadable`: each record set aside is kept, stamped with the time. */
    recorder(now: () => number = Date.now): (entry: UnreadableEntry) => void {
      return (entry) => this.put(entry, now());
    },
    count(): number {
      return prepared(db, WRITES.count, 'pluck').get() as number;
    },
  };
}

export type UnreadableRecords = ReturnType<typeof createUnreadableRecords>;

/** JSON (one array) or NDJSON (one record a line), the raw record parsed back to JSON. */
export function exportUnreadable(
  rows: readonly UnreadableRow[],
  format: 'json' | 'ndjson',
): string {
  const items = rows.map((row) => ({
    operation: row.operation,
    reason: row.reason,
    first_seen: new Date(row.firstSeenMs).toISOString(),
    last_seen: new Date(row.lastSeenMs).toISOString(),
    times_seen: row.timesSeen,
    record: parseKept(row.raw),
  }));
  return format === 'json'
    ? `${JSON.stringify(items, null, 2)}\n`
    : items.map((item) => `${JSON.stringify(item)}\n`).join('');
}

/** The raw text as JSON; text the cache holds that is not JSON (a damaged row) stays text. */
function parseKept(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}
