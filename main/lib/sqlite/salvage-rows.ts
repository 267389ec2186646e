import Database from 'better-sqlite3';

/** One row of a damaged table as it could be read: every column may be missing or wrong. */
export interface SalvagedRow {
  rowid: number;
  columns: Record<string, unknown>;
}

export interface Salvage {
  rows: SalvagedRow[];
  /** Part of the file could not be read: rows in it may be missing. */
  partial: boolean;
}

/** Beyond this many rowids past the last readable row, the probe stops: the file is beyond reading. */
const MAX_PROBES = 200_000;
/** How far to look past the damage when the file no longer says its highest rowid. */
const PROBES_UNBOUNDED = 10_000;
/** Named so that it cannot meet a column of the table. */
const ROWID = 'salvaged_rowid_';

/**
 * Reads every row of `table` it can from a damaged database kept aside, opened read-only
 * (better-sqlite3 has no `.recover`). A full scan in rowid order first; where it breaks on a
 * damaged page, each later rowid is looked up on its own, so rows after the damage are still read.
 * `table` is one of CaseDesk's own table names, never outside input.
 */
export function salvageRows(path: string, table: string): Salvage {
  if (!/^[a-z_]+$/.test(table)) throw new RangeError(`not a table name: ${table}`);
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    return { rows: [], partial: true };
  }
  const rows = new Map<number, SalvagedRow>();
  const take = (read: unknown) => {
    if (typeof read !== 'object' || read === null) return null;
    const { [ROWID]: rowid, ...columns } = read as Record<string, unknown>;
    if (typeof rowid !== 'number') return null;
    rows.set(rowid, { rowid, columns });
    return rowid;
  };
  let partial = false;
  let last = 0;
  try {
    const scan = db.prepare(`SELECT rowid AS ${ROWID}, * FROM ${table} ORDER BY rowid`);
    for (const read of scan.iterate()) last = take(read) ?? last;
  } catch {
    partial = true;
  }
  if (partial) {
    const highest = firstNumber(db, [
      `SELECT seq FROM sqlite_sequence WHERE name = '${table}'`,
      `SELECT max(rowid) FROM ${table}`,
    ]);
    const probe = (() => {
      try {
        return db.prepare(`SELECT rowid AS ${ROWID}, * FROM ${table} WHERE rowid = ?`);
      } catch {
        return null;
      }
    })();
    const end = Math.min(highest ?? last + PROBES_UNBOUNDED, last + MAX_PROBES);
    for (let rowid = last + 1; probe && rowid <= end; rowid += 1) {
      try {
        take(probe.get(rowid));
      } catch {
        // A row on a damaged page: counted in `partial`, the next one may be whole.
      }
    }
  }
  db.close();
  return { rows: [...rows.values()].sort((a, b) => a.rowid - b.rowid), partial };
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

/**
 * Whether a damaged database kept aside says it has `table`: one written before the table existed
 * has nothing to salvage from it, and that is no sign of damage. When the catalogue itself cannot
 * be read, the table is taken to be there (salvageRows then says what it could read).
 */
export function namesTable(path: string, table: string): boolean {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    return (
      db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) !==
      undefined
    );
  } catch {
    return true;
  } finally {
    db?.close();
  }
}
