import type Database from 'better-sqlite3';

/** One numbered step of the cache schema; `up` runs inside a transaction with the version bump. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}
