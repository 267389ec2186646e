import { salvageRows, type Salvage as TableSalvage } from '../lib/sqlite/salvage-rows';

/** One row of a damaged outbox as it could be read: every column may be missing or wrong. */
export type SalvagedRow = Record<string, unknown> & { seq: number };

export interface Salvage {
  rows: SalvagedRow[];
  /** Part of the file could not be read: rows in it may be missing. */
  partial: boolean;
}

/**
 * Reads every row of the `outbox` table it can from a damaged outbox kept aside (see salvageRows;
 * `seq` is the table's rowid).
 */
export function salvageOutboxRows(path: string): Salvage {
  const salvage: TableSalvage = salvageRows(path, 'outbox');
  return {
    rows: salvage.rows.map((row) => ({ ...row.columns, seq: row.rowid })),
    partial: salvage.partial,
  };
}
