import Database from 'better-sqlite3';

/** One row of a damaged outbox as it could be read: every column may be missing or wrong. */
export type SalvagedRow = Record<string, unknown> & { seq: number };

export interface Salvage {
  rows: SalvagedRow[];
  /** Part of the file could not be read: rows in it may be missing. */
  partial: boolean;
}

/** Beyond this many ids past the last readable row, the probe stops: the file is beyond reading. */
const MAX_PROBES = 200_000;
/** How far to look past the damage when the file no longer says its highest id. */
const PROBES_UNBOUNDED = 10_000;

/**
 * Reads every row of the `outbox` table it can from a damaged outbox kept aside, opened read-only
 * (better-sqlite3 has no `.recover`). A full scan first; where it breaks on a damaged page, each
 * later `seq` is looked up on its own, so rows after the damage are still read.
 */
export function salvageOutboxRows(path: string): Salvage {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    return { rows: [], partial: true };
  }
  const rows = new Map<number, SalvagedRow>();
  let partial = false;
  let last = 0;
  try {
    for (const row of db.prepare('SELECT * FROM outbox ORDER BY seq').iterate()) {
      const read = row as SalvagedRow;
      rows.set(read.seq, read);
      last = read.seq;
    }
  } catch {
    partial = true;
  }
  if (partial) {
    const highest = firstNumber(db, [
      "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'",
      'SELECT max(seq) FROM outbox',
    ]);
    const probe = (() => {
      try {
        return db.prepare('SELECT * FROM outbox WHERE seq = ?');
      } catch {
        return null;
      }
    })();
    const end = Math.min(highest ?? last + PROBES_UNBOUNDED, last + MAX_PROBES);
    for (let seq = last + 1; probe && seq <= end; seq += 1) {
      try {
        const row = probe.get(seq) as SalvagedRow | undefined;
        if (row) rows.set(row.seq, row);
      } catch {
        // A row on a damaged page: counted in `partial`, the next one may be whole.
      }
    }
  }
  db.close();
  return { rows: [...rows.values()].sort((a, b) => a.seq - b.seq), partial };
}

function firstNumber(db: Database.Database, queries: readonly string[]): number | null {
  for (const sql of queries) {
    try {
      const value = db.prepare(sql).pluck().get();
      if (typeof value === 'number') return value;
    } catch {
      // That part of the file is damaged too: the next way may work.
    }
  }
  return null;
}
